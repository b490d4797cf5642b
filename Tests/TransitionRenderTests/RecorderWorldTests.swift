import Testing
import TransitionRender

/// What user code sees of the screen at one moment.
@MainActor
struct ScreenSeen: Equatable {
  let size: Size
  let scale: Double
  let style: UserInterfaceStyle

  init(size: Size, scale: Double, style: UserInterfaceStyle) {
    self.size = size
    self.scale = scale
    self.style = style
  }

  /// `Screen.main` now.
  init() {
    self.init(
      size: Screen.main.bounds.size, scale: Screen.main.scale, style: Screen.main.traitCollection.userInterfaceStyle)
  }
}

@MainActor
@Suite("A recorder owns its world: its clock and its screen")
struct RecorderWorldTests {
  @Test(
    "recorder-owns-its-world: two recorders made and set up one after the other, then recorded in either order, each give the frames they give alone"
  )
  func interleaved() throws {
    let badgeAlone = try WorldScenario.fadingBadge().record()
    let sheetAlone = try WorldScenario.topDownSheet().record()

    let badge = try WorldScenario.fadingBadge()
    let sheet = try WorldScenario.topDownSheet()
    #expect(try badge.record() == badgeAlone, "the first made, recorded first")
    #expect(try sheet.record() == sheetAlone, "the second made, recorded second")

    let badgeFirstMade = try WorldScenario.fadingBadge()
    let sheetLastMade = try WorldScenario.topDownSheet()
    #expect(try sheetLastMade.record() == sheetAlone, "the second made, recorded first")
    #expect(try badgeFirstMade.record() == badgeAlone, "the first made, recorded second")
  }

  @Test(
    "recorder-owns-its-world: an animation started in viewDidLoad stays on its recorder's clock when another recorder is made, or the ambient engine is reset, before it records: the badge is still fading at 0.3 s"
  )
  func pendingWorkSurvives() throws {
    let alone = try WorldScenario.fadingBadge().record()
    let badge = try WorldScenario.fadingBadge()
    let other = try WorldScenario.cube()
    AnimationEngine.reset()
    let recording = try badge.recorder.record(badge.action)
    withExtendedLifetime(other) {}
    #expect(try recording.frameHashes(threads: 1) == alone)
    // 0.3 s of a linear 1.2 s fade: alpha 0.75, blue over red.
    let badgePixel = try recording.renderedFrames(threads: 1)[3].image[20, 20]
    #expect(abs(Int(badgePixel.b) - 191) <= 2 && abs(Int(badgePixel.r) - 64) <= 2, "\(badgePixel)")
  }

  @Test(
    "recorder-owns-its-world: Screen.main in the user's code during record (the action and a completion) is the recording's size, scale and appearance, whatever recorder was made since; afterwards the world current before record is current again"
  )
  func screenDuringRecord() throws {
    let nav = NavigationController(rootViewController: ColorViewController("a", red))
    let first = try Recorder(root: nav, size: Size(width: 30, height: 50), scale: 1, fps: 10, appearance: .dark)
    let other = try Recorder(root: ColorViewController("b", blue), size: Size(width: 70, height: 20), scale: 3)
    let otherScreen = ScreenSeen(size: Size(width: 70, height: 20), scale: 3, style: .light)
    #expect(ScreenSeen() == otherScreen, "the recorder made last is current")

    var seen: [ScreenSeen] = []
    _ = try first.record {
      seen.append(ScreenSeen())
      View.animate(
        withDuration: 0.2, animations: { nav.view.alpha = 0.5 }, completion: { _ in seen.append(ScreenSeen()) })
    }
    let firstScreen = ScreenSeen(size: Size(width: 30, height: 50), scale: 1, style: .dark)
    #expect(seen == [firstScreen, firstScreen])
    #expect(ScreenSeen() == otherScreen, "the world current before record is current again")
    withExtendedLifetime(other) {}
  }

  @Test(
    "recorder-owns-its-world: a recording that throws gives the world that was current back: the recorder made after it still records its own frames"
  )
  func restoredOnThrow() throws {
    let sheetAlone = try WorldScenario.topDownSheet().record()
    let nav = NavigationController(rootViewController: ColorViewController("a", red))
    let failing = try Recorder(root: nav, size: Size(width: 30, height: 50), scale: 1, fps: 10)
    let sheet = try WorldScenario.topDownSheet()
    #expect(throws: RenderError.self) {
      try failing.record { nav.pushViewController(ColorViewController("b", blue), animated: false) }
    }
    #expect(ScreenSeen() == ScreenSeen(size: Size(width: 40, height: 70), scale: 2, style: .dark))
    #expect(try sheet.record() == sheetAlone)
  }

  @Test(
    "recorder-owns-its-world: when a recorder goes, what was pending on its clock goes with it: a view held only by its unfinished animation's completion is released"
  )
  func pendingWorkReleased() throws {
    weak var badge: View?
    try {
      let home = ColorViewController("home", red)
      let recorder = try Recorder(root: home, size: screen, scale: 1)
      let view = View(frame: Rect(x: 10, y: 10, width: 20, height: 20))
      home.view.addSubview(view)
      View.animate(withDuration: 1, animations: { view.alpha = 0 }, completion: { _ in view.alpha = 1 })
      badge = view
      withExtendedLifetime(recorder) {}
    }()
    #expect(badge == nil)
  }

  @Test(
    "recorder-owns-its-world: recorders nest: a recorder made, set up and recorded inside another's action gives its frames alone, and the outer recording gives its own"
  )
  func nested() throws {
    let badgeAlone = try WorldScenario.fadingBadge().record()
    let cubeAlone = try WorldScenario.cube().record()
    let badge = try WorldScenario.fadingBadge()
    var inner: [String] = []
    let outer = try badge.recorder.record {
      badge.action()
      inner = (try? WorldScenario.cube().record()) ?? []
    }
    #expect(inner == cubeAlone)
    #expect(try outer.frameHashes(threads: 1) == badgeAlone)
  }
}
