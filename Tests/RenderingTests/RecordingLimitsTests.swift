import Animator
import Foundation
import Rendering
import Testing

/// docs/encoders.md#recording-limits: each range has one owner and one message, whoever asks.
@MainActor
@Suite("Recording limits")
struct RecordingLimitsTests: CLISuite {
  /// A value outside each range and its refusal, written out by hand.
  static let refusals: [(option: String, value: String, message: String)] = [
    ("--fps", "121", "fps 121 is out of range: frames per second must be 1 to 120"),
    ("--fps", "0.5", "fps 0.5 is out of range: frames per second must be 1 to 120"),
    ("--scale", "0", "scale 0 is out of range: pixels per point must be more than 0 and at most 3"),
    ("--scale", "3.5", "scale 3.5 is out of range: pixels per point must be more than 0 and at most 3"),
    (
      "--speed", "1.5",
      "speed 1.5 is out of range: the clock's speed must be more than 0 and at most 1 (0.25 is four times slower)"
    ),
    ("--duration", "0.04", "duration 0.04 is out of range: a transition lasts 0.05 to 10 seconds"),
    ("--hold", "61", "hold 61 is out of range: an end state is held 0 to 60 seconds"),
    ("--size", "4097x10", "size 4097x10 is out of range: each side must be 1 to 4096 points"),
  ]

  /// A recipe of `fade` with `option` set to `value`.
  static func recipe(_ option: String, _ value: String) -> RenderRecipe {
    var recipe = RenderRecipe(effect: "fade")
    let number = Double(value) ?? .nan
    switch option {
    case "--fps": recipe.fps = number
    case "--scale": recipe.scale = number
    case "--speed": recipe.speed = number
    case "--duration": recipe.duration = number
    case "--hold": recipe.hold = number
    case "--size":
      let sides = value.split(separator: "x").compactMap { Double($0) }
      recipe.size = Size(width: sides[0], height: sides[1])
    default: Issue.record("no recipe field for \(option)")
    }
    return recipe
  }

  @Test(
    "recording-limits: the command line and a recipe (what a manifest holds) refuse a value outside each range with the same one message, as a usage error"
  )
  func oneMessage() throws {
    for (option, value, message) in Self.refusals {
      let cli = run(["fade", "--hash", option, value])
      #expect(cli.status == 64 && cli.err.hasPrefix("Error: \(message)\n"), "\(option) \(value): \(cli.err)")
      let error = #expect(throws: RenderError.self) { try Self.recipe(option, value).settings() }
      #expect(error?.description == message && error?.isUsageError == true, "\(option) \(value)")
    }
  }

  @Test(
    "recording-limits: the Recorder refuses the same ranges with the same messages: size, scale and fps when made, speed and transition duration when recording"
  )
  func recorder() throws {
    let made: [(Size, Double, Double, String)] = [
      (Size(width: 4097, height: 10), 1, 30, "size 4097x10 is out of range: each side must be 1 to 4096 points"),
      (Size(width: 100, height: 100), 3.5, 30, Self.refusals[3].message),
      (Size(width: 100, height: 100), 1, 121, Self.refusals[0].message),
    ]
    for (size, scale, fps, message) in made {
      let error = #expect(throws: RenderError.self) {
        try Recorder(root: ViewController(), size: size, scale: scale, fps: fps)
      }
      #expect(error?.description == message)
    }
    let nav = NavigationController(rootViewController: ViewController())
    let recorder = try Recorder(root: nav, size: Size(width: 100, height: 100), scale: 1, fps: 10)
    recorder.speed = 1.5
    let speed = #expect(throws: RenderError.self) {
      try recorder.record { nav.pushViewController(ViewController(), animated: true) }
    }
    #expect(speed?.description == Self.refusals[4].message)
    recorder.speed = 1
    recorder.transitionDuration = 0.04
    let duration = #expect(throws: RenderError.self) {
      try recorder.record { nav.pushViewController(ViewController(), animated: true) }
    }
    #expect(duration?.description == Self.refusals[5].message)
  }

  @Test(
    "recording-limits: the bounds themselves are accepted: 1 and 120 fps, 3 and 0.32 pixels per point, speed 1, 0.05 and 10 seconds, holds of 0 and 60 s, sides of 1 and 4096 points"
  )
  func boundsAccepted() throws {
    for (option, value) in [
      ("--fps", "1"), ("--fps", "120"), ("--scale", "3"), ("--scale", "0.32"), ("--speed", "1"),
      ("--duration", "0.05"), ("--duration", "10"), ("--hold", "0"), ("--hold", "60"), ("--size", "1x4096"),
    ] {
      #expect(throws: Never.self, "\(option) \(value)") { try Self.recipe(option, value).checkValues() }
    }
  }

  @Test("recording-limits: render --help and render list --verbose state the ranges the rules hold")
  func helpStatesTheRanges() {
    let help = run(["--help"]).out
    for text in [
      "Frames per second, 1 to 120", "Pixels per point, more than 0 and at most 3", "1 to 4096 a side",
      "The transition's length (0.05 to 10;", "runs at this speed, more than 0 and at most 1:",
    ] {
      #expect(help.contains(text), "\(text)")
    }
    #expect(run(["list", "--verbose"]).out.contains("--speed F (more than 0 and at most 1)"))
  }
}
