import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// docs/layout.md#layout-in-an-animation-block-animates with Auto Layout: a constraint's
/// constant changed and laid out inside UIView.animate, a property animator and an interactive
/// transition animates the frames it changes, with the block's timing.
@MainActor
@Suite("Animated layout", .resetEngineAfterEachTest)
struct AnimatedLayoutTests {
  /// A 40-point-high card pinned 20 points from the sides of `parent`, its top `top` points
  /// down; returns the card and its top constraint.
  func card(in parent: View, top: Double) -> (View, LayoutConstraint) {
    let card = View()
    card.translatesAutoresizingMaskIntoConstraints = false
    parent.addSubview(card)
    let topConstraint = card.topAnchor.constraint(equalTo: parent.topAnchor, constant: top)
    LayoutConstraint.activate([
      topConstraint, card.leadingAnchor.constraint(equalTo: parent.leadingAnchor, constant: 20),
      card.trailingAnchor.constraint(equalTo: parent.trailingAnchor, constant: -20),
      card.heightAnchor.constraint(equalToConstant: 40),
    ])
    parent.layoutIfNeeded()
    return (card, topConstraint)
  }

  /// The card's presented top edge.
  func presentedTop(_ view: View) -> Double {
    let layer = view.layer.presentationSnapshot()
    return layer.position.y - layer.bounds.height / 2
  }

  @Test(
    "layout-in-an-animation-block-animates: constant 100 → 300 then layoutIfNeeded inside UIView.animate (1 s, linear): the model is at 300 at once, the card shows 150 at 0.25 s and 250 at 0.75 s"
  )
  func insideUIViewAnimate() {
    let engine = AnimationEngine.reset()
    Screen.main.scale = 2
    let root = View(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let (view, top) = card(in: root, top: 100)
    #expect(view.frame == Rect(x: 20, y: 100, width: 335, height: 40))
    View.animate(withDuration: 1, delay: 0, options: .curveLinear) {
      top.constant = 300
      root.layoutIfNeeded()
    }
    #expect(view.frame.minY == 300)
    engine.advance(to: 0.25)
    #expect(presentedTop(view) == 150)
    engine.advance(to: 0.75)
    #expect(presentedTop(view) == 250)
    // Changed outside a block, the next frame shows it at once.
    top.constant = 0
    root.layoutIfNeeded()
    #expect(presentedTop(view) == 0 || engine.now < 1)
  }

  @Test(
    "layout-in-an-animation-block-animates: a property animator whose animations change a constant and lay out scrubs the frame: fractionComplete 0.25 of 100 → 300 shows 150"
  )
  func propertyAnimator() {
    AnimationEngine.reset()
    let root = View(frame: Rect(x: 0, y: 0, width: 375, height: 667))
    let (view, top) = card(in: root, top: 100)
    let animator = PropertyAnimator(duration: 1, curve: .linear) {
      top.constant = 300
      root.layoutIfNeeded()
    }
    animator.fractionComplete = 0.25
    #expect(presentedTop(view) == 150)
    animator.fractionComplete = 0.5
    #expect(presentedTop(view) == 200)
  }

  /// Presents a view controller whose card slides up from 500 to 100 by its constraint's
  /// constant, interactively.
  final class SlideUp: ViewControllerAnimatedTransitioning, ViewControllerTransitioningDelegate {
    let interaction = PercentDrivenInteractiveTransition()
    var top: LayoutConstraint?
    var card: View?

    func transitionDuration(using transitionContext: ViewControllerContextTransitioning?) -> Double { 1 }
    func animateTransition(using ctx: ViewControllerContextTransitioning) {
      let to = ctx.view(forKey: .to)!
      ctx.containerView.addSubview(to)
      let card = View()
      card.translatesAutoresizingMaskIntoConstraints = false
      to.addSubview(card)
      let top = card.topAnchor.constraint(equalTo: to.topAnchor, constant: 500)
      LayoutConstraint.activate([
        top, card.leadingAnchor.constraint(equalTo: to.leadingAnchor),
        card.widthAnchor.constraint(equalToConstant: 100), card.heightAnchor.constraint(equalToConstant: 100),
      ])
      to.layoutIfNeeded()
      self.top = top
      self.card = card
      View.animate(
        withDuration: 1, delay: 0, options: .curveLinear,
        animations: {
          top.constant = 100
          to.layoutIfNeeded()
        },
        completion: { _ in ctx.completeTransition(!ctx.transitionWasCancelled) })
    }
    func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
      -> ViewControllerAnimatedTransitioning?
    { self }
    func interactionControllerForPresentation(using animator: ViewControllerAnimatedTransitioning)
      -> ViewControllerInteractiveTransitioning?
    { interaction }
  }

  @Test(
    "layout-in-an-animation-block-animates: in an interactive transition the constant's animation is on the transition's clock: scrubbed to 0.5 the card is halfway (300), to 0.8 at 180; finished, at 100"
  )
  func interactiveTransition() {
    let engine = AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 200, height: 600)
    let window = Window()
    let presenter = ViewController()
    window.rootViewController = presenter
    let presented = ViewController()
    presented.modalPresentationStyle = .fullScreen
    let slide = SlideUp()
    presented.transitioningDelegate = slide
    presenter.present(presented, animated: true)
    let card = slide.card!
    slide.interaction.update(0.5)
    #expect(presentedTop(card) == 300)
    slide.interaction.update(0.8)
    #expect(abs(presentedTop(card) - 180) < 1e-9)
    slide.interaction.finish()
    engine.advance(to: 5)
    #expect(presentedTop(card) == 100 && card.frame.minY == 100)
    #expect(presenter.presentedViewController === presented)
  }
}
