import Foundation

/// A stack view (UIStackView): lays its arranged subviews out in a row or a column with Auto
/// Layout constraints it makes and keeps up to date itself, as UIKit's does
/// (docs/layout.md#stack-views). Arranged subviews are subviews whose
/// `translatesAutoresizingMaskIntoConstraints` the stack sets to false; a hidden one collapses
/// (inside an animation block it shrinks with the block and disappears at its end).
@MainActor
open class StackView: View {
  /// UIStackView.Distribution, with UIKit's raw values: how the arranged views share the
  /// stack's length along its axis.
  public enum Distribution: Int, Sendable {
    /// Nothing added: hugging and compression resistance decide who stretches or shrinks.
    case fill = 0
    /// Every view as long as the first.
    case fillEqually
    /// Each view by its share of the intrinsic lengths; with spacing the last takes what is left
    /// (docs/layout.md#stack-views).
    case fillProportionally
    /// Views at their own lengths with equal gaps, `spacing` the least.
    case equalSpacing
    /// Equal distances between the views' centres, `spacing` the least gap.
    case equalCentering
  }

  /// UIStackView.Alignment, with UIKit's raw values: where the arranged views sit across the
  /// axis.
  public enum Alignment: Int, Sendable {
    /// Both edges on the canvas across the axis.
    case fill = 0
    /// The leading (top, in a horizontal stack) edge on the canvas, the other within it.
    case leading = 1
    /// On the first view's first baseline (horizontal stacks; a vertical one treats it as `fill`).
    case firstBaseline = 2
    /// Centred across the axis, within the canvas.
    case center = 3
    /// The trailing (bottom, in a horizontal stack) edge on the canvas, the other within it.
    case trailing = 4
    /// On the first view's last baseline (horizontal stacks; a vertical one treats it as `fill`).
    case lastBaseline = 5
    /// `leading`, as a horizontal stack's views align to the top.
    public static let top = Alignment.leading
    /// `trailing`, as a horizontal stack's views align to the bottom.
    public static let bottom = Alignment.trailing
  }

  /// `setCustomSpacing(UIStackView.spacingUseDefault, after:)` goes back to `spacing`.
  public static let spacingUseDefault = Double.greatestFiniteMagnitude
  /// `spacing = UIStackView.spacingUseSystem` is the system spacing (8 points).
  public static let spacingUseSystem = Double.leastNonzeroMagnitude

  /// The views laid out, in order (each is also a subview).
  public private(set) var arrangedSubviews: [View] = []
  /// Default horizontal.
  public var axis: LayoutConstraint.Axis = .horizontal { didSet { arrangementDidChange() } }
  /// How the views share the stack's length along `axis` (default `.fill`); a change relays out.
  public var distribution: Distribution = .fill { didSet { arrangementDidChange() } }
  /// Where the views sit across `axis` (default `.fill`); a change relays out.
  public var alignment: Alignment = .fill { didSet { arrangementDidChange() } }
  /// Points between adjacent views (the least, for the equal-spacing distributions).
  public var spacing = 0.0 { didSet { arrangementDidChange() } }
  /// Whether the views are laid out within the layout margins rather than the bounds.
  public var isLayoutMarginsRelativeArrangement = false { didSet { arrangementDidChange() } }

  private var customSpacings: [ObjectIdentifier: Double] = [:]
  /// The constraints the stack made, active while they apply.
  private var arrangement: [LayoutConstraint] = []
  private var spacers: [LayoutGuide] = []

  /// An empty horizontal stack (distribution and alignment `.fill`, spacing 0) arranging within
  /// its bounds; `frame` in points.
  public override init(frame: Rect = .zero) {
    super.init(frame: frame)
  }

  /// A stack of `views`, added as arranged subviews in order.
  public convenience init(arrangedSubviews views: [View]) {
    self.init(frame: .zero)
    for view in views { addArrangedSubview(view) }
  }

  // MARK: Arranged subviews

  /// Adds `view` at the end of the arrangement (and as the last subview).
  public func addArrangedSubview(_ view: View) { insertArrangedSubview(view, at: arrangedSubviews.count) }

  /// Inserts `view` into the arrangement at `stackIndex`; it becomes a subview if it is not one.
  public func insertArrangedSubview(_ view: View, at stackIndex: Int) {
    arrangedSubviews.removeAll { $0 === view }
    arrangedSubviews.insert(view, at: min(max(stackIndex, 0), arrangedSubviews.count))
    view.translatesAutoresizingMaskIntoConstraints = false
    if view.superview !== self { addSubview(view) }
    arrangementDidChange()
  }

  /// Takes `view` out of the arrangement; it stays a subview, as in UIKit.
  public func removeArrangedSubview(_ view: View) {
    arrangedSubviews.removeAll { $0 === view }
    arrangementDidChange()
  }

  /// Space after `view` instead of `spacing` (`spacingUseDefault` goes back to `spacing`).
  public func setCustomSpacing(_ spacing: Double, after view: View) {
    customSpacings[ObjectIdentifier(view)] = spacing == Self.spacingUseDefault ? nil : spacing
    arrangementDidChange()
  }

  /// The space after `view`: its custom spacing, else `spacingUseDefault`.
  public func customSpacing(after view: View) -> Double {
    customSpacings[ObjectIdentifier(view)] ?? Self.spacingUseDefault
  }

  /// A subview that leaves the stack leaves the arrangement too.
  override func subviewWillLeave(_ view: View) {
    if arrangedSubviews.contains(where: { $0 === view }) { removeArrangedSubview(view) }
  }

  /// An arranged subview was shown or hidden: it collapses or takes its place again.
  override func arrangedSubviewVisibilityDidChange(_ view: View) {
    if arranges(view) { arrangementDidChange() }
  }

  /// An arranged subview's content size changed: its proportional share does too.
  override func arrangedSubviewContentSizeDidChange(_ view: View) {
    if distribution == .fillProportionally, arranges(view) { arrangementDidChange() }
  }

  /// Whether `view` is laid out by this stack.
  override func arranges(_ view: View) -> Bool { arrangedSubviews.contains { $0 === view } }

  // MARK: The constraints

  /// Makes the stack's constraints again for the current arrangement.
  private func arrangementDidChange() {
    LayoutConstraint.deactivate(arrangement)
    for spacer in spacers { removeLayoutGuide(spacer) }
    var builder = StackArrangement(stack: self)
    arrangement = builder.constraints()
    spacers = builder.spacers
    LayoutConstraint.activate(arrangement)
  }

  /// The space between `view` and the next arranged view.
  func space(after view: View) -> Double {
    let s = customSpacings[ObjectIdentifier(view)] ?? spacing
    return s == Self.spacingUseSystem ? systemSpacing : s
  }
}
