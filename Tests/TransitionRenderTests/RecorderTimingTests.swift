import Testing
import TransitionRender

/// The recorder's clock: slow motion, a transition's length, pauses, completion times and
/// motion curves of the user's own animators.
@MainActor
@Suite("Recording time: speed, transition duration, waits, motion")
struct RecorderTimingTests {
  /// A push of the user's 0.5 s linear slide, recorded with `configure` applied.
  func slidePush(fps: Double = 20, _ configure: (Recorder) -> Void = { _ in }) throws -> Recording {
    let transitions = NavigationTransitions(animator: SlideAnimator(duration: 0.5))
    let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
    nav.delegate = transitions
    // Only the screens move: the navigation bar's items would move in x too.
    nav.isNavigationBarHidden = true
    let recorder = try Recorder(root: nav, size: screen, scale: 1, fps: fps)
    configure(recorder)
    return try recorder.record { nav.pushViewController(ColorViewController("message", blue), animated: true) }
  }

  @Test(
    "frame-sampling: speed 0.25 records the same motion with four times the frames: frame 4k is frame k of the recording at speed 1, the transition completes at 4 × 0.5 s"
  )
  func slowMotion() throws {
    let normal = try slidePush()
    let slow = try slidePush { $0.speed = 0.25 }
    #expect(normal.frames.count == 11)
    #expect(slow.frames.count == 41)
    let (a, b) = (try normal.frameHashes(), try slow.frameHashes())
    for k in 0..<normal.frames.count { #expect(b[4 * k] == a[k], "frame \(4 * k) of the slowed recording") }
    #expect(b[1] != a[0] && b[1] != a[1], "frame 1 shows a moment between the speed-1 frames 0 and 1")
    #expect(slow.completions == [2.0] && normal.completions == [0.5])
    #expect(slow.speed == 0.25 && slow.frames[4].time == 0.2)
  }

  @Test(
    "frame-sampling: a scripted gesture slows with the clock: at speed 0.5 frame 2k of an edge-swipe pop, finger included, is frame k at speed 1"
  )
  func slowGesture() throws {
    func swipe(speed: Double) throws -> [String] {
      let transitions = NavigationTransitions(animator: SlideAnimator(duration: 0.5))
      let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
      nav.delegate = transitions
      let recorder = try Recorder(root: nav, size: screen, scale: 1, fps: 20)
      recorder.speed = speed
      nav.pushViewController(SwipeBackViewController(transitions: transitions), animated: false)
      return try recorder.record(gesture: .drag(from: Point(x: 5, y: 80), to: Point(x: 85, y: 80), duration: 0.4))
        .frameHashes()
    }
    let (normal, slow) = (try swipe(speed: 1), try swipe(speed: 0.5))
    // Each ends on the first frame at or after the moment everything settled, so the slowed
    // recording stops one frame short of 2(n − 1) when that moment falls in the first half of
    // the last speed-1 frame interval.
    #expect(
      [2 * normal.count - 2, 2 * normal.count - 1].contains(slow.count), "\(slow.count) frames for \(normal.count)")
    for k in normal.indices where 2 * k < slow.count { #expect(slow[2 * k] == normal[k], "frame \(2 * k)") }
    #expect(slow.last == normal.last, "both end on the end state")
  }

  @Test(
    "transition-duration: a user's 0.5 s animator recorded with transitionDuration 1 plays its own animation stretched to 1 s: 21 frames at 20 fps, frame 2k is frame k of its own length; 0.25 compresses it to 6 frames"
  )
  func transitionDuration() throws {
    let own = try slidePush().frameHashes()
    let long = try slidePush { $0.transitionDuration = 1 }
    let short = try slidePush { $0.transitionDuration = 0.25 }
    #expect(long.frames.count == 21 && short.frames.count == 6)
    let stretched = try long.frameHashes(), compressed = try short.frameHashes()
    for k in own.indices { #expect(stretched[2 * k] == own[k], "frame \(2 * k) of the 1 s recording") }
    for k in compressed.indices { #expect(compressed[k] == own[2 * k], "frame \(k) of the 0.25 s recording") }
    #expect(long.completions == [1.0] && short.completions == [0.25])
  }

  @Test("Out-of-range speeds and transition durations are one-line errors naming the range")
  func badTiming() throws {
    for speed in [0, -1, 1.5, .nan] {
      #expect(throws: RenderError.self) { try slidePush { $0.speed = speed } }
    }
    #expect(throws: RenderError("duration 0 is out of range: a transition lasts 0.05 to 10 seconds", usage: true)) {
      try slidePush { $0.transitionDuration = 0 }
    }
  }

  @Test(
    "A wait holds the end state: push, wait 0.5 s, pop at 20 fps gives the push's 11 frames, 10 frames more of its end state, then the pop; each completion's time is recorded"
  )
  func waitBetweenActions() throws {
    let transitions = NavigationTransitions(animator: SlideAnimator(duration: 0.5))
    let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
    nav.delegate = transitions
    let recording = try Recorder(root: nav, size: screen, scale: 1, fps: 20).record([
      .perform { nav.pushViewController(ColorViewController("message", blue), animated: true) },
      .wait(0.5),
      .perform { _ = nav.popViewController(animated: true) },
    ])
    let hashes = try recording.frameHashes()
    #expect(hashes.count == 11 + 10 + 10)
    #expect(Set(hashes[10...20]).count == 1, "frames 10 to 20 are the end state of the push")
    #expect(hashes[21] != hashes[20])
    #expect(hashes.last == hashes.first)
    #expect(recording.completions == [0.5, 1.5])
  }

  @Test(
    "Motion curves follow the views themselves: the pushed screen's x runs linearly from the screen's width to its centre, sampled between frames and at every frame time, and ends at the completion"
  )
  func motionOfUserViews() throws {
    let recording = try slidePush { $0.samplesMotion = true }
    let motion = try #require(recording.motion)
    #expect(motion.frameTimes == recording.frames.map(\.time))
    #expect(motion.completions == [0.5])
    let x = try #require(motion.series.first { $0.property == .x })
    #expect(motion.series.filter { $0.property == .x }.count == 1, "only the moving screen moves in x")
    #expect(x.times.count > 250, "600 samples a second over 0.5 s, not only the 11 frames")
    #expect(x.times.allSatisfy { $0 < 0.5 })
    for (t, v) in zip(x.times, x.values) { #expect(abs(v - (150 - 100 * t / 0.5)) < 1e-9, "x at \(t)") }
  }
}
