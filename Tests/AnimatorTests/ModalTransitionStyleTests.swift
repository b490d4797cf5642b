import AnimatorTestSupport
import Testing

@testable import Animator

/// Vends `animator` for every presentation and dismissal (nil: none).
@MainActor
final class OptionalVendor: ViewControllerTransitioningDelegate {
  var animator: ViewControllerAnimatedTransitioning?
  func animationController(forPresented presented: ViewController, presenting: ViewController, source: ViewController)
    -> ViewControllerAnimatedTransitioning?
  { animator }
  func animationController(forDismissed dismissed: ViewController) -> ViewControllerAnimatedTransitioning? { animator }
}

@MainActor
@Suite("Modal transition styles and preferred transitions", .resetEngineAfterEachTest)
struct ModalTransitionStyleTests {
  /// A 320 × 568 window whose root presents nothing yet.
  func window() -> (Window, ViewController) {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: 320, height: 568)
    let window = Window()
    let root = ViewController()
    window.rootViewController = root
    return (window, root)
  }

  /// The animator running `vc`'s transition now.
  func running(_ vc: ViewController) -> ViewControllerAnimatedTransitioning? { vc.transitionCoordinator?.animator }

  @Test(
    "which-animator-runs: without a transitioning delegate a presentation and its dismissal run the system animator of modalTransitionStyle — .coverVertical (the default), .flipHorizontal, .crossDissolve, .partialCurl"
  )
  func modalTransitionStyles() throws {
    let expected: [(ModalTransitionStyle, ViewControllerAnimatedTransitioning.Type)] = [
      (.coverVertical, CoverVerticalAnimator.self), (.flipHorizontal, FlipHorizontalAnimator.self),
      (.crossDissolve, CrossDissolveAnimator.self), (.partialCurl, PartialCurlAnimator.self),
    ]
    #expect(ViewController().modalTransitionStyle == .coverVertical)
    for (style, type) in expected {
      let (window, root) = window()
      let vc = ViewController()
      vc.modalPresentationStyle = .fullScreen
      vc.modalTransitionStyle = style
      root.present(vc, animated: true)
      let presenting = try #require(running(vc))
      #expect(ObjectIdentifier(Swift.type(of: presenting)) == ObjectIdentifier(type))
      AnimationEngine.current.advance(to: 2)
      vc.dismiss(animated: true)
      let dismissing = try #require(running(vc))
      #expect(ObjectIdentifier(Swift.type(of: dismissing)) == ObjectIdentifier(type))
      AnimationEngine.current.advance(to: 4)
      #expect(root.presentedViewController == nil && AnimationEngine.current.diagnostics.isEmpty)
      withExtendedLifetime(window) {}
    }
  }

  @Test(
    "which-animator-runs: the transitioning delegate's animator wins over preferredTransition, which wins over modalTransitionStyle; a delegate that vends none leaves the preferred transition"
  )
  func precedence() {
    let (window, root) = window()
    defer { withExtendedLifetime(window) {} }
    let vendor = OptionalVendor()
    let custom = CrossDissolveAnimator(presenting: true, duration: 0.1)
    vendor.animator = custom
    let vc = ViewController()
    vc.modalPresentationStyle = .fullScreen
    vc.modalTransitionStyle = .partialCurl
    vc.preferredTransition = .flipHorizontal
    vc.transitioningDelegate = vendor
    root.present(vc, animated: true)
    #expect(running(vc) === custom)
    AnimationEngine.current.advance(to: 1)
    vendor.animator = nil
    vc.dismiss(animated: true)
    #expect(running(vc) is FlipHorizontalAnimator)
    AnimationEngine.current.advance(to: 3)
    vc.preferredTransition = nil
    root.present(vc, animated: true)
    #expect(running(vc) is PartialCurlAnimator)
    withExtendedLifetime(vendor) {}
  }

  @Test(
    "which-animator-runs: a push runs the pushed view controller's preferredTransition and a pop the popped one's, when the navigation delegate vends none; the delegate's animator wins; without either, the standard slide"
  )
  func pushAndPop() {
    let (window, _) = window()
    defer { withExtendedLifetime(window) {} }
    let root = ViewController()
    let nav = NavigationController(rootViewController: root)
    window.rootViewController = nav
    let detail = ViewController()
    detail.preferredTransition = .crossDissolve
    nav.pushViewController(detail, animated: true)
    #expect((running(detail) as? CrossDissolveAnimator)?.presenting == true)
    AnimationEngine.current.advance(to: 1)
    nav.popViewController(animated: true)
    #expect((running(detail) as? CrossDissolveAnimator)?.presenting == false)
    AnimationEngine.current.advance(to: 2)
    let plain = ViewController()
    nav.pushViewController(plain, animated: true)
    #expect(running(plain) is SystemNavigationAnimator)
    AnimationEngine.current.advance(to: 3)
    let delegate = HomeDelegate()
    nav.delegate = delegate
    let preferring = ViewController()
    preferring.preferredTransition = .flipHorizontal
    nav.pushViewController(preferring, animated: true)
    #expect(running(preferring) === delegate.animator)
    AnimationEngine.current.advance(to: 4)
    #expect(nav.viewControllers.count == 3 && AnimationEngine.current.diagnostics.isEmpty)
  }

  @Test(
    "partial-curl-is-full-screen-only: UIKit raises for the partial curl with another presentation style, and a view controller presented with it cannot present — each reported in one line naming the call, nothing presented"
  )
  func partialCurlMisuse() {
    let (window, root) = window()
    defer { withExtendedLifetime(window) {} }
    let over = ViewController()
    over.modalPresentationStyle = .overFullScreen
    over.modalTransitionStyle = .partialCurl
    root.present(over, animated: true)
    #expect(root.presentedViewController == nil && window.subviews.count == 1)
    let engine = AnimationEngine.current
    #expect(
      engine.diagnostics.last?.hasPrefix("present(_:animated:) of ViewController: the partial curl needs") == true)
    let curled = ViewController()
    curled.modalPresentationStyle = .fullScreen
    curled.modalTransitionStyle = .partialCurl
    root.present(curled, animated: true)
    engine.advance(to: 1)
    curled.present(ViewController(), animated: true)
    #expect(curled.presentedViewController == nil)
    #expect(engine.diagnostics.count == 2 && engine.diagnostics[1].contains("was presented with the partial curl"))
  }

  @Test(
    "presentation-styles: every style presents, nothing reported: .automatic, .pageSheet and .formSheet through a sheet presentation controller (a page sheet on this phone-width screen, its top 10 pt below the safe area), the others through theirs; each dismisses back to the presenter alone"
  )
  func everyStyleRenders() {
    let (window, root) = window()
    defer { withExtendedLifetime(window) {} }
    for style in ModalPresentationStyle.allCases {
      let vc = ViewController()
      vc.modalPresentationStyle = style
      root.present(vc, animated: true)
      AnimationEngine.current.advance(to: AnimationEngine.current.now + 1)
      #expect(root.presentedViewController === vc)
      let sheet = [.automatic, .pageSheet, .formSheet].contains(style)
      #expect((vc.presentationController is SheetPresentationController) == sheet)
      if sheet { #expect(abs(vc.view.frame.minY - Screen.main.safeAreaInsets.top - 10) < 1e-9) }
      vc.dismiss(animated: true)
      AnimationEngine.current.advance(to: AnimationEngine.current.now + 1)
      #expect(root.presentedViewController == nil && window.subviews.count == 1)
    }
    #expect(AnimationEngine.current.diagnostics == [])
  }

  @Test(
    "cover-vertical (docs/effects.md#cover-vertical): the sheet starts just below the container's bottom edge — a half-height card of a 568-point container (final frame at y = 284) is first drawn 284 points down, then moves up; a full-screen one 568"
  )
  func coverVerticalTravel() throws {
    final class HalfCard: PresentationController {
      override var frameOfPresentedViewInContainerView: Rect {
        Rect(x: 0, y: 284, width: 320, height: 284)
      }
    }
    final class Vendor: ViewControllerTransitioningDelegate {
      func presentationController(
        forPresented presented: ViewController, presenting: ViewController?, source: ViewController
      ) -> PresentationController? { HalfCard(presentedViewController: presented, presenting: presenting) }
    }
    for (style, travel) in [(ModalPresentationStyle.custom, 284.0), (.fullScreen, 568)] {
      let (window, root) = window()
      let vendor = Vendor()
      let card = ViewController()
      card.modalPresentationStyle = style
      card.transitioningDelegate = vendor
      root.present(card, animated: true)
      let start = card.view.layer.presentationSnapshot()
      #expect(start.position.y - card.view.bounds.height / 2 == 568 - travel)
      #expect(start.transform.m42 == travel)
      AnimationEngine.current.advance(to: 1)
      #expect(card.view.layer.presentationSnapshot().transform.m42 == 0)
      withExtendedLifetime((window, vendor)) {}
    }
  }
}
