import AnimatorTestSupport
import Foundation
import Testing
import UIKit

// UIKit's view names mean the library's calls: an animation spelled UIView.animate moves the
// same properties on the virtual clock as View.animate, along the curve written out here.

@MainActor
@Suite("UIKit's view names", .resetEngineAfterEachTest)
struct ViewNameTests {
  @Test(
    "Every UIKit, Core Animation and Core Graphics type name is the library's type itself, not a look-alike"
  )
  func sameTypes() {
    let pairs: [(Any.Type, Any.Type)] = [
      (UIView.self, View.self), (UIWindow.self, Window.self), (UIImageView.self, ImageView.self),
      (UILabel.self, Label.self), (UIButton.self, Button.self), (UIScreen.self, Screen.self),
      (UIImage.self, Image.self),
      (UIColor.self, Color.self), (UIFont.self, Font.self), (UIFont.Weight.self, Font.Weight.self),
      (UIFont.TextStyle.self, Font.TextStyle.self), (UIRectEdge.self, RectEdge.self),
      (NSTextAlignment.self, TextAlignment.self), (NSLineBreakMode.self, LineBreakMode.self),
      (UIView.AnimationOptions.self, AnimationOptions.self),
      (UIView.KeyframeAnimationOptions.self, KeyframeAnimationOptions.self),
      (UIView.AnimationCurve.self, AnimationCurve.self), (UIView.ContentMode.self, View.ContentMode.self),
      (UIViewController.self, ViewController.self), (UINavigationController.self, NavigationController.self),
      (UINavigationController.Operation.self, NavigationOperation.self),
      (UITabBarController.self, TabBarController.self),
      (UIModalPresentationStyle.self, ModalPresentationStyle.self),
      (UITransitionContextViewControllerKey.self, TransitionContextKey.self),
      (UITransitionContextViewKey.self, TransitionContextKey.self),
      (UIPercentDrivenInteractiveTransition.self, PercentDrivenInteractiveTransition.self),
      (UIViewControllerTransitionCoordinator.self, TransitionContext.self),
      (UIViewPropertyAnimator.self, PropertyAnimator.self), (UIViewImplicitlyAnimating.self, PropertyAnimator.self),
      (UIViewAnimatingPosition.self, PropertyAnimator.Position.self),
      (UIViewAnimatingState.self, PropertyAnimator.State.self),
      (UISpringTimingParameters.self, TimingParameters.self), (UICubicTimingParameters.self, TimingParameters.self),
      (UIGestureRecognizer.self, GestureRecognizer.self),
      (UIGestureRecognizer.State.self, GestureRecognizer.State.self),
      (UIPanGestureRecognizer.self, PanGestureRecognizer.self),
      (UIScreenEdgePanGestureRecognizer.self, ScreenEdgePanGestureRecognizer.self),
      (UIPinchGestureRecognizer.self, PinchGestureRecognizer.self), (CALayer.self, Layer.self),
      (CATransformLayer.self, TransformLayer.self), (CAGradientLayer.self, GradientLayer.self),
      (CATransform3D.self, Transform3D.self), (CAMediaTimingFunction.self, TimingFunction.self),
      (CGAffineTransform.self, TransitionRender.AffineTransform.self), (CGColor.self, Color.self),
      (CGRect.self, Rect.self), (CGPoint.self, Point.self), (CGSize.self, Size.self),
    ]
    for (uikit, library) in pairs {
      #expect(ObjectIdentifier(uikit) == ObjectIdentifier(library), "\(uikit) is \(library)")
    }
  }

  @Test(
    "default-curve-is-ease-in-ease-out: UIView.animate(withDuration:delay:options:animations:completion:) moves alpha, center and transform on the virtual clock exactly as View.animate does, along cubic-bezier(0.42, 0, 0.58, 1) computed here"
  )
  func animateIsViewAnimate() {
    let engine = AnimationEngine.reset()
    let uikit = UIView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
    let library = View(frame: Rect(x: 0, y: 0, width: 100, height: 100))
    var finished: [Bool] = []
    UIView.animate(
      withDuration: 1, delay: 0, options: [.curveEaseInOut],
      animations: {
        uikit.alpha = 0
        uikit.center = CGPoint(x: 250, y: 50)
        uikit.transform = CGAffineTransform(scaleX: 0.5, y: 0.5)
      }, completion: { finished.append($0) })
    View.animate(
      withDuration: 1, delay: 0, options: [],
      animations: {
        library.alpha = 0
        library.center = Point(x: 250, y: 50)
        library.transform = AffineTransformMakeScale(0.5, 0.5)
      }, completion: { finished.append($0) })
    for t in [0.1, 0.25, 0.5, 0.8] {
      engine.advance(to: t)
      let a = uikit.layer.presentationSnapshot(), b = library.layer.presentationSnapshot()
      #expect(a.opacity == b.opacity && a.position == b.position && a.transform == b.transform)
      let progress = bezier(0.42, 0, 0.58, 1, at: t)
      #expect(abs(a.opacity - (1 - progress)) < 1e-6, "t = \(t)")
      #expect(abs(a.position.x - (50 + 200 * progress)) < 1e-4, "t = \(t)")
    }
    engine.advance(to: 1)
    #expect(finished == [true, true])
  }

  @Test(
    "UIView.convert(_:to:) and convert(_:from:) go through the views' frames, transforms and bounds origins: a point and a rectangle in a scaled, offset container, computed here by hand"
  )
  func conversion() {
    let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
    let container = UIView(frame: CGRect(x: 100, y: 50, width: 200, height: 200))
    container.transform = CGAffineTransform(scaleX: 2, y: 2)  // about its centre (200, 150)
    container.bounds.origin = CGPoint(x: 10, y: 0)
    let child = UIView(frame: CGRect(x: 20, y: 30, width: 40, height: 40))
    window.addSubview(container)
    container.addSubview(child)
    // child (5, 5) → container (25 − 10, 35) = (15, 35) → about the centre (100, 100) scaled 2
    // → (−70, −30) → window (200 − 170, 150 − 130) = (30, 20).
    let inWindow = child.convert(CGPoint(x: 5, y: 5), to: nil)
    #expect(abs(inWindow.x - 30) < 1e-9 && abs(inWindow.y - 20) < 1e-9)
    #expect(child.convert(CGPoint(x: 5, y: 5), to: window) == inWindow)
    let back = child.convert(inWindow, from: window)
    #expect(abs(back.x - 5) < 1e-9 && abs(back.y - 5) < 1e-9)
    let box = child.convert(child.bounds, to: window)
    #expect(abs(box.minX - 20) < 1e-9 && abs(box.minY - 10) < 1e-9 && abs(box.width - 80) < 1e-9)
    let other = UIView(frame: CGRect(x: 0, y: 300, width: 50, height: 50))
    window.addSubview(other)
    let p = other.convert(CGPoint(x: 5, y: 5), from: child)
    #expect(abs(p.x - 30) < 1e-9 && abs(p.y - (20 - 300)) < 1e-9)
  }

  @Test(
    "UIEdgeInsets: CGRect.inset(by:) moves the origin by (left, top) and shrinks the size by both sides' insets; negative insets grow it"
  )
  func edgeInsets() {
    let rect = CGRect(x: 10, y: 20, width: 100, height: 50)
    #expect(
      rect.inset(by: UIEdgeInsets(top: 1, left: 2, bottom: 3, right: 4)) == CGRect(x: 12, y: 21, width: 94, height: 46))
    #expect(
      rect.inset(by: UIEdgeInsets(top: -5, left: -5, bottom: -5, right: -5))
        == CGRect(x: 5, y: 15, width: 110, height: 60))
    #expect(rect.inset(by: .zero) == rect)
  }

  @Test(
    "resizableSnapshotView(from:afterScreenUpdates:withCapInsets:) with UIEdgeInsets makes the snapshot the library's form makes: same frame, same frozen contents"
  )
  func snapshotWithInsets() {
    AnimationEngine.reset()
    let view = UIView(frame: CGRect(x: 10, y: 10, width: 100, height: 80))
    view.backgroundColor = UIColor.white
    let part = CGRect(x: 0, y: 40, width: 100, height: 40)
    let uikit = view.resizableSnapshotView(from: part, afterScreenUpdates: true, withCapInsets: .zero)!
    let library = view.resizableSnapshotView(from: part, afterScreenUpdates: true)!
    #expect(uikit.frame == library.frame && uikit.frame == CGRect(x: 10, y: 50, width: 100, height: 40))
    #expect(uikit.layer.contents == library.layer.contents)
  }

  @Test(
    "UIFont.systemFont(ofSize:weight:) and preferredFont(forTextStyle:) are the library's fonts, with UIKit's numbers: semibold is 0.3, the headline style 17 pt semibold, body 17 pt regular"
  )
  func fonts() {
    let font = UIFont.systemFont(ofSize: 20, weight: .semibold)
    #expect(font == Font.systemFont(ofSize: 20, weight: .semibold))
    #expect(font.pointSize == 20 && font.weight.rawValue == 0.3)
    let headline = UIFont.preferredFont(forTextStyle: .headline)
    #expect(headline == Font.preferredFont(forTextStyle: .headline))
    #expect(headline.pointSize == 17 && headline.weight == .semibold)
    #expect(UIFont.preferredFont(forTextStyle: .body) == UIFont.systemFont(ofSize: 17))
  }
}
