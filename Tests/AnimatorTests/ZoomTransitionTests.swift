import AnimatorTestSupport
import Foundation
import Testing

@testable import Animator

/// A list screen with a 150 × 80 "cell" at (20, 100), corners of 10 pt, in a navigation
/// controller on a 390 × 844 window with square display corners, and a detail screen that
/// prefers the zoom from the cell.
@MainActor
struct ZoomStage {
  /// Made once the screen has its size: the navigation controller's view, its container and
  /// its bars follow the window's bounds.
  let window: Window
  let nav: NavigationController
  let list = ViewController()
  let detail = ViewController()
  let cell = View(frame: Rect(x: 20, y: 100, width: 150, height: 80))
  static let screen = Rect(x: 0, y: 0, width: 390, height: 844)

  init(source: (() -> View?)? = nil) {
    AnimationEngine.reset()
    Screen.main.bounds = Self.screen
    // No safe area: a navigation or tab bar controller lays its bars out by it, and other
    // suites leave theirs on the ambient screen.
    Screen.main.safeAreaInsets = .zero
    window = Window()
    cell.name = "cell"
    cell.layer.cornerRadius = 10
    list.view.addSubview(cell)
    nav = NavigationController(rootViewController: list)
    window.rootViewController = nav
    let cell = self.cell
    detail.preferredTransition = .zoom { _ in source.map { $0() } ?? cell }
    AnimationEngine.current.settle()
  }

  func named(_ name: String, in view: View) -> View? {
    if view.name == name { return view }
    for child in view.subviews { if let found = named(name, in: child) { return found } }
    return nil
  }

  /// The card's frame on screen now (presentation values).
  func cardFrame() -> Rect? {
    guard let card = named("zoom-card", in: window) else { return nil }
    let s = card.layer.presentationSnapshot()
    return Rect(
      x: s.position.x - s.bounds.width / 2, y: s.position.y - s.bounds.height / 2, width: s.bounds.width,
      height: s.bounds.height)
  }

  /// The rectangle between `a` (u = 0) and `b` (u = 1).
  static func lerp(_ a: Rect, _ b: Rect, _ u: Double) -> Rect {
    Rect(
      x: a.minX + (b.minX - a.minX) * u, y: a.minY + (b.minY - a.minY) * u,
      width: a.width + (b.width - a.width) * u, height: a.height + (b.height - a.height) * u)
  }

  func dragDown(from y: Double, by: Double, at start: Double = 0) {
    TouchPlayer(
      script: TouchScript.drag(from: Point(x: 195, y: y), to: Point(x: 195, y: y + by), duration: 0.6)
        .delayed(by: start), window: window
    ).start()
  }
}

func nearRect(_ a: Rect?, _ b: Rect, _ tolerance: Double) -> Bool {
  guard let a else { return false }
  return abs(a.minX - b.minX) <= tolerance && abs(a.minY - b.minY) <= tolerance
    && abs(a.width - b.width) <= tolerance && abs(a.height - b.height) <= tolerance
}

@MainActor
@Suite("iOS 18's zoom transition", .resetEngineAfterEachTest)
struct ZoomTransitionTests {
  @Test(
    "zoom: preferredTransition = .zoom { _ in cell } grows the pushed screen from the cell: at 0.125 s the card is the cell's frame moved toward the screen's by the critically damped spring of 19 rad/s, 1 − (1 + ωt)·e^(−ωt) = 0.686, its corners from 10 pt toward the display's 0, the list under black at 0.15 × that, the cell hidden; at the end the pushed screen fills the screen and the cell shows again"
  )
  func pushGrowsFromTheCell() throws {
    let stage = ZoomStage()
    stage.nav.pushViewController(stage.detail, animated: true)
    #expect(stage.cell.isHidden)
    AnimationEngine.current.advance(to: 0.125)
    let u = 1 - (1 + 19 * 0.125) * exp(-19 * 0.125)
    #expect(abs(u - 0.686) < 0.001)
    let card = stage.cellFrameOnScreen
    #expect(nearRect(stage.cardFrame(), ZoomStage.lerp(card, ZoomStage.screen, u), 0.01))
    let cardView = try #require(stage.named("zoom-card", in: stage.window))
    #expect(near(cardView.layer.presentationSnapshot().cornerRadius, 10 * (1 - u), 1e-6))
    let veil = try #require(stage.named("veil", in: stage.list.view))
    #expect(near(veil.layer.presentationSnapshot().opacity, 0.15 * u, 1e-6))
    AnimationEngine.current.advance(to: 1)
    #expect(stage.nav.topViewController === stage.detail)
    #expect(stage.detail.view.frame == ZoomStage.screen && stage.detail.view.superview === stage.nav.transitionView)
    #expect(stage.named("zoom-card", in: stage.window) == nil && !stage.cell.isHidden)
    #expect(AnimationEngine.current.diagnostics == [])
  }

  @Test(
    "zoom: the pop shrinks the screen back into the cell along the same spring (at 0.125 s the card is 0.686 of the way to the cell), the list's dimming clearing"
  )
  func popShrinksIntoTheCell() {
    let stage = ZoomStage()
    stage.nav.pushViewController(stage.detail, animated: false)
    AnimationEngine.current.settle()
    stage.nav.popViewController(animated: true)
    AnimationEngine.current.advance(to: 0.125)
    let u = 1 - (1 + 19 * 0.125) * exp(-19 * 0.125)
    #expect(nearRect(stage.cardFrame(), ZoomStage.lerp(ZoomStage.screen, stage.cellFrameOnScreen, u), 0.01))
    AnimationEngine.current.advance(to: 1)
    #expect(stage.nav.topViewController === stage.list && stage.detail.view.superview == nil)
  }

  @Test(
    "zoom: a drag down on the zoomed screen pops it interactively: the card shrinks toward the cell with the finger (progress = travel / height) and, past 0.14 of the height, lands in it; a drag of 0.08 of the height let go at rest grows back, the screen as it was"
  )
  func dragToDismiss() {
    let stage = ZoomStage()
    stage.nav.pushViewController(stage.detail, animated: true)
    AnimationEngine.current.advance(to: 1)
    let before = stage.window.layer.presentationSnapshot()
    stage.dragDown(from: 300, by: 0.08 * 844, at: 1)
    AnimationEngine.current.advance(to: 3)
    #expect(stage.nav.topViewController === stage.detail)
    #expect(stage.window.layer.presentationSnapshot() == before)

    stage.dragDown(from: 300, by: 0.25 * 844, at: 3)
    AnimationEngine.current.advance(to: 3.3)
    let p = 0.25 * smoothstep(0.5)
    #expect(nearRect(stage.cardFrame(), ZoomStage.lerp(ZoomStage.screen, stage.cellFrameOnScreen, p), 0.5))
    AnimationEngine.current.advance(to: 5)
    #expect(stage.nav.topViewController === stage.list)
    #expect(AnimationEngine.current.diagnostics == [])
  }

  @Test(
    "zoom: presented, .automatic is full screen for the zoom: the screen grows from the cell and covers the window, the presenter's view leaving at the end"
  )
  func presentation() {
    AnimationEngine.reset()
    Screen.main.bounds = ZoomStage.screen
    let window = Window()
    let list = ViewController()
    let cell = View(frame: Rect(x: 20, y: 100, width: 150, height: 80))
    list.view.addSubview(cell)
    window.rootViewController = list
    let detail = ViewController()
    detail.preferredTransition = .zoom { _ in cell }
    list.present(detail, animated: true)
    #expect(detail.transitionCoordinator?.presentationStyle == .fullScreen)
    AnimationEngine.current.advance(to: 0.125)
    let u = 1 - (1 + 19 * 0.125) * exp(-19 * 0.125)
    let card = window.subviews.last?.subviews.first { $0.name == "zoom-card" }
    #expect(card.map { near($0.layer.presentationSnapshot().bounds.width, 150 + (390 - 150) * u, 0.01) } == true)
    AnimationEngine.current.advance(to: 1)
    #expect(detail.view.frame == ZoomStage.screen && list.view.window == nil)
    #expect(AnimationEngine.current.diagnostics == [])
  }

  @Test(
    "zoom misuse: a source view that is not in the window is reported in one line naming the zoom, and the screen grows from a quarter-screen card at the centre, never a blank frame; the push completes"
  )
  func sourceNotInTheWindow() {
    let detached = View(frame: Rect(x: 0, y: 0, width: 10, height: 10))
    let stage = ZoomStage(source: { detached })
    stage.nav.pushViewController(stage.detail, animated: true)
    let centre = Rect(x: 390 * 0.375, y: 844 * 0.375, width: 390 * 0.25, height: 844 * 0.25)
    #expect(nearRect(stage.cardFrame(), centre, 0.01))
    AnimationEngine.current.advance(to: 1)
    let reports = AnimationEngine.current.diagnostics
    #expect(reports.count == 1 && reports.first?.contains("not in the window") == true)
    #expect(stage.nav.topViewController === stage.detail && stage.detail.view.frame == ZoomStage.screen)
  }
}

extension ZoomStage {
  /// The cell's frame in the window.
  var cellFrameOnScreen: Rect { Rect(x: 20, y: 100, width: 150, height: 80) }
}
