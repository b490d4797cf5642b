import AnimatorTestSupport
import Testing

@testable import Animator

/// A gesture file may hold 100,000 samples: playing one must cost work in proportion to its
/// samples, and a dense gesture must move things as the same motion sampled sparsely does.
@MainActor
@Suite("Gesture cost", .resetEngineAfterEachTest)
struct GestureCostTests {
  /// A window of 400 × 400 points whose root view carries `recognizer`.
  func makeWindow(with recognizer: GestureRecognizer) -> Window {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 400, height: 400)
    let window = Window()
    let view = View(frame: Rect(x: 0, y: 0, width: 400, height: 400))
    window.addSubview(view)
    view.addGestureRecognizer(recognizer)
    return window
  }

  /// One finger moving right at a constant 300 pt/s from (10, 200) for 1 s, in `count` samples.
  func steadyDrag(samples count: Int) throws -> TouchScript {
    let samples = (0..<count).map { i -> TouchSample in
      let t = Double(i) / Double(count - 1)
      let phase: TouchSample.Phase = i == 0 ? .began : i == count - 1 ? .ended : .moved
      return TouchSample(time: t, locations: [Point(x: 10 + 300 * t, y: 200)], phase: phase)
    }
    return try TouchScript(samples: samples)
  }

  /// The id the clock gives the next timer (ids count the timers made, in order).
  func nextTimerID() -> Int {
    let id = AnimationEngine.current.schedule(at: 1e9) {}
    AnimationEngine.current.cancelTimer(id)
    return id
  }

  @Test(
    "gesture-holds-one-timer: a playing gesture has one sample on the clock at a time, whatever its length (finding the next event is linear in the timers pending, so n samples up front cost n² steps)"
  )
  func oneTimerAtATime() throws {
    let pan = PanGestureRecognizer()
    var states: [GestureRecognizer.State] = []
    pan.addTarget { states.append($0.state) }
    let window = makeWindow(with: pan)
    defer { withExtendedLifetime(window) {} }
    let player = TouchPlayer(script: try steadyDrag(samples: 10_000), window: window)
    let before = nextTimerID()
    player.start()
    #expect(nextTimerID() - before == 2, "timers made by start(), plus the probe")
    AnimationEngine.current.advance(to: 0.5)
    let midway = nextTimerID()
    AnimationEngine.current.advance(to: 0.6)
    // Each sample delivered puts the next one on the clock: one timer per sample.
    let delivered = Int((0.6 * 9_999).rounded(.down)) - Int((0.5 * 9_999).rounded(.down))
    #expect(nextTimerID() - midway == delivered + 1)
    AnimationEngine.current.advance(to: 2)
    #expect(states.count == 10_000)
    #expect(states.first == .began && states.last == .ended)
    #expect(states.dropFirst().dropLast().allSatisfy { $0 == .changed })
  }

  @Test(
    "dense-gesture-same-motion: 100,001 samples of a steady drag give the translation, velocity and finger position of the same drag in 21 samples"
  )
  func denseMatchesSparse() throws {
    // Between the sparse samples (every 0.05 s), never on one.
    let times = (1...9).map { Double($0) / 10 + 0.02 }
    func play(_ script: TouchScript) -> [(translation: Point, velocity: Point, finger: [Point])] {
      let pan = PanGestureRecognizer()
      let window = makeWindow(with: pan)
      let player = TouchPlayer(script: script, window: window)
      player.start()
      return withExtendedLifetime(window) {
        times.map { t in
          AnimationEngine.current.advance(to: t)
          return (pan.translation(in: nil), pan.velocity(in: nil), player.currentTouches)
        }
      }
    }
    let sparse = play(try steadyDrag(samples: 21))
    let dense = play(try steadyDrag(samples: 100_001))
    for (t, (s, d)) in zip(times, zip(sparse, dense)) {
      // The recognizer sees the last sample delivered; the finger is interpolated at t.
      let expectedFinger = 10 + 300 * t
      #expect(abs(d.finger[0].x - expectedFinger) < 1e-9 && abs(s.finger[0].x - expectedFinger) < 1e-9, "t = \(t)")
      #expect(abs(d.velocity.x - 300) < 1e-6 && abs(s.velocity.x - 300) < 1e-6, "t = \(t)")
      // Sparse samples lag up to 0.05 s behind t, dense ones at most 10 µs.
      let sparseSample = (t * 20).rounded(.down) / 20
      #expect(abs(s.translation.x - 300 * sparseSample) < 1e-9, "t = \(t)")
      #expect(abs(d.translation.x - 300 * t) < 300 * 1e-5 + 1e-9, "t = \(t)")
    }
  }

  @Test(
    "velocity-window: a pan's velocity runs from the first sample at most 1/10 s before the last (the first of samples sharing a time) to the last"
  )
  func velocityWindow() throws {
    let path: [(Double, Double)] = [(0, 0), (0.45, 10), (0.5, 20), (0.5, 30), (0.6, 60)]
    let samples = path.enumerated().map { i, p in
      TouchSample(
        time: p.0, locations: [Point(x: 100 + p.1, y: 200)],
        phase: i == 0 ? .began : i == path.count - 1 ? .ended : .moved)
    }
    let pan = PanGestureRecognizer()
    var velocities: [Double] = []
    pan.addTarget { velocities.append(($0 as! PanGestureRecognizer).velocity(in: nil).x) }
    let window = makeWindow(with: pan)
    defer { withExtendedLifetime(window) {} }
    TouchPlayer(script: try TouchScript(samples: samples), window: window).start()
    AnimationEngine.current.advance(to: 1)
    // At 0.6 s the window starts at 0.5 s, at the first sample there (x = 20): 40 pt in 0.1 s.
    // At 0.5 s it starts at 0.45 s (x = 10); at 0.45 s it holds that sample alone.
    try #require(velocities.count == 5)
    #expect(abs(velocities[4] - 400) < 1e-9)
    #expect(abs(velocities[2] - 200) < 1e-9 && abs(velocities[3] - 400) < 1e-9)
    #expect(velocities[0] == 0 && velocities[1] == 0)
  }

  @Test(
    "touch-interpolation: between samples the finger is interpolated linearly; at a time several samples share, it is at the first of them"
  )
  func fingerBetweenSamples() throws {
    let path: [(Double, Double)] = [(0, 0), (0.45, 10), (0.5, 20), (0.5, 30), (0.6, 60)]
    let script = try TouchScript(
      samples: path.enumerated().map { i, p in
        TouchSample(
          time: p.0, locations: [Point(x: p.1, y: 0)], phase: i == 0 ? .began : i == path.count - 1 ? .ended : .moved)
      })
    let expected: [(Double, Double?)] = [
      (-0.1, nil), (0, 0), (0.225, 5), (0.45, 10), (0.475, 15), (0.5, 20), (0.55, 45), (0.6, 60), (0.7, nil),
    ]
    for (t, x) in expected {
      let at = script.locations(at: t)
      #expect(at?.count == (x == nil ? nil : 1), "t = \(t)")
      if let x, let at { #expect(abs(at[0].x - x) < 1e-9, "t = \(t)") }
    }
  }
}
