import Foundation
/// A button (UIButton) with a title: a `Label` filling the bounds inside `contentEdgeInsets`,
/// its text centred. The renderer has no touch handling on buttons; they are drawn.
@MainActor
open class Button: View {
  /// UIButton.ButtonType: `system` draws its title in the tint color.
  public enum ButtonType: Sendable { case system, custom }

  /// Control states (UIControl.State); titles and colors are kept per state, and a button is
  /// drawn in its normal state.
  public enum State: Hashable, Sendable { case normal, highlighted, disabled, selected }

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

  public func setTitle(_ title: String?, for state: State) {
    titles[state] = title
    applyState()
    invalidateIntrinsicContentSize()
  }

  public func title(for state: State) -> String? { titles[state] ?? titles[.normal] }

  public func setTitleColor(_ color: Color?, for state: State) {
    titleColors[state] = color
    applyState()
  }

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
