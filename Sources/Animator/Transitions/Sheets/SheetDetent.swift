import Foundation

/// UISheetPresentationControllerDetentResolutionContext: what a custom detent's resolver is
/// given.
@MainActor
public protocol SheetDetentResolutionContext: AnyObject {
  /// The trait collection of the sheet's container.
  var containerTraitCollection: TraitCollection { get }
  /// The largest detent value, in points: the full-height sheet's height within its safe area.
  var maximumDetentValue: CGFloat { get }
}

extension SheetPresentationController {
  /// UISheetPresentationController.Detent: a height a sheet rests at
  /// (docs/uikit-transitions.md#sheet-detents).
  @MainActor
  public final class Detent {
    /// UISheetPresentationController.Detent.Identifier.
    public struct Identifier: Hashable, RawRepresentable, Sendable {
      public let rawValue: String
      public init(rawValue: String) { self.rawValue = rawValue }
      /// The identifier named `rawValue`, as `init(rawValue:)`; identifiers are equal when their names are.
      public init(_ rawValue: String) { self.rawValue = rawValue }
      /// The system's medium detent.
      public static let medium = Identifier("com.apple.UIKit.medium")
      /// The system's large detent.
      public static let large = Identifier("com.apple.UIKit.large")
    }

    /// The detent's identifier.
    public let identifier: Identifier
    private let resolver: (any SheetDetentResolutionContext) -> CGFloat?

    init(_ identifier: Identifier, resolver: @escaping (any SheetDetentResolutionContext) -> CGFloat?) {
      self.identifier = identifier
      self.resolver = resolver
    }

    /// A sheet at full height: the largest detent value.
    public static func large() -> Detent { Detent(.large) { $0.maximumDetentValue } }
    /// About half the full height: `SheetMetrics.mediumShare` of the largest detent value.
    public static func medium() -> Detent { Detent(.medium) { $0.maximumDetentValue * SheetMetrics.mediumShare } }
    /// A detent whose height (points, within the sheet's safe area) `resolver` computes; nil
    /// makes it inactive. Without an identifier the detents share "com.apple.UIKit.custom"
    /// (UIKit makes a random one): give yours one to select it.
    public static func custom(
      identifier: Identifier? = nil, resolver: @escaping (any SheetDetentResolutionContext) -> CGFloat?
    ) -> Detent {
      Detent(identifier ?? Identifier("com.apple.UIKit.custom"), resolver: resolver)
    }

    /// The detent's height in `context` (points), or nil when it is inactive.
    public func resolvedValue(in context: any SheetDetentResolutionContext) -> CGFloat? { resolver(context) }
  }
}

/// The resolution context of a sheet in its container.
@MainActor
final class SheetResolution: SheetDetentResolutionContext {
  let containerTraitCollection: TraitCollection
  let maximumDetentValue: CGFloat
  init(traits: TraitCollection, maximum: CGFloat) {
    containerTraitCollection = traits
    maximumDetentValue = maximum
  }
}
