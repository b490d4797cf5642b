import Foundation
import Snapshot

/// A font (UIFont): the system font at a size and weight. The system font is Inter, the
/// closest open relative of SF Pro, in its Text cut below 20 points and its Display cut from
/// 20 points up, as SF Pro switches from Text to Display (docs/text.md#the-system-font).
public struct Font: Sendable, Hashable, CustomStringConvertible {
  /// The size in points (the em square).
  public let pointSize: Double
  /// The weight asked for; it draws with the nearest named weight's Inter cut.
  public let weight: Weight

  /// A weight (UIFont.Weight): UIKit's values, from −0.8 (ultraLight) to 0.62 (black). Any
  /// other value draws with the nearest named weight's font.
  public struct Weight: RawRepresentable, Sendable, Hashable {
    public let rawValue: Double
    public init(rawValue: Double) { self.rawValue = rawValue }

    /// −0.8, drawn with Inter Thin (100).
    public static let ultraLight = Weight(rawValue: -0.8)
    /// −0.6, drawn with Inter ExtraLight (200).
    public static let thin = Weight(rawValue: -0.6)
    /// −0.4, drawn with Inter Light (300).
    public static let light = Weight(rawValue: -0.4)
    /// 0, drawn with Inter Regular (400); the default.
    public static let regular = Weight(rawValue: 0)
    /// 0.23, drawn with Inter Medium (500).
    public static let medium = Weight(rawValue: 0.23)
    /// 0.3, drawn with Inter SemiBold (600).
    public static let semibold = Weight(rawValue: 0.3)
    /// 0.4, drawn with Inter Bold (700).
    public static let bold = Weight(rawValue: 0.4)
    /// 0.56, drawn with Inter ExtraBold (800).
    public static let heavy = Weight(rawValue: 0.56)
    /// 0.62, drawn with Inter Black (900).
    public static let black = Weight(rawValue: 0.62)

    /// The named weights, lightest first, with their scene-file names.
    public static let named: [(name: String, weight: Weight)] = [
      ("ultraLight", .ultraLight), ("thin", .thin), ("light", .light), ("regular", .regular), ("medium", .medium),
      ("semibold", .semibold), ("bold", .bold), ("heavy", .heavy), ("black", .black),
    ]

    /// The weight called `name` (`"semibold"`), nil for any other name.
    public init?(name: String) {
      guard let w = Self.named.first(where: { $0.name == name })?.weight else { return nil }
      self = w
    }

    /// The nearest named weight (ties go to the lighter one).
    var nearestNamed: (name: String, weight: Weight, index: Int) {
      var best = 0
      for (i, w) in Self.named.enumerated()
      where abs(w.weight.rawValue - rawValue) < abs(Self.named[best].weight.rawValue - rawValue) {
        best = i
      }
      return (Self.named[best].name, Self.named[best].weight, best)
    }
  }

  /// A Dynamic Type style (UIFont.TextStyle) with its size at the default content size.
  public enum TextStyle: String, Sendable, CaseIterable {
    /// 34 points, regular.
    case largeTitle
    /// 28 points, regular.
    case title1
    /// 22 points, regular.
    case title2
    /// 20 points, regular (Inter Display, as from 20 points up).
    case title3
    /// 17 points, semibold: the one semibold style.
    case headline
    /// 17 points, regular.
    case body
    /// 16 points, regular.
    case callout
    /// 15 points, regular.
    case subheadline
    /// 13 points, regular.
    case footnote
    /// 12 points, regular.
    case caption1
    /// 11 points, regular.
    case caption2

    /// Points at the default content size (Large): iOS's Dynamic Type table.
    public var pointSize: Double {
      switch self {
      case .largeTitle: return 34
      case .title1: return 28
      case .title2: return 22
      case .title3: return 20
      case .headline, .body: return 17
      case .callout: return 16
      case .subheadline: return 15
      case .footnote: return 13
      case .caption1: return 12
      case .caption2: return 11
      }
    }

    /// Headline is the one semibold style; the others are regular.
    public var weight: Weight { self == .headline ? .semibold : .regular }
  }

  /// The system font of `fontSize` points (> 0; other values are taken as 17) at `weight`.
  public static func systemFont(ofSize fontSize: Double, weight: Weight = .regular) -> Font {
    Font(pointSize: fontSize.isFinite && fontSize > 0 ? fontSize : 17, weight: weight)
  }

  /// The bold system font of `fontSize` points.
  public static func boldSystemFont(ofSize fontSize: Double) -> Font { systemFont(ofSize: fontSize, weight: .bold) }

  /// The font of a Dynamic Type style at the default content size.
  public static func preferredFont(forTextStyle style: TextStyle) -> Font {
    systemFont(ofSize: style.pointSize, weight: style.weight)
  }

  /// The same font at another size.
  public func withSize(_ fontSize: Double) -> Font { .systemFont(ofSize: fontSize, weight: weight) }

  /// SF Pro's optical-size switch: Text below this size, Display from it up.
  public static let displayCutSize = 20.0

  /// `Inter` below 20 points, `Inter Display` from 20 up.
  public var familyName: String { pointSize < Self.displayCutSize ? "Inter" : "Inter Display" }

  /// The PostScript-style name of the face drawn, e.g. `Inter-SemiBold`, `InterDisplay-Bold`.
  public var fontName: String {
    let family = pointSize < Self.displayCutSize ? "Inter" : "InterDisplay"
    return "\(family)-\(ShippedFonts.interStyles[weight.nearestNamed.index].style)"
  }

  /// The CSS / OpenType weight (100…900) of the face drawn.
  var cssWeight: Int { ShippedFonts.interStyles[weight.nearestNamed.index].cssWeight }

  /// `Inter-SemiBold 17`.
  public var description: String { "\(fontName) \(TextFormat.number(pointSize))" }

  // MARK: Metrics (UIFont's), in points

  /// Distance from the baseline up to the top of the line box.
  public var ascender: Double { TextEngine.shared.metrics(of: self).ascender }
  /// Distance from the baseline down to the bottom of the line box, negative (as UIFont's).
  public var descender: Double { -TextEngine.shared.metrics(of: self).descent }
  /// The height of one line: ascender − descender (the fonts have no line gap).
  public var lineHeight: Double {
    let m = TextEngine.shared.metrics(of: self)
    return m.ascender + m.descent
  }
}
