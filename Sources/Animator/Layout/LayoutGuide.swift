import Foundation

/// UILayoutGuide: a rectangle that takes part in Auto Layout like a view, without drawing
/// anything (spacers, groups). A view's `safeAreaLayoutGuide` and `layoutMarginsGuide` are
/// guides whose frame the view decides (docs/layout.md#guides-of-a-view).
@MainActor
open class LayoutGuide {
  /// The view the guide belongs to (`addLayoutGuide`); nil before.
  public internal(set) weak var owningView: View?
  /// A name shown in logs.
  public var identifier = ""
  /// What decides the guide's frame.
  enum Kind { case free, safeArea, margins }
  let kind: Kind
  /// The frame Auto Layout last solved, for a free guide.
  var solvedFrame: Rect = .zero

  /// A free guide, not yet in a view: add it with `addLayoutGuide`, then constrain it.
  public init() { kind = .free }

  init(kind: Kind, owner: View) {
    self.kind = kind
    owningView = owner
  }

  /// The guide's frame in its owning view's bounds coordinates: the safe area or the margins
  /// for a view's own guides, as last solved for one the app added (zero before its first
  /// layout).
  public var layoutFrame: Rect {
    guard let owner = owningView else { return .zero }
    switch kind {
    case .free: return solvedFrame
    case .safeArea: return owner.safeAreaInsets.inset(owner.bounds)
    case .margins: return owner.effectiveLayoutMargins.inset(owner.bounds)
    }
  }
}

extension View {
  /// UIView.layoutGuides: the guides added with `addLayoutGuide`.
  public var layoutGuides: [LayoutGuide] { layoutState.guides }

  /// Adds `guide` to this view (its owning view from now on).
  public func addLayoutGuide(_ guide: LayoutGuide) {
    guide.owningView?.removeLayoutGuide(guide)
    guide.owningView = self
    layoutState.guides.append(guide)
    layoutEngineInputsDidChange()
  }

  /// Removes `guide` and deactivates the constraints that use it.
  public func removeLayoutGuide(_ guide: LayoutGuide) {
    guard guide.owningView === self else { return }
    deactivateConstraints { $0.firstItem === guide || $0.secondItem === guide }
    layoutState.guides.removeAll { $0 === guide }
    guide.owningView = nil
    layoutEngineInputsDidChange()
  }

  /// UIView.safeAreaLayoutGuide: the view's bounds inset by `safeAreaInsets`.
  public var safeAreaLayoutGuide: LayoutGuide {
    ownGuide(\.safeAreaGuide, .safeArea, "UIViewSafeAreaLayoutGuide")
  }

  /// UIView.layoutMarginsGuide: the view's bounds inset by its layout margins (measured from
  /// the safe area when `insetsLayoutMarginsFromSafeArea`).
  public var layoutMarginsGuide: LayoutGuide { ownGuide(\.marginsGuide, .margins, "UIViewLayoutMarginsGuide") }

  /// The view's own guide kept at `slot`, made the first time it is asked for.
  private func ownGuide(
    _ slot: WritableKeyPath<ViewLayoutState, LayoutGuide?>, _ kind: LayoutGuide.Kind, _ identifier: String
  ) -> LayoutGuide {
    if let guide = layoutState[keyPath: slot] { return guide }
    let guide = LayoutGuide(kind: kind, owner: self)
    guide.identifier = identifier
    layoutState[keyPath: slot] = guide
    return guide
  }
}
