// UIKit's views, screen, images, colours and fonts.

/// UIView.
public typealias UIView = View
/// UIWindow.
public typealias UIWindow = Window
/// UIImageView.
public typealias UIImageView = ImageView
/// UILabel.
public typealias UILabel = Label
/// UIButton.
public typealias UIButton = Button
/// UIScreen (`UIScreen.main.bounds` is the recording's size).
public typealias UIScreen = Screen
/// UIImage.
public typealias UIImage = Image
/// UIColor: the library's `Color` (sRGB, straight alpha, components 0...1; the system
/// colours light and dark, docs/colors.md).
public typealias UIColor = Color
/// UITraitCollection (`userInterfaceStyle`, `current`).
public typealias UITraitCollection = TraitCollection
/// UIUserInterfaceStyle (`.unspecified`, `.light`, `.dark`).
public typealias UIUserInterfaceStyle = UserInterfaceStyle
/// UIFont: the system font (Inter) at a size and weight.
public typealias UIFont = Font
/// UIRectEdge.
public typealias UIRectEdge = RectEdge
/// NSTextAlignment (a label's `textAlignment`).
public typealias NSTextAlignment = TextAlignment
/// NSLineBreakMode (a label's `lineBreakMode`).
public typealias NSLineBreakMode = LineBreakMode

/// UIEdgeInsets: distances inward from each edge of a rectangle, in points.
public typealias UIEdgeInsets = EdgeInsets

extension CGRect {
  /// UIKit's `inset(by:)`: the origin moves by (left, top) and the size shrinks by the insets
  /// of both sides (negative insets grow the rectangle), as UIEdgeInsetsInsetRect does.
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top, width: size.width - insets.left - insets.right,
      height: size.height - insets.top - insets.bottom)
  }
}

extension View {
  /// UIView.resizableSnapshotView(from:afterScreenUpdates:withCapInsets:) with UIKit's insets
  /// type: the library's form (cap insets are accepted and ignored there).
  public func resizableSnapshotView(from rect: CGRect, afterScreenUpdates: Bool, withCapInsets capInsets: UIEdgeInsets)
    -> View?
  {
    resizableSnapshotView(
      from: rect, afterScreenUpdates: afterScreenUpdates,
      withCapInsets: (capInsets.top, capInsets.left, capInsets.bottom, capInsets.right))
  }
}
