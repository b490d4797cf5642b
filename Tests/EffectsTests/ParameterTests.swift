import Effects
import Testing

/// docs/effects.md#parameters-are-declared.
@Suite("Effect parameters")
struct ParameterTests {
  static let declared = [
    EffectParameter(name: "duration", summary: "seconds", kind: .number(0.05...10), defaultValue: "0.35"),
    EffectParameter(name: "axis", summary: "which edge", kind: .choice(["x", "y"]), defaultValue: "x"),
  ]

  @Test(
    "parameters-are-declared: values read as their declared kind, given or by default; an undeclared name, a number out of range and an unknown word are refused naming what is accepted"
  )
  func typedAndChecked() throws {
    let given = try EffectParameters(["duration": "1.25"], declared: Self.declared, effect: "made-up")
    #expect(given.number("duration") == 1.25 && given.choice("axis") == "x")
    let defaults = EffectParameters(defaultsOf: Self.declared, effect: "made-up")
    #expect(defaults.number("duration") == 0.35 && defaults.choice("axis") == "x")
    let refusals: [([String: String], String)] = [
      (["durration": "1"], "the effect 'made-up' has no parameter 'durration'; it takes duration, axis"),
      (["duration": "20"], "parameter 'duration' of 'made-up' must be a number from 0.05 to 10.0, got '20'"),
      (["axis": "z"], "parameter 'axis' of 'made-up' must be one of x, y, got 'z'"),
    ]
    for (values, message) in refusals {
      let error = #expect(throws: EffectParameterError.self) {
        try EffectParameters(values, declared: Self.declared, effect: "made-up")
      }
      #expect(error?.description == message)
    }
  }

  @Test(
    "parameters-are-declared: an effect that reads a name it does not declare (a misspelling) stops the program instead of reading 0"
  )
  func misspeltReadStops() async {
    await #expect(processExitsWith: .failure) {
      _ = EffectParameters(defaultsOf: ParameterTests.declared, effect: "made-up").number("durration")
    }
    await #expect(processExitsWith: .failure) {
      _ = EffectParameters(defaultsOf: ParameterTests.declared, effect: "made-up").number("axis")
    }
  }
}
