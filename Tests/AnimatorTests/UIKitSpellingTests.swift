import AnimatorTestSupport
import Animator
import Testing

/// Maps the point (x, y, 0) through `t` and projects it.
func mapped(_ t: Transform3D, _ x: Double, _ y: Double) -> (Double, Double) {
  let h = t.apply(x: x, y: y, z: 0)
  return (h.x / h.w, h.y / h.w)
}

func close(_ a: (Double, Double), _ b: (Double, Double)) -> Bool { abs(a.0 - b.0) < 1e-9 && abs(a.1 - b.1) < 1e-9 }

/// The C-function and UIKit spellings mean what Core Animation's and UIKit's do
/// (docs/core-animation.md#points-are-row-vectors, #concat-applies-a-first,
/// #positive-rotations-on-screen): the expected values are worked out by hand from those rules.
@MainActor
@Suite("UIKit spellings: CATransform3D and CGAffineTransform functions, optionality", .resetEngineAfterEachTest)
struct UIKitSpellingTests {
  @Test(
    "Transform3DMakeRotation(π/2, 0, 0, 1) turns (1, 0) to (0, 1): clockwise on screen in UIKit's y-down space; about y, the right edge goes away (z < 0)"
  )
  func makeRotation() {
    #expect(close(mapped(Transform3DMakeRotation(.pi / 2, 0, 0, 1), 1, 0), (0, 1)))
    let h = Transform3DMakeRotation(.pi / 2, 0, 1, 0).apply(x: 1, y: 0, z: 0)
    #expect(abs(h.x) < 1e-12 && abs(h.z - -1) < 1e-12)
  }

  @Test(
    "Transform3DConcat(a, b) applies a first: Concat(Scale 2, Translate 10) maps (1, 0) to (12, 0); the other order to (22, 0)"
  )
  func concat() {
    let scale = Transform3DMakeScale(2, 2, 1), move = Transform3DMakeTranslation(10, 0, 0)
    #expect(close(mapped(Transform3DConcat(scale, move), 1, 0), (12, 0)))
    #expect(close(mapped(Transform3DConcat(move, scale), 1, 0), (22, 0)))
  }

  @Test(
    "Transform3DTranslate, Scale and Rotate apply their own step first, then t: Translate(Scale 2, 10, 0, 0) maps (0, 0) to (20, 0)"
  )
  func stepFirst() {
    let scale = Transform3DMakeScale(2, 2, 1)
    #expect(close(mapped(Transform3DTranslate(scale, 10, 0, 0), 0, 0), (20, 0)))
    #expect(close(mapped(Transform3DScale(Transform3DMakeTranslation(10, 0, 0), 3, 3, 1), 1, 0), (13, 0)))
    #expect(close(mapped(Transform3DRotate(Transform3DMakeTranslation(10, 0, 0), .pi / 2, 0, 0, 1), 1, 0), (10, 1)))
  }

  @Test(
    "Transform3DIdentity is identity; Transform3DInvert undoes a translation and leaves a singular matrix as it is; m34 written into a rotation stays where it was written"
  )
  func identityAndInvert() {
    #expect(Transform3DIsIdentity(Transform3DIdentity))
    #expect(!Transform3DIsIdentity(Transform3DMakeScale(1, 1, 2)))
    #expect(Transform3DInvert(Transform3DMakeTranslation(5, 6, 7)) == Transform3DMakeTranslation(-5, -6, -7))
    #expect(Transform3DInvert(Transform3DMakeScale(0, 1, 1)) == Transform3DMakeScale(0, 1, 1))
    var cube = Transform3DMakeRotation(.pi / 2, 0, 1, 0)
    cube.m34 = -0.005
    #expect(cube.m34 == -0.005 && !Transform3DIsAffine(cube))
    #expect(
      Transform3DGetAffineTransform(Transform3DMakeAffineTransform(AffineTransformMakeScale(2, 3)))
        == AffineTransformMakeScale(2, 3))
  }

  @Test(
    "AffineTransform functions: MakeRotation(π/2) turns (1, 0) to (0, 1); Concat(a, b) applies a first; Invert and inverted() undo a scale-and-move and leave a singular one as it is"
  )
  func affine() {
    let r = AffineTransformMakeRotation(.pi / 2).apply(Point(x: 1, y: 0))
    #expect(abs(r.x) < 1e-12 && abs(r.y - 1) < 1e-12)
    let t = AffineTransformConcat(AffineTransformMakeScale(2, 4), AffineTransformMakeTranslation(10, 20))
    #expect(t.apply(Point(x: 1, y: 1)) == Point(x: 12, y: 24))
    #expect(AffineTransformInvert(t).apply(Point(x: 12, y: 24)) == Point(x: 1, y: 1))
    #expect(t.inverted() == AffineTransformInvert(t))
    #expect(
      AffineTransformTranslate(AffineTransformMakeScale(2, 2), 5, 0).apply(Point(x: 0, y: 0)) == Point(x: 10, y: 0))
    #expect(AffineTransformScale(AffineTransformIdentity, 3, 3).apply(Point(x: 1, y: 1)) == Point(x: 3, y: 3))
    let rotated = AffineTransformRotate(AffineTransformMakeTranslation(10, 0), .pi / 2).apply(Point(x: 1, y: 0))
    #expect(abs(rotated.x - 10) < 1e-12 && abs(rotated.y - 1) < 1e-12)
    #expect(AffineTransformMakeScale(0, 1).inverted() == AffineTransformMakeScale(0, 1))
    #expect(AffineTransformIsIdentity(AffineTransformIdentity) && AffineTransformEqualToTransform(t, t))
  }

  @Test(
    "RectInset by half the size is a zero-size rect at the centre (seed 001's shrink); RectOffset moves; RectMake and PointMake build"
  )
  func rects() {
    let r = RectMake(0, 0, 320, 568)
    #expect(RectInset(r, 160, 284) == Rect(x: 160, y: 284, width: 0, height: 0))
    #expect(RectOffset(r, 0, 568) == Rect(x: 0, y: 568, width: 320, height: 568))
    #expect(PointMake(1, 2) == Point(x: 1, y: 2) && SizeMake(3, 4) == Size(width: 3, height: 4))
    #expect(RectGetMidX(r) == 160 && RectGetMaxY(r) == 568)
  }

  @Test(
    "UIKit's optionality: view is View! (vc.view! compiles and loads the view), snapshotView(afterScreenUpdates:) and presentation() are optional and never nil here"
  )
  func optionality() {
    let vc = ViewController()
    #expect(vc.viewIfLoaded == nil)
    let view = vc.view!
    #expect(vc.isViewLoaded && vc.viewIfLoaded === view)
    let snapshot = view.snapshotView(afterScreenUpdates: false)!
    #expect(snapshot.frame == view.frame)
    #expect(view.layer.presentation() != nil)
  }

  @Test(
    "presentation() holds the values on screen now: half-way through a fade, its opacity is the interpolated one while the model already holds the end; sublayers come along"
  )
  func presentationLayer() {
    AnimationEngine.reset()
    let view = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    view.addSubview(View(frame: Rect(x: 1, y: 1, width: 2, height: 2)))
    View.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { view.alpha = 0 })
    AnimationEngine.current.advance(to: 0.25)
    let shown = view.layer.presentation()!
    #expect(abs(shown.opacity - 0.75) < 1e-9)
    #expect(view.layer.opacity == 0)
    #expect(shown.sublayers.count == 1 && shown.sublayers[0].bounds.width == 2)
    #expect(shown.superlayer == nil)
  }

  @Test("tintAdjustmentMode is automatic until set, and takes .dimmed as seed 001 sets it")
  func tintAdjustmentMode() {
    let view = View()
    #expect(view.tintAdjustmentMode == .automatic)
    view.tintAdjustmentMode = .dimmed
    #expect(view.tintAdjustmentMode == View.TintAdjustmentMode.dimmed)
  }

  @Test(
    "View controllers are equal only to themselves, as NSObjects: the tab delegate's viewControllers?.firstIndex(of:) finds each tab"
  )
  func identityEquality() {
    let a = ViewController(), b = ViewController()
    let tabs = TabBarController()
    #expect(tabs.viewControllers == nil)
    tabs.viewControllers = [a, b]
    #expect(tabs.viewControllers?.firstIndex(of: b) == 1 && a != b && a == a)
    #expect(Set([a, b, a]).count == 2)
  }

  @Test("UIKit's nested names: View.AnimationOptions and NavigationController.Operation are ours")
  func nestedNames() {
    let options: View.AnimationOptions = .curveLinear
    #expect(options == AnimationOptions.curveLinear)
    let operation: NavigationController.Operation = .push
    #expect(operation == NavigationOperation.push)
  }

  @Test(
    "Setting a tab bar controller's viewControllers replaces the shown tab at once and keeps the selected index when it still exists"
  )
  func replaceTabs() {
    let window = Window()
    let tabs = TabBarController(viewControllers: [ViewController(), ViewController()])
    window.rootViewController = tabs
    tabs.selectedIndex = 1
    let c = ViewController(), d = ViewController()
    tabs.viewControllers = [c, d]
    #expect(tabs.selectedIndex == 1 && tabs.selectedViewController === d)
    #expect(tabs.transitionView.subviews.count == 1 && tabs.transitionView.subviews[0] === d.view)
    #expect(c.tabBarController === tabs)
  }
}
