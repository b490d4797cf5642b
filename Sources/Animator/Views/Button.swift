import Foundation
/// A button (UIButton) with a title: a `Label` filling the bounds inside `contentEdgeInsets`,
/// its text centred. The renderer has no touch handling on buttons; they are drawn.
@MainActor
open class Button: View {
  /// UIButton.ButtonType: `system` draws its title in the tint color.
  public enum ButtonType: Sendable {
    /// The title in `tintColor` unless a title colour is set.
    case system
    /// The title white unless a title colour is set.
    case custom
  }

  /// Control states (UIControl.State); titles and colors are kept per state, and a button is
  /// drawn in its normal state.
  public enum State: Hashable, Sendable {
    /// The only state a button is drawn in here.
    case normal
    /// Kept per state; not drawn: a button here is never touched.
    case highlighted
    /// Kept per state; not drawn.
    case disabled
    /// Kept per state; not drawn.
    case selected
  }

  /// Fixed when made: `.system` or `.custom`.
  public let buttonType: ButtonType
  /// The title's label (its font and alignment may be changed).
  public let titleLabel = Label()
  /// Space between the bounds and the title, top, left, bottom, right.
  public var contentEdgeInsets = (top: 0.0, left: 0.0, bottom: 0.0, right: 0.0) {
    didSet {
      setNeedsLayout()
      invalidateIntrinsicContentSize()
    }
  }
  /// The system button's title color. Default: `.systemBlue`.
  public var tintColor = Color.systemBlue { didSet { applyState() } }

  private var titles: [State: String] = [:]
  private var titleColors: [State: Color] = [:]

  /// A button of `type`; the system type's title is the system font at 15 points, centred.
  public init(type: ButtonType = .system, frame: Rect = .zero) {
    buttonType = type
    super.init(frame: frame)
    titleLabel.font = .systemFont(ofSize: 15)
    titleLabel.textAlignment = .center
    titleLabel.textColor = type == .system ? tintColor : .white
    addSubview(titleLabel)
    setNeedsLayout()
  }

  /// The title for `state` (nil removes it; a state without one uses `.normal`'s); only the
  /// normal title is drawn.
  public func setTitle(_ title: String?, for state: State) {
    titles[state] = title
    applyState()
    invalidateIntrinsicContentSize()
  }

  /// The title of `state`, else the normal one; nil when neither is set.
  public func title(for state: State) -> String? { titles[state] ?? titles[.normal] }

  /// The title colour for `state` (nil removes it); only the normal one is drawn, by default
  /// `tintColor` for a system button and white for a custom one.
  public func setTitleColor(_ color: Color?, for state: State) {
    titleColors[state] = color
    applyState()
  }

  /// The title colour set for `state`, else the normal one; nil when neither is set.
  public func titleColor(for state: State) -> Color? { titleColors[state] ?? titleColors[.normal] }

  private func applyState() {
    titleLabel.text = title(for: .normal)
    titleLabel.textColor = titleColor(for: .normal) ?? (buttonType == .system ? tintColor : .white)
  }

  open override func layoutSubviews() {
    let b = bounds, i = contentEdgeInsets
    titleLabel.frame = Rect(
      x: b.minX + i.left, y: b.minY + i.top, width: max(0, b.width - i.left - i.right),
      height: max(0, b.height - i.top - i.bottom))
  }

  /// The title's size plus the insets.
  open override func sizeThatFits(_ size: Size) -> Size {
    let t = titleLabel.sizeThatFits(.zero), i = contentEdgeInsets
    return Size(width: t.width + i.left + i.right, height: t.height + i.top + i.bottom)
  }

  open override var intrinsicContentSize: Size { sizeThatFits(.zero) }
}
