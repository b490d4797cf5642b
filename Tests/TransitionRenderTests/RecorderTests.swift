import Testing
import TransitionRender

/// The color at point (x, y) of a frame rendered at scale 1.
func pixel(_ frame: RenderedFrame, _ x: Int, _ y: Int) -> RGBA8 { frame.image[x, y] }

func isColor(_ p: RGBA8, _ c: Color) -> Bool {
  abs(Int(p.r) - Int((c.red * 255).rounded())) <= 2 && abs(Int(p.g) - Int((c.green * 255).rounded())) <= 2
    && abs(Int(p.b) - Int((c.blue * 255).rounded())) <= 2
}

let screen = Size(width: 100, height: 160)

@MainActor
@Suite("Recording the user's own view controllers and delegates")
struct RecorderTests {
  @Test(
    "A push through the user's own navigation delegate is recorded from the call until completeTransition: ⌈D·fps⌉ + 1 frames, the root first, the pushed screen last, the new screen halfway in from the right edge at half time"
  )
  func pushThroughOwnDelegate() throws {
    let transitions = NavigationTransitions(animator: SlideAnimator(duration: 0.5))
    let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
    nav.delegate = transitions
    let recording = try Recorder(root: nav, size: screen, scale: 1, fps: 20)
      .record { nav.pushViewController(ColorViewController("message", blue), animated: true) }
    #expect(recording.frames.count == 11)
    let frames = try recording.renderedFrames()
    #expect(isColor(pixel(frames[0], 50, 80), red))
    #expect(isColor(pixel(frames[10], 50, 80), blue))
    // t = 0.25 s of a linear 0.5 s slide: the new screen's left edge is at x = 50.
    #expect(isColor(pixel(frames[5], 45, 80), red) && isColor(pixel(frames[5], 55, 80), blue))
    #expect(nav.topViewController?.title == "message")
  }

  @Test(
    "navigation-controller: A navigation delegate that vends no animator gets UIKit's standard push: the new screen slides in from the right on top in 0.5 s while the old one drifts left under a veil"
  )
  func defaultPush() throws {
    let transitions = NavigationTransitions(animator: nil)
    let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
    nav.delegate = transitions
    let frames = try Recorder(root: nav, size: screen, scale: 1, fps: 20)
      .record { nav.pushViewController(ColorViewController("message", blue), animated: true) }.renderedFrames()
    #expect(frames.count == 11)
    let middle = frames[5]
    #expect(isColor(pixel(middle, 98, 80), blue), "the new screen covers the right edge")
    #expect(
      pixel(middle, 2, 80).b < 50 && pixel(middle, 2, 80).r > 150, "the old screen, dimmed, still shows at the left")
    #expect(isColor(pixel(frames[10], 2, 80), blue))
  }

  @Test(
    "A scripted edge swipe reaches the user's own recognizer handler, which pops with a percent-driven interaction: the recording runs until the pop completes, ending on the root"
  )
  func gestureIntoOwnHandler() throws {
    let transitions = NavigationTransitions(animator: SlideAnimator(duration: 0.5))
    let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
    nav.delegate = transitions
    let recorder = try Recorder(root: nav, size: screen, scale: 1, fps: 20)
    nav.pushViewController(SwipeBackViewController(transitions: transitions), animated: false)
    let swipe = TouchScript.drag(from: Point(x: 5, y: 80), to: Point(x: 85, y: 80), duration: 0.4)
    let recording = try recorder.record(gesture: swipe)
    let frames = try recording.renderedFrames()
    #expect(nav.topViewController?.title == "inbox")
    #expect(isColor(pixel(frames[0], 50, 40), blue))
    #expect(isColor(pixel(frames[frames.count - 1], 50, 40), red))
    #expect(recording.frames.last!.time >= 0.4, "the recording lasts at least as long as the finger")
    #expect(recording.frames.contains { !$0.touches.isEmpty }, "the finger is drawn while it is down")
  }

  @Test(
    "A gesture recorded after another action counts its times from its own start: a push, then a swipe back that begins when the push has ended"
  )
  func gestureAfterAction() throws {
    let transitions = NavigationTransitions(animator: SlideAnimator(duration: 0.5))
    let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
    nav.delegate = transitions
    let detail = SwipeBackViewController(transitions: transitions)
    let swipe = TouchScript.drag(from: Point(x: 5, y: 80), to: Point(x: 85, y: 80), duration: 0.4)
    let recording = try Recorder(root: nav, size: screen, scale: 1, fps: 20)
      .record([.perform { nav.pushViewController(detail, animated: true) }, .gesture(swipe)])
    let touched = recording.frames.filter { !$0.touches.isEmpty }.map(\.time)
    // The push ends at 0.5 s, on frame 10; the finger is down in the frames after it, to 0.9 s.
    #expect(touched.first == 0.55 && touched.last == 0.9, "\(touched)")
    #expect(nav.topViewController?.title == "inbox")
  }

  @Test(
    "view-for-key-can-be-nil: Seed 004's .custom top-down dismiss shows the presenting screen behind the presented one as it leaves (the presenter never left the window)"
  )
  func customDismissShowsPresenter() throws {
    let home = ColorViewController("home", red)
    let recorder = try Recorder(root: home, size: screen, scale: 1, fps: 10)
    let transitions = TopDownTransitions()
    let detail = ColorViewController("detail", green)
    detail.modalPresentationStyle = .custom
    detail.transitioningDelegate = transitions
    home.present(detail, animated: false)
    let frames = try recorder.record { detail.dismiss(animated: true) }.renderedFrames()
    #expect(frames.count == 11)
    // Half-way up: the top half shows the leaving screen, the bottom half the presenter.
    #expect(isColor(pixel(frames[5], 50, 20), green))
    #expect(isColor(pixel(frames[5], 50, 140), red), "the presenting screen shows behind, not black")
    #expect(isColor(pixel(frames[10], 50, 20), red))
  }

  @Test("tab-bar-controller: A tab switch set through selectedIndex runs the tab delegate's animator")
  func tabSwitch() throws {
    let tabs = TabBarController(viewControllers: [ColorViewController("a", red), ColorViewController("b", blue)])
    let transitions = FixedTransitions(SlideAnimator(duration: 0.3))
    tabs.delegate = transitions
    let frames = try Recorder(root: tabs, size: screen, scale: 1, fps: 10).record { tabs.selectedIndex = 1 }
      .renderedFrames()
    #expect(frames.count == 4)
    #expect(isColor(pixel(frames[0], 50, 80), red) && isColor(pixel(frames[3], 50, 80), blue))
    #expect(tabs.selectedIndex == 1)
  }

  @Test(
    "Actions recorded one after the other start where the previous one ended: a push then its pop ends on the first frame's pixels"
  )
  func pushThenPop() throws {
    let transitions = NavigationTransitions(animator: SlideAnimator(duration: 0.3))
    let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
    nav.delegate = transitions
    let message = ColorViewController("message", blue)
    let recording = try Recorder(root: nav, size: screen, scale: 1, fps: 10)
      .record([
        .perform { nav.pushViewController(message, animated: true) },
        .perform { nav.popViewController(animated: true) },
      ])
    let hashes = try recording.frameHashes()
    #expect(hashes.count == 7)
    #expect(hashes.first == hashes.last)
    #expect(hashes[3] != hashes[0], "the pushed screen shows at the turn")
  }

  @Test(
    "An animator that never calls completeTransition stops the recording at the virtual-time limit with one line naming the animator, the transition and the missing call"
  )
  func neverCompletes() throws {
    let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
    let transitions = FixedTransitions(ForgetfulAnimator())
    nav.delegate = transitions
    let recorder = try Recorder(root: nav, size: screen, scale: 1, fps: 10)
    let error = #expect(throws: RenderError.self) {
      try recorder.record { nav.pushViewController(ColorViewController("message", blue), animated: true) }
    }
    #expect(
      error?.description
        == "the animator ForgetfulAnimator (transition from inbox to message) never called completeTransition within 120 s of virtual time"
    )
  }

  @Test("complete-transition-once: completeTransition called twice is an error naming the animator")
  func completesTwice() throws {
    let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
    let transitions = FixedTransitions(DoubleCompletingAnimator())
    nav.delegate = transitions
    let recorder = try Recorder(root: nav, size: screen, scale: 1, fps: 10)
    let error = #expect(throws: RenderError.self) {
      try recorder.record { nav.pushViewController(ColorViewController("message", blue), animated: true) }
    }
    #expect(
      error?.description
        == "the animator DoubleCompletingAnimator (transition from inbox to message) called completeTransition a second time; it must be called exactly once"
    )
  }

  @Test(
    "An action that starts nothing is an error saying nothing happened (a non-animated push, a tab switch without a delegate animator)"
  )
  func nothingHappened() throws {
    let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
    let recorder = try Recorder(root: nav, size: screen, scale: 1, fps: 10)
    let error = #expect(throws: RenderError.self) {
      try recorder.record { nav.pushViewController(ColorViewController("message", blue), animated: false) }
    }
    #expect(
      error?.description.hasPrefix("the action started no transition or animation, so nothing happened to record")
        == true)
    let tabs = TabBarController(viewControllers: [ColorViewController("a", red), ColorViewController("b", blue)])
    let tabRecorder = try Recorder(root: tabs, size: screen, scale: 1, fps: 10)
    #expect(throws: RenderError.self) { try tabRecorder.record { tabs.selectedIndex = 1 } }
  }

  @Test(
    "navigation-controller: A push during a push is a one-line error naming the running transition, and changes nothing; so is presenting from a view controller that already presents one"
  )
  func transitionDuringTransition() throws {
    let nav = NavigationController(rootViewController: ColorViewController("inbox", red))
    let transitions = NavigationTransitions(animator: SlideAnimator(duration: 0.3))
    nav.delegate = transitions
    let recorder = try Recorder(root: nav, size: screen, scale: 1, fps: 10)
    let error = #expect(throws: RenderError.self) {
      try recorder.record {
        nav.pushViewController(ColorViewController("message", blue), animated: true)
        nav.pushViewController(ColorViewController("thread", green), animated: true)
      }
    }
    #expect(
      error?.description.hasPrefix(
        "pushViewController(_:animated:) on NavigationController while the animator SlideAnimator (transition from inbox to message) is still running"
      ) == true)
    #expect(nav.viewControllers.map(\.title) == ["inbox", "message"])

    let home = ColorViewController("home", red)
    let modalRecorder = try Recorder(root: home, size: screen, scale: 1, fps: 10)
    home.present(ColorViewController("first", green), animated: false)
    let presenting = #expect(throws: RenderError.self) {
      try modalRecorder.record { home.present(ColorViewController("second", blue), animated: true) }
    }
    #expect(
      presenting?.description
        == "present(_:animated:) of second on home, which is already presenting first (UIKit refuses it)")
  }

  @Test(
    "modal-presentation: A presentation without a transitioning delegate gets UIKit's default since iOS 13, the page sheet: the new screen slides up from the bottom edge over 0.5 s to 10 pt below the top (no safe area here), the home screen behind it scaled back and dimmed by black at 0.1"
  )
  func defaultPresentation() throws {
    let home = ColorViewController("home", red)
    let frames = try Recorder(root: home, size: screen, scale: 1, fps: 20)
      .record { home.present(ColorViewController("sheet", blue), animated: true) }.renderedFrames()
    #expect(frames.count == 11)
    #expect(pixel(frames[3], 50, 20).r > 200 && isColor(pixel(frames[3], 50, 158), blue), "rising from the bottom")
    let behind = pixel(frames[10], 50, 5)
    #expect(abs(Double(behind.r) - 255 * 0.9) <= 1 && behind.g == 0 && behind.b == 0)
    #expect(isColor(pixel(frames[10], 50, 11), blue) && isColor(pixel(frames[10], 1, 5), .black))
  }

  @Test(
    "view-loading: A root view controller that reaches its navigation controller's view in viewDidLoad (seed 000 adds its pop recognizer there) gets the container's one view, the one in the window"
  )
  func containerViewDuringChildViewDidLoad() throws {
    final class Home: ViewController {
      var seen: View?
      override func viewDidLoad() {
        super.viewDidLoad()
        seen = navigationController?.view
      }
    }
    let home = Home()
    let nav = NavigationController(rootViewController: home)
    let recorder = try Recorder(root: nav, size: screen, scale: 1)
    #expect(home.seen != nil && home.seen === nav.view)
    #expect(nav.view.window === recorder.window)
    #expect(home.view.isDescendant(of: nav.view))
  }

  @Test("Sizes, scales and frame rates out of range are errors naming the range")
  func limits() {
    let root = ColorViewController("a", red)
    #expect(throws: RenderError("size 0x10 is out of range: each side must be 1 to 4096 points", usage: true)) {
      try Recorder(root: root, size: Size(width: 0, height: 10))
    }
    #expect(
      throws: RenderError("scale 5 is out of range: pixels per point must be more than 0 and at most 3", usage: true)
    ) { try Recorder(root: root, scale: 5) }
    #expect(throws: RenderError("fps 500 is out of range: frames per second must be 1 to 120", usage: true)) {
      try Recorder(root: root, fps: 500)
    }
    #expect(throws: RenderError("fps 0.5 is out of range: frames per second must be 1 to 120", usage: true)) {
      try Recorder(root: root, fps: 0.5)
    }
  }
}
