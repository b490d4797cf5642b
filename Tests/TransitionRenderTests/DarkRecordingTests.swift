import Testing
import TransitionRender

/// A screen in the system colours: systemBackground, a secondarySystemBackground card, a
/// systemBlue dot and a translucent separator band.
final class SystemColorsViewController: ViewController {
  override func viewDidLoad() {
    super.viewDidLoad()
    view.backgroundColor = .systemBackground
    for (frame, color) in [
      (Rect(x: 10, y: 10, width: 80, height: 60), Color.secondarySystemBackground),
      (Rect(x: 10, y: 90, width: 30, height: 30), .systemBlue),
      (Rect(x: 50, y: 90, width: 40, height: 30), .separator),
    ] {
      let v = View(frame: frame)
      v.backgroundColor = color
      view.addSubview(v)
    }
  }
}

/// Recordings in the dark appearance, read back as pixels (docs/colors.md). The expected
/// levels are the table's (docs/colors.md#the-values), written here; a translucent colour's
/// is its blend over the background, worked out by hand.
@MainActor
@Suite("Recording in the dark appearance")
struct DarkRecordingTests {
  /// Whether `p` is within one level of `rgb` in each channel.
  func near(_ p: RGBA8, _ rgb: (Int, Int, Int)) -> Bool {
    abs(Int(p.r) - rgb.0) <= 1 && abs(Int(p.g) - rgb.1) <= 1 && abs(Int(p.b) - rgb.2) <= 1
  }

  /// The first frame of a push from the system-colour screen, recorded in `appearance`.
  func firstFrame(_ appearance: UserInterfaceStyle) throws -> RenderedFrame {
    let transitions = NavigationTransitions(animator: SlideAnimator(duration: 0.2))
    let nav = NavigationController(rootViewController: SystemColorsViewController())
    nav.delegate = transitions
    let recorder = try Recorder(root: nav, size: screen, scale: 1, fps: 10, appearance: appearance)
    let frames = try recorder.record { nav.pushViewController(ColorViewController("next", red), animated: true) }
      .renderedFrames()
    #expect(near(pixel(frames[frames.count - 1], 50, 80), (255, 0, 0)))
    return frames[0]
  }

  @Test(
    "the-recording-appearance: a recording in the dark appearance shows the dark values (systemBackground 0,0,0, secondarySystemBackground 28,28,30, systemBlue 10,132,255, separator 84,84,88 at 0.6 over black); in light the light ones"
  )
  func darkPixels() throws {
    let dark = try firstFrame(.dark)
    #expect(near(pixel(dark, 5, 5), (0, 0, 0)))
    #expect(near(pixel(dark, 50, 40), (28, 28, 30)))
    #expect(near(pixel(dark, 20, 100), (10, 132, 255)))
    // 0.6 × (84, 84, 88) over black.
    #expect(near(pixel(dark, 70, 100), (50, 50, 53)))
    let light = try firstFrame(.light)
    #expect(near(pixel(light, 5, 5), (255, 255, 255)))
    #expect(near(pixel(light, 50, 40), (242, 242, 247)))
    #expect(near(pixel(light, 20, 100), (0, 122, 255)))
    // 0.29 × (60, 60, 67) + 0.71 × 255.
    #expect(near(pixel(light, 70, 100), (198, 198, 200)))
  }

  @Test(
    "the-recording-appearance: each recording shows its own recorder's appearance, though another recorder made since set the screen's, and setting appearance after init counts"
  )
  func eachRecorderItsOwn() throws {
    let transitions = NavigationTransitions(animator: SlideAnimator(duration: 0.2))
    let nav = NavigationController(rootViewController: SystemColorsViewController())
    nav.delegate = transitions
    let recorder = try Recorder(root: nav, size: screen, scale: 1, fps: 10)
    recorder.appearance = .dark
    _ = try Recorder(root: ColorViewController("other", blue), size: screen, scale: 1, fps: 10, appearance: .light)
    let frames = try recorder.record { nav.pushViewController(ColorViewController("next", red), animated: true) }
      .renderedFrames()
    #expect(near(pixel(frames[0], 5, 5), (0, 0, 0)))
  }
}
