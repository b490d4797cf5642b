// UIKit view API that transition files touch and the library does not model: each fails to
// compile with what to use instead (docs/uikit-names.md#what-is-not-modelled).

extension View {
  @available(
    *, unavailable,
    message: "masks are not modelled: clip with clipsToBounds (and layer.cornerRadius for a rounded rectangle)"
  )
  public var mask: View? {
    get { nil }
    set {}
  }

  @available(
    *, unavailable,
    message:
      "UIKit's built-in view transitions (flip, curl, cross-dissolve of one view) are not modelled: animate alpha or layer.transform with UIView.animate(withDuration:animations:)"
  )
  public static func transition(
    with view: View, duration: TimeInterval, options: AnimationOptions = [], animations: (() -> Void)?,
    completion: ((Bool) -> Void)? = nil
  ) {}

  @available(
    *, unavailable,
    message:
      "UIKit's built-in view transitions (flip, curl, cross-dissolve between two views) are not modelled: add toView and animate both views' alpha or layer.transform with UIView.animate(withDuration:animations:)"
  )
  public static func transition(
    from fromView: View, to toView: View, duration: TimeInterval, options: AnimationOptions = [],
    completion: ((Bool) -> Void)? = nil
  ) {}
}

/// UIApplication: not modelled.
@available(
  *, unavailable,
  message:
    "there is no application object: the recorder owns the one window (view.window, transitionContext.containerView.window)"
)
public final class UIApplication {
  public static var shared: UIApplication { fatalError() }
}

/// UIVisualEffectView: not modelled.
@available(
  *, unavailable,
  message:
    "blur and vibrancy are not modelled: a dimming view (UIView with backgroundColor UIColor(white: 0, alpha: 0.4)) in its place"
)
public final class UIVisualEffectView {
  public init(effect: UIBlurEffect?) {}
}

/// UIBlurEffect: not modelled.
@available(
  *, unavailable,
  message:
    "blur and vibrancy are not modelled: a dimming view (UIView with backgroundColor UIColor(white: 0, alpha: 0.4)) in its place"
)
public final class UIBlurEffect {
  public enum Style { case extraLight, light, dark, regular, prominent, systemMaterial }
  public init(style: Style) {}
}

extension Font {
  @available(
    *, unavailable,
    message:
      "only the system font ships (Inter, for SF Pro): UIFont.systemFont(ofSize:weight:) or UIFont.preferredFont(forTextStyle:)"
  )
  public init?(name fontName: String, size fontSize: CGFloat) { return nil }
}

extension Image {
  @available(
    *, unavailable,
    message:
      "there is no asset catalog: UIImage(bitmap: Bitmap(try PNGReader().read(file: path), label: path), scale: 2)"
  )
  public init?(named name: String) { return nil }
}
