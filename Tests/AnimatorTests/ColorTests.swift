import Foundation
import Testing

@testable import Animator

/// UIColor's values and arithmetic (docs/colors.md): the system colours' figures, dynamic
/// pairs, HSB, the extended range. Expected values are written here from the docs' tables and
/// textbook formulas, not computed by the code under test.
@Suite("Colors")
struct ColorTests {
  /// One row of docs/colors.md#the-values: light and dark, 0–255 with alpha.
  struct Row {
    let name: String
    let light: (Int, Int, Int, Double)
    let dark: (Int, Int, Int, Double)
    init(_ name: String, _ light: (Int, Int, Int), _ dark: (Int, Int, Int), alphas: (Double, Double) = (1, 1)) {
      self.name = name
      self.light = (light.0, light.1, light.2, alphas.0)
      self.dark = (dark.0, dark.1, dark.2, alphas.1)
    }
  }

  static let table: [Row] = [
    Row("systemRed", (255, 59, 48), (255, 69, 58)),
    Row("systemOrange", (255, 149, 0), (255, 159, 10)),
    Row("systemYellow", (255, 204, 0), (255, 214, 10)),
    Row("systemGreen", (52, 199, 89), (48, 209, 88)),
    Row("systemMint", (0, 199, 190), (102, 212, 207)),
    Row("systemTeal", (48, 176, 199), (64, 200, 224)),
    Row("systemCyan", (50, 173, 230), (100, 210, 255)),
    Row("systemBlue", (0, 122, 255), (10, 132, 255)),
    Row("systemIndigo", (88, 86, 214), (94, 92, 230)),
    Row("systemPurple", (175, 82, 222), (191, 90, 242)),
    Row("systemPink", (255, 45, 85), (255, 55, 95)),
    Row("systemBrown", (165, 132, 94), (172, 142, 104)),
    Row("systemGray", (142, 142, 147), (142, 142, 147)),
    Row("systemGray2", (174, 174, 178), (99, 99, 102)),
    Row("systemGray3", (199, 199, 204), (72, 72, 74)),
    Row("systemGray4", (209, 209, 214), (58, 58, 60)),
    Row("systemGray5", (229, 229, 234), (44, 44, 46)),
    Row("systemGray6", (242, 242, 247), (28, 28, 30)),
    Row("systemBackground", (255, 255, 255), (0, 0, 0)),
    Row("secondarySystemBackground", (242, 242, 247), (28, 28, 30)),
    Row("tertiarySystemBackground", (255, 255, 255), (44, 44, 46)),
    Row("systemGroupedBackground", (242, 242, 247), (0, 0, 0)),
    Row("secondarySystemGroupedBackground", (255, 255, 255), (28, 28, 30)),
    Row("tertiarySystemGroupedBackground", (242, 242, 247), (44, 44, 46)),
    Row("label", (0, 0, 0), (255, 255, 255)),
    Row("secondaryLabel", (60, 60, 67), (235, 235, 245), alphas: (0.6, 0.6)),
    Row("tertiaryLabel", (60, 60, 67), (235, 235, 245), alphas: (0.3, 0.3)),
    Row("quaternaryLabel", (60, 60, 67), (235, 235, 245), alphas: (0.18, 0.16)),
    Row("placeholderText", (60, 60, 67), (235, 235, 245), alphas: (0.3, 0.3)),
    Row("separator", (60, 60, 67), (84, 84, 88), alphas: (0.29, 0.6)),
    Row("opaqueSeparator", (198, 198, 200), (56, 56, 58)),
    Row("link", (0, 122, 255), (9, 132, 255)),
    Row("systemFill", (120, 120, 128), (120, 120, 128), alphas: (0.2, 0.36)),
    Row("secondarySystemFill", (120, 120, 128), (120, 120, 128), alphas: (0.16, 0.32)),
    Row("tertiarySystemFill", (118, 118, 128), (118, 118, 128), alphas: (0.12, 0.24)),
    Row("quaternarySystemFill", (116, 116, 128), (118, 118, 128), alphas: (0.08, 0.18)),
  ]

  static let light = TraitCollection(userInterfaceStyle: .light)
  static let dark = TraitCollection(userInterfaceStyle: .dark)

  /// A colour's components as 0–255 levels and alpha.
  func levels(_ c: Color) -> (Int, Int, Int, Double) {
    (Int((c.red * 255).rounded()), Int((c.green * 255).rounded()), Int((c.blue * 255).rounded()), c.alpha)
  }

  func same(_ a: (Int, Int, Int, Double), _ b: (Int, Int, Int, Double)) -> Bool {
    a.0 == b.0 && a.1 == b.1 && a.2 == b.2 && abs(a.3 - b.3) < 1e-12
  }

  @Test(
    "the-values: every system colour, by its UIKit name and its static member, resolves to the table's light value in the light and unspecified appearances and to its dark value in the dark one"
  )
  func systemValues() throws {
    let statics: [String: Color] = [
      "systemRed": .systemRed, "systemBlue": .systemBlue, "systemGray": .systemGray, "systemGray6": .systemGray6,
      "systemBackground": .systemBackground, "systemGroupedBackground": .systemGroupedBackground,
      "label": .label, "secondaryLabel": .secondaryLabel, "separator": .separator, "link": .link,
      "quaternarySystemFill": .quaternarySystemFill,
    ]
    #expect(Color.systemColorNames.map(\.name).sorted() == Self.table.map(\.name).sorted())
    for row in Self.table {
      let color = try #require(Color.systemColor(named: row.name), "\(row.name)")
      if let member = statics[row.name] { #expect(member == color, "\(row.name)") }
      #expect(same(levels(color.resolvedColor(with: Self.light)), row.light), "\(row.name) light")
      #expect(same(levels(color.resolvedColor(with: TraitCollection())), row.light), "\(row.name) unspecified")
      #expect(same(levels(color.resolvedColor(with: Self.dark)), row.dark), "\(row.name) dark")
      #expect(color.isDynamic == !same(row.light, row.dark), "\(row.name) is dynamic when its values differ")
    }
    #expect(Color(parsing: "SYSTEMBACKGROUND") == .systemBackground)
    #expect(Color(parsing: "red") == nil, "only UIKit's names: red is systemRed")
  }

  @Test(
    "dynamic-colors: a resolved colour is plain; withAlphaComponent keeps both appearances with the new alpha (clamped); a pair of equal values is plain; a dynamic provider is asked for light and dark traits"
  )
  func dynamicPairs() {
    let blue = Color.systemBlue
    #expect(!blue.resolvedColor(with: Self.dark).isDynamic)
    let faded = blue.withAlphaComponent(0.5)
    #expect(same(levels(faded.resolvedColor(with: Self.light)), (0, 122, 255, 0.5)))
    #expect(same(levels(faded.resolvedColor(with: Self.dark)), (10, 132, 255, 0.5)))
    #expect(blue.withAlphaComponent(7).resolvedColor(with: Self.dark).alpha == 1)
    // systemFill differs only by alpha: one alpha for both makes it plain.
    #expect(!Color.systemFill.withAlphaComponent(0.5).isDynamic)
    #expect(Color(light: .white, dark: .white) == .white && !Color(light: .white, dark: .white).isDynamic)
    var asked: [UserInterfaceStyle] = []
    let provided = Color(dynamicProvider: { traits in
      asked.append(traits.userInterfaceStyle)
      return traits.userInterfaceStyle == .dark ? Color(white: 0.1) : Color(white: 0.9)
    })
    #expect(Set(asked) == [.light, .dark])
    #expect(provided.resolvedColor(with: Self.dark) == Color(white: 0.1))
    #expect(provided.resolvedColor(with: Self.light) == Color(white: 0.9))
    // A dynamic colour given as the light value of a pair gives its light value.
    #expect(Color(light: .label, dark: .white).resolvedColor(with: Self.light) == .black)
  }

  @Test(
    "dynamic-colors: interpolating and blending dynamic colours works in each appearance: halfway from label to systemBackground is mid-gray both ways"
  )
  func interpolation() {
    let half = Color.label.interpolated(to: .systemBackground, amount: 0.5)
    #expect(half.resolvedColor(with: Self.light) == Color(white: 0.5))
    #expect(half.resolvedColor(with: Self.dark) == Color(white: 0.5))
    let quarter = Color.label.interpolated(to: .white, amount: 0.25)
    #expect(quarter.resolvedColor(with: Self.light) == Color(white: 0.25))
    #expect(quarter.resolvedColor(with: Self.dark) == Color(white: 1))
    let blend = Color.blend(.label, .label, .systemBackground, .systemBackground, weights: SIMD4(0, 1, 0, 0))
    #expect(blend.resolvedColor(with: Self.dark) == .white)
    #expect(Color.black.interpolated(to: .white, amount: 0.5) == Color(white: 0.5), "plain colours stay plain")
    #expect(!Color.black.interpolated(to: .white, amount: 0.5).isDynamic)
  }

  /// The textbook HSV to RGB conversion by sectors (Smith 1978; as Wikipedia's "HSV to RGB"
  /// gives it): i = ⌊6h⌋, f = 6h − i, p = v(1 − s), q = v(1 − sf), t = v(1 − s(1 − f)).
  func textbook(_ h: Double, _ s: Double, _ v: Double) -> (Double, Double, Double) {
    let h6 = h * 6, i = Int(h6.rounded(.down)) % 6, f = h6 - h6.rounded(.down)
    let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
    switch i {
    case 0: return (v, t, p)
    case 1: return (q, v, p)
    case 2: return (p, v, t)
    case 3: return (p, q, v)
    case 4: return (t, p, v)
    default: return (v, p, q)
    }
  }

  @Test(
    "hue-wraps: init(hue:saturation:brightness:alpha:) agrees with the textbook sector formula over hues, saturations and brightnesses; hue 1.25 is 0.25, −0.25 is 0.75, 1 is red"
  )
  func hsb() {
    for hi in 0..<48 {
      let h = Double(hi) / 48
      for s in [0, 0.25, 0.6, 1.0] {
        for v in [0, 0.3, 0.75, 1.0] {
          let c = Color(hue: h, saturation: s, brightness: v, alpha: 0.5)
          let (r, g, b) = textbook(h, s, v)
          #expect(
            abs(c.red - r) < 1e-12 && abs(c.green - g) < 1e-12 && abs(c.blue - b) < 1e-12 && c.alpha == 0.5,
            "h \(h) s \(s) v \(v)")
        }
      }
    }
    func close(_ a: Color, _ b: (Double, Double, Double)) -> Bool {
      abs(a.red - b.0) < 1e-12 && abs(a.green - b.1) < 1e-12 && abs(a.blue - b.2) < 1e-12
    }
    #expect(close(Color(hue: 1.25, saturation: 0.8, brightness: 0.9), textbook(0.25, 0.8, 0.9)))
    #expect(close(Color(hue: -0.25, saturation: 0.8, brightness: 0.9), textbook(0.75, 0.8, 0.9)))
    #expect(close(Color(hue: 3, saturation: 1, brightness: 1), (1, 0, 0)))
    #expect(close(Color(hue: 1.0 / 3, saturation: 1, brightness: 1), (0, 1, 0)))
    #expect(close(Color(hue: 2.0 / 3, saturation: 1, brightness: 1), (0, 0, 1)))
  }

  @Test(
    "extended-range: red, green, blue and white outside 0…1 are kept (extended sRGB), alpha is clamped to 0…1; saturation above 1 gives components below 0"
  )
  func extendedRange() {
    let c = Color(red: 1.2, green: -0.1, blue: 0.5, alpha: 1.5)
    #expect(c.red == 1.2 && c.green == -0.1 && c.blue == 0.5 && c.alpha == 1)
    #expect(Color(white: 1.1, alpha: -0.5) == Color(red: 1.1, green: 1.1, blue: 1.1, alpha: 0))
    #expect(Color(white: 1.1).red == 1.1)
    let vivid = Color(hue: 0, saturation: 1.5, brightness: 1)
    #expect(abs(vivid.red - 1) < 1e-12 && abs(vivid.green + 0.5) < 1e-12 && abs(vivid.blue + 0.5) < 1e-12)
  }
}
