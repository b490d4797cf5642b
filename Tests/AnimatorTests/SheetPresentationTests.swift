import AnimatorTestSupport
import Testing

@testable import Animator

/// A phone of 390 × 844 pt whose safe area is 47 pt at the top and 34 at the bottom, a
/// presenter at the window's root and a plain view controller to present.
@MainActor
struct SheetStage {
  static let size = Size(width: 390, height: 844)
  static let insets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)
  let window: Window
  let presenter: ViewController
  let presented: ViewController

  init(width: Double = SheetStage.size.width, height: Double = SheetStage.size.height) {
    AnimationEngine.reset()
    Screen.main.bounds = Rect(x: 0, y: 0, width: width, height: height)
    Screen.main.safeAreaInsets = SheetStage.insets
    window = Window()
    window.displayCornerRadius = 47
    presenter = ViewController()
    presenter.title = "presenter"
    window.rootViewController = presenter
    presented = ViewController()
    presented.title = "presented"
  }

  /// The sheet's top at the large detent: the safe area's top + 10 (docs: page-sheet-geometry).
  var sheetTop: Double { 47 + 10 }
  /// The largest detent value: the height left below the sheet's top, less the bottom inset.
  var maximumDetent: Double { window.bounds.height - sheetTop - 34 }

  func presentationState(_ view: View) -> LayerSnapshot { view.layer.presentationSnapshot() }

  /// The top edge of an untransformed-but-translated view on screen now (presentation values).
  func presentedTop(_ view: View) -> Double {
    let s = view.layer.presentationSnapshot()
    return s.position.y - s.bounds.height / 2 + s.transform.m42
  }

  /// The view's frame on screen (model values, affine transforms included).
  func screenFrame(_ view: View) -> Rect {
    let a = view.convertToWindow(Point(x: view.bounds.minX, y: view.bounds.minY))
    let b = view.convertToWindow(Point(x: view.bounds.maxX, y: view.bounds.maxY))
    return Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
  }

  func named(_ name: String, in view: View) -> View? {
    if view.name == name { return view }
    for child in view.subviews { if let found = named(name, in: child) { return found } }
    return nil
  }

  /// A one-finger drag down from `y` over `by` points, starting now, lifting at rest.
  func dragDown(from y: Double, by: Double) {
    let x = window.bounds.midX
    TouchPlayer(
      script: TouchScript.drag(from: Point(x: x, y: y), to: Point(x: x, y: y + by), duration: 0.6)
        .delayed(by: AnimationEngine.current.now), window: window
    ).start()
  }
}

func near(_ a: Double, _ b: Double, _ tolerance: Double = 1e-6) -> Bool { abs(a - b) <= tolerance }

@MainActor
@Suite("Sheets and the presentation styles", .resetEngineAfterEachTest)
struct SheetPresentationTests {
  @Test(
    "presentation-styles: modalPresentationStyle is .automatic by default, and presenting a plain view controller makes a sheet presentation controller (UIKit: .automatic maps to .pageSheet); .fullScreen and .overFullScreen get none"
  )
  func automaticIsAPageSheet() {
    let stage = SheetStage()
    #expect(stage.presented.modalPresentationStyle == .automatic)
    #expect(stage.presented.sheetPresentationController != nil)
    let full = ViewController()
    full.modalPresentationStyle = .fullScreen
    #expect(full.sheetPresentationController == nil)
    stage.presenter.present(stage.presented, animated: true)
    #expect(stage.presented.transitionCoordinator?.presentationStyle == .pageSheet)
    AnimationEngine.current.advance(to: 1)
    #expect(stage.presented.presentationController is SheetPresentationController)
  }

  @Test(
    "page-sheet-geometry: at rest the sheet starts 10 pt below the safe area's top, fills the width down to the bottom, its top corners rounded 12 pt and clipped; the presenter stays in the window, scaled by 1 − 32/W about its centre with its top on the safe area's top and corners of 12 pt, over a black backdrop, under black dimming at 0.1"
  )
  func pageSheetAtRest() throws {
    let stage = SheetStage()
    stage.presenter.present(stage.presented, animated: true)
    AnimationEngine.current.advance(to: 1)
    let sheet: View = stage.presented.view
    #expect(sheet.frame == Rect(x: 0, y: 57, width: 390, height: 844 - 57))
    #expect(sheet.layer.cornerRadius == 12)
    #expect(sheet.layer.maskedCorners == [.minXMinY, .maxXMinY])
    #expect(sheet.clipsToBounds)
    let presenterView: View = stage.presenter.view
    #expect(presenterView.window === stage.window)
    let s = 1 - 32.0 / 390
    let frame = stage.screenFrame(presenterView)
    #expect(near(frame.width, 390 * s) && near(frame.height, 844 * s))
    #expect(near(frame.minY, 47) && near(frame.midX, 195))
    #expect(presenterView.layer.cornerRadius == 12 && presenterView.clipsToBounds)
    let backdrop = try #require(stage.named("sheet-backdrop", in: stage.window))
    #expect(backdrop.backgroundColor == .black && backdrop.frame == stage.window.bounds)
    #expect(
      stage.window.subviews.firstIndex { $0 === backdrop }! < stage.window.subviews.firstIndex { $0 === presenterView }!
    )
    let dimming = try #require(stage.named("sheet-dimming", in: stage.window))
    #expect(near(stage.presentationState(dimming).opacity, 0.1))
  }

  @Test(
    "page-sheet: the presentation slides the sheet up with the system transition while the presenter scales back alongside (ease-in-ease-out over the 0.5 s); halfway the sheet has risen by the cover-vertical curve and the presenter's scale lies strictly between 1 and 1 − 32/W"
  )
  func pageSheetMidway() {
    let stage = SheetStage()
    stage.presenter.present(stage.presented, animated: true)
    AnimationEngine.current.advance(to: 0.25)
    let sheetY = stage.presentedTop(stage.presented.view)
    let travel = 844 - 57.0
    let u = TimingFunction.heroDeceleration.value(at: 0.5)
    #expect(near(sheetY, 57 + travel * (1 - u), 0.5))
    let scale = stage.presentationState(stage.presenter.view).transform.m11
    let eased = TimingFunction.easeInEaseOut.value(at: 0.5)
    #expect(near(scale, 1 - (32.0 / 390) * eased, 1e-3))
  }

  @Test(
    "page-sheet: the dismissal plays the chrome back and takes it away: the presenter's transform, corners and clip are as before, the backdrop and dimming are gone, the sheet's corners are put back"
  )
  func dismissalRestores() {
    let stage = SheetStage()
    let before = stage.presenter.view.layer.presentationSnapshot()
    stage.presenter.present(stage.presented, animated: true)
    AnimationEngine.current.advance(to: 1)
    stage.presented.dismiss(animated: true)
    AnimationEngine.current.advance(to: 2)
    #expect(stage.presenter.view.layer.presentationSnapshot() == before)
    #expect(stage.named("sheet-backdrop", in: stage.window) == nil)
    #expect(stage.named("sheet-dimming", in: stage.window) == nil)
    #expect(stage.presented.view.layer.cornerRadius == 0 && !stage.presented.view.clipsToBounds)
    #expect(stage.presented.presentationController is SheetPresentationController)
    #expect(AnimationEngine.current.diagnostics == [])
  }

  @Test(
    "sheet-detents: with [.medium(), .large()] and no selection the sheet settles at the smallest, half the largest detent value, plus the bottom inset; the presenter is not scaled back, what is behind is dimmed"
  )
  func mediumDetent() throws {
    let stage = SheetStage()
    let sheet = try #require(stage.presented.sheetPresentationController)
    sheet.detents = [.medium(), .large()]
    stage.presenter.present(stage.presented, animated: true)
    AnimationEngine.current.advance(to: 1)
    let height = 0.5 * stage.maximumDetent + 34
    #expect(stage.presented.view.frame == Rect(x: 0, y: 844 - height, width: 390, height: height))
    #expect(stage.presenter.view.transform == .identity)
    let dimming = try #require(stage.named("sheet-dimming", in: stage.window))
    #expect(near(stage.presentationState(dimming).opacity, 0.1))
  }

  @Test(
    "sheet-detents: selecting .large inside animateChanges is recorded like any animation: the sheet's top moves from the medium to the large detent over 0.5 s (between the two halfway), the presenter scales back; outside animateChanges a change applies at once"
  )
  func animatedDetentChange() throws {
    let stage = SheetStage()
    let sheet = try #require(stage.presented.sheetPresentationController)
    sheet.detents = [.medium(), .large()]
    stage.presenter.present(stage.presented, animated: true)
    AnimationEngine.current.advance(to: 1)
    let mediumTop = 844 - (0.5 * stage.maximumDetent + 34)
    sheet.animateChanges { sheet.selectedDetentIdentifier = .large }
    #expect(stage.presented.view.frame.minY == 57, "the model moves at once")
    AnimationEngine.current.advance(to: 1.25)
    let view: View = stage.presented.view
    let top = stage.presentationState(view).position.y - stage.presentationState(view).bounds.height / 2
    #expect(top > 57 + 1 && top < mediumTop - 1)
    AnimationEngine.current.advance(to: 2)
    #expect(near(stage.screenFrame(stage.presenter.view).minY, 47))
    sheet.selectedDetentIdentifier = .medium
    #expect(near(stage.presentationState(view).position.y - stage.presentationState(view).bounds.height / 2, mediumTop))
  }

  @Test(
    "sheet-detents: largestUndimmedDetentIdentifier .medium leaves the medium sheet undimmed and interactive behind; a custom detent taller than the container is reported once, naming it, and rests at full height"
  )
  func undimmedAndTooTall() throws {
    let stage = SheetStage()
    let sheet = try #require(stage.presented.sheetPresentationController)
    sheet.detents = [.medium(), .large()]
    sheet.largestUndimmedDetentIdentifier = .medium
    stage.presenter.present(stage.presented, animated: true)
    AnimationEngine.current.advance(to: 1)
    let dimming = try #require(stage.named("sheet-dimming", in: stage.window))
    #expect(stage.presentationState(dimming).opacity == 0 && !dimming.isUserInteractionEnabled)

    let tall = SheetStage()
    let tallSheet = try #require(tall.presented.sheetPresentationController)
    tallSheet.detents = [.custom(identifier: .init("tall")) { $0.maximumDetentValue + 500 }]
    tall.presenter.present(tall.presented, animated: true)
    AnimationEngine.current.advance(to: 1)
    #expect(tall.presented.view.frame.minY == 57)
    let reports = AnimationEngine.current.diagnostics
    #expect(reports.count == 1)
    #expect(reports.first?.contains("tall") == true && reports.first?.contains("full height") == true)
  }

  @Test(
    "sheet-detents: prefersGrabberVisible shows a 36 × 5 capsule 5 pt below the sheet's top, centred, tertiaryLabel; preferredCornerRadius replaces the 12 pt"
  )
  func grabberAndRadius() throws {
    let stage = SheetStage()
    let sheet = try #require(stage.presented.sheetPresentationController)
    sheet.prefersGrabberVisible = true
    sheet.preferredCornerRadius = 20
    stage.presenter.present(stage.presented, animated: true)
    AnimationEngine.current.advance(to: 1)
    let grabber = try #require(stage.named("grabber", in: stage.presented.view))
    #expect(grabber.frame == Rect(x: 195 - 18, y: 5, width: 36, height: 5))
    #expect(grabber.backgroundColor == .tertiaryLabel && grabber.layer.cornerRadius == 2.5)
    #expect(stage.presented.view.layer.cornerRadius == 20)
  }

  @Test(
    "sheet-swipe-down: a drag down of 60 % of the sheet's height dismisses it (the sheet's top under the finger while dragging, the presenter back at the end); a drag of 20 % let go at rest puts it back, chrome and all"
  )
  func swipeDown() throws {
    let stage = SheetStage()
    stage.presenter.present(stage.presented, animated: true)
    AnimationEngine.current.advance(to: 1)
    let sheetHeight = 844 - 57.0
    stage.dragDown(from: 300, by: 0.2 * sheetHeight)
    AnimationEngine.current.advance(to: 3)
    #expect(stage.presenter.presentedViewController === stage.presented, "a short drag springs back")
    #expect(stage.presented.view.frame.minY == 57)
    #expect(near(stage.screenFrame(stage.presenter.view).minY, 47))
    #expect(AnimationEngine.current.diagnostics == [])

    stage.dragDown(from: 300, by: 0.6 * sheetHeight)
    AnimationEngine.current.advance(to: 3.3)
    let top = stage.presentedTop(stage.presented.view)
    let finger = 0.6 * sheetHeight * smoothstep(0.3 / 0.6)
    #expect(near(top, 57 + finger, 1.5), "the sheet's top follows the finger")
    AnimationEngine.current.advance(to: 5)
    #expect(stage.presenter.presentedViewController == nil)
    #expect(stage.presenter.view.transform == .identity)
    #expect(AnimationEngine.current.diagnostics == [])
  }

  @Test("sheet-swipe-down: isModalInPresentation keeps the swipe from dismissing")
  func modalInPresentation() {
    let stage = SheetStage()
    stage.presented.isModalInPresentation = true
    stage.presenter.present(stage.presented, animated: true)
    AnimationEngine.current.advance(to: 1)
    stage.dragDown(from: 300, by: 600)
    AnimationEngine.current.advance(to: 3)
    #expect(stage.presenter.presentedViewController === stage.presented)
    #expect(stage.presented.view.frame.minY == 57)
  }

  @Test(
    "page-sheet: a sheet presented from a sheet stacks on it: the first sheet is scaled back by 1 − 32/W with its top on the safe area's top, over a black backdrop that hides the screen behind"
  )
  func secondSheet() throws {
    let stage = SheetStage()
    stage.presenter.present(stage.presented, animated: true)
    AnimationEngine.current.advance(to: 1)
    let second = ViewController()
    stage.presented.present(second, animated: true)
    AnimationEngine.current.advance(to: 2)
    let first = stage.screenFrame(stage.presented.view)
    let s = 1 - 32.0 / 390
    #expect(near(first.minY, 47) && near(first.width, 390 * s))
    #expect(second.view.frame.minY == 57)
    #expect(AnimationEngine.current.diagnostics == [])
  }

  @Test(
    "form-sheet: in a regular-width container (834 pt) the form sheet is a 540 × 620 card centred, all corners rounded, the presenter in place, black dimming at 0.35; in a phone-width one it is the page sheet"
  )
  func formSheet() throws {
    let stage = SheetStage(width: 834, height: 1194)
    stage.presented.modalPresentationStyle = .formSheet
    stage.presenter.present(stage.presented, animated: true)
    AnimationEngine.current.advance(to: 1)
    #expect(stage.presented.view.frame == Rect(x: (834 - 540) / 2, y: (1194 - 620) / 2, width: 540, height: 620))
    #expect(stage.presented.view.layer.maskedCorners == .all)
    #expect(stage.presenter.view.transform == .identity)
    let dimming = try #require(stage.named("sheet-dimming", in: stage.window))
    #expect(near(stage.presentationState(dimming).opacity, 0.35))

    let phone = SheetStage()
    phone.presented.modalPresentationStyle = .formSheet
    phone.presenter.present(phone.presented, animated: true)
    AnimationEngine.current.advance(to: 1)
    #expect(phone.presented.view.frame.minY == 57)
  }

  @Test(
    "context-presentations: .overCurrentContext from a child covers the view of the view controller that defines the presentation context, which presents and whose view stays; .currentContext takes that view out until the dismissal"
  )
  func currentContext() {
    let stage = SheetStage()
    let nav = NavigationController(rootViewController: stage.presenter)
    stage.window.rootViewController = nav
    stage.presenter.definesPresentationContext = true
    stage.presented.modalPresentationStyle = .overCurrentContext
    stage.presenter.present(stage.presented, animated: false)
    #expect(stage.presented.presentingViewController === stage.presenter)
    #expect(stage.presented.view.superview?.superview === nav.transitionView)
    #expect(stage.presenter.view.superview === nav.transitionView)
    stage.presented.dismiss(animated: false)

    let covering = ViewController()
    covering.modalPresentationStyle = .currentContext
    stage.presenter.present(covering, animated: false)
    #expect(stage.presenter.view.superview !== nav.transitionView)
    covering.dismiss(animated: false)
    #expect(stage.presenter.view.superview === nav.transitionView)
    #expect(AnimationEngine.current.diagnostics == [])
  }
}

/// TouchScript.drag's easing: smoothstep.
func smoothstep(_ u: Double) -> Double { u * u * (3 - 2 * u) }
