import Foundation

// The layout pass (docs/layout.md#the-layout-cycle): UIKit's order, top-down, each view's
// traits current while it lays out, bounded so that a layout that never settles stops with
// the view named instead of hanging.

extension View {
  /// Lays out the views that need it (UIView.layoutIfNeeded): from the highest ancestor that
  /// needs layout, that view's whole subtree, top-down, again until nothing needs layout. The
  /// frames a layout sets inside an animation block animate with the block.
  func runLayoutPass() {
    let pass = LayoutPass.current ?? LayoutPass()
    let outermost = LayoutPass.current == nil
    LayoutPass.current = pass
    defer { if outermost { LayoutPass.current = nil } }
    while !pass.stopped {
      // Constraints first, bottom-up, then Auto Layout: the views whose solved frames changed
      // get their superviews marked.
      updateConstraintsBeforeLayout()
      updateLayoutEngineIfNeeded()
      let start = layoutPassStart
      guard start.layer.subtreeNeedsLayout else { return }
      let inherited = start.superview?.effectiveStyle ?? Screen.main.traitCollection.userInterfaceStyle
      pass.layOut(start.layer, inheriting: inherited, under: start.superview.map { ($0, $0.safeArea) })
    }
  }

  /// Where a layout pass starts: this view, or its highest ancestor in an unbroken chain of
  /// ancestors that need layout (CALayer.layoutIfNeeded's rule).
  var layoutPassStart: View {
    var start = self
    while let parent = start.superview, parent.layer.needsLayout { start = parent }
    return start
  }

  /// UIViewController's `viewWillLayoutSubviews`, the view's `layoutSubviews`, then
  /// `viewDidLayoutSubviews`, for the root view of a view controller, in UIKit's order.
  func layOutSubviewsInOrder() {
    updateLayoutEngineIfNeeded()
    let controller = owningViewController
    controller?.viewWillLayoutSubviews()
    layoutSubviews()
    controller?.viewDidLayoutSubviews()
  }
}

extension View {
  /// Tells the view (and the view controller whose root it is) when its safe area insets differ
  /// from those the last pass found, before it is laid out (docs/layout.md#safe-area-changes).
  func noteSafeArea(_ insets: EdgeInsets) {
    guard insets != layoutState.seenSafeAreaInsets else { return }
    layoutState.seenSafeAreaInsets = insets
    safeAreaInsetsDidChange()
    owningViewController?.viewSafeAreaInsetsDidChange()
  }
}

extension Layer {
  /// Whether this layer or one below it needs layout.
  var subtreeNeedsLayout: Bool { needsLayout || sublayers.contains { $0.subtreeNeedsLayout } }
}

/// One run of the layout pass: how many times each view laid out its subviews, so that a
/// layout that invalidates itself forever is stopped (UIKit's layout feedback loop debugger
/// counts the same, with a threshold of 50 to 1000).
@MainActor
final class LayoutPass {
  /// The pass running now; a `layoutIfNeeded` inside a `layoutSubviews` joins it.
  static var current: LayoutPass?
  /// How many times one view may lay out its subviews in one pass.
  static let feedbackThreshold = 100
  private var counts: [ObjectIdentifier: Int] = [:]
  private(set) var stopped = false

  /// Lays out `layer` if it needs it, then its sublayers, top-down; each view with its own
  /// traits current, told first if its appearance or its safe area changed. `parent` is the
  /// nearest view above `layer` with its safe area (its bounds coordinates), when there is one:
  /// each view's safe area is then worked out from its superview's in one step.
  func layOut(_ layer: Layer, inheriting inherited: UserInterfaceStyle, under parent: (View, Rect?)?) {
    guard !stopped else { return }
    let view = layer.delegate
    let style = view?.style(inheriting: inherited) ?? inherited
    func area(of view: View) -> Rect? {
      guard let parent, parent.0 === view.superview else { return view.safeArea }
      return view.safeArea(within: parent.1)
    }
    var here = parent
    if let view {
      let found = area(of: view)
      view.noteSafeArea(view.safeAreaInsets(of: found))
      here = (view, found)
    }
    if layer.needsLayout {
      if let view, !count(view) { return }
      TraitCollection(userInterfaceStyle: style).performAsCurrent {
        view?.noteStyle(style)
        layer.layoutIfNeeded()
      }
      // Its layout may have scrolled it (moved its bounds): its subviews measure from the new ones.
      if let view { here = (view, area(of: view)) }
    }
    for sublayer in layer.sublayers { layOut(sublayer, inheriting: style, under: here) }
  }

  /// Counts one layout of `view`; false, with the problem reported, once it passes the
  /// threshold: the pass stops.
  private func count(_ view: View) -> Bool {
    let n = counts[ObjectIdentifier(view), default: 0] + 1
    counts[ObjectIdentifier(view)] = n
    guard n > Self.feedbackThreshold else { return true }
    stopped = true
    AnimationEngine.current.report(
      "layout feedback loop: \(view.layoutDescription) laid out its subviews \(Self.feedbackThreshold) times in one layout pass and still needs layout (its layoutSubviews, or a constraint it changes, invalidates the layout again each time); the pass was stopped"
    )
    return false
  }
}

extension View {
  /// How messages name this view: UIKit's class name for the library's views, the module and
  /// class for a subclass, and the view's name when it has one.
  var layoutDescription: String {
    let type = Self.uikitName(of: self)
    return name.isEmpty ? type : "\(type) '\(name)'"
  }

  /// `UILabel` for a `Label`, `MyApp.CardView` for a subclass defined elsewhere.
  static func uikitName(of view: View) -> String {
    let reflected = String(reflecting: type(of: view))
    let library = ["View", "Label", "Button", "ImageView", "Window", "StackView"]
    for name in library where reflected == "Animator.\(name)" { return "UI\(name)" }
    return reflected
  }
}
