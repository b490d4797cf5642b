import AnimatorTestSupport
import Testing
import Pixels

@testable import Animator

/// A navigation controller on a 390 × 844 phone with the safe area 47 / 34, laid out. The
/// tests that make one put the ambient screen's safe area back (`resetSafeArea`), as the
/// other suites expect none.
@MainActor
struct BarStage {
  let window: Window
  let nav: NavigationController

  init(root: ViewController, large: Bool = false) {
    phoneScreen()
    window = Window()
    nav = NavigationController(rootViewController: root)
    nav.navigationBar.prefersLargeTitles = large
    window.rootViewController = nav
    window.layoutIfNeeded()
  }

  /// The bar's items at rest, laid out.
  var content: NavigationBarContent {
    window.layoutIfNeeded()
    return nav.navigationBar.content!
  }

  func push(_ vc: ViewController) {
    nav.pushViewController(vc, animated: false)
    AnimationEngine.current.settle()
    window.layoutIfNeeded()
  }
}

/// A 2-point red square at 3x, half transparent at its left column: a template's colour shows
/// at (3, 3), its alpha at (0, 3).
func redSquare() -> Image {
  var pixels = [UInt8](repeating: 0, count: 6 * 6 * 4)
  for i in 0..<36 { (pixels[4 * i], pixels[4 * i + 3]) = (255, i % 6 == 0 ? 128 : 255) }
  return Image(bitmap: Bitmap(RGBAImage(width: 6, height: 6, pixels: pixels)!, label: "red"), scale: 3)
}

/// A fresh engine and the ambient screen of a 390 × 844 phone with `safeArea` (47 / 34 by
/// default).
@MainActor
func phoneScreen(safeArea: EdgeInsets = EdgeInsets(top: 47, left: 0, bottom: 34, right: 0)) {
  AnimationEngine.reset()
  Screen.main.bounds = Rect(x: 0, y: 0, width: 390, height: 844)
  Screen.main.safeAreaInsets = safeArea
}

/// Puts the ambient screen's safe area back to none.
@MainActor
func resetSafeArea() { Screen.main.safeAreaInsets = .zero }

/// A view controller titled `title`.
@MainActor
func screen(_ title: String?) -> ViewController {
  let vc = ViewController()
  vc.title = title
  return vc
}

/// One line of `text` in `font`, as the text engine sizes it.
@MainActor
func textSize(_ text: String, _ font: Font) -> Size {
  TextEngine.shared.size(of: TextBlock(text, font: font, numberOfLines: 1), fitting: .zero)
}

/// Notes the taps its bar buttons send it.
@MainActor
final class TapTarget {
  var taps: [String] = []
  func add() { taps.append("add") }
  func edit(_ sender: BarButtonItem) { taps.append("edit \(sender.tag)") }
}

@MainActor
@Suite("Navigation bar, toolbar and bar button items", .resetEngineAfterEachTest)
struct NavigationBarTests {
  @Test(
    "navigation-bar: 44 points at the safe area's top, the title 17-point semibold centred in it, a text item at the leading margin (16) and a glyph 24 points square 16 from the trailing edge, 8 points after the next; the screen's safe area starts below the bar"
  )
  func geometry() {
    defer { resetSafeArea() }
    let root = screen("Inbox")
    let target = TapTarget()
    let edit = BarButtonItem(title: "Edit", style: .plain, target: target, action: TapTarget.edit)
    root.navigationItem.leftBarButtonItem = edit
    root.navigationItem.rightBarButtonItems = [
      BarButtonItem(barButtonSystemItem: .add, target: target, action: TapTarget.add),
      BarButtonItem(barButtonSystemItem: .search, target: nil, action: nil),
    ]
    let stage = BarStage(root: root)
    #expect(stage.nav.navigationBar.frame == Rect(x: 0, y: 47, width: 390, height: 44))
    let c = stage.content
    let title = textSize("Inbox", NavigationBar.titleFont), editSize = textSize("Edit", .systemFont(ofSize: 17))
    #expect(
      c.layout.title
        == Rect(x: (390 - title.width) / 2, y: (44 - title.height) / 2, width: title.width, height: title.height))
    #expect(
      c.layout.leftItems == [Rect(x: 16, y: (44 - editSize.height) / 2, width: editSize.width, height: editSize.height)]
    )
    #expect(
      c.layout.rightItems == [Rect(x: 350, y: 10, width: 24, height: 24), Rect(x: 318, y: 10, width: 24, height: 24)])
    #expect(c.chevron == nil && c.backTitle == nil)
    #expect((c.title as? Label)?.font == .systemFont(ofSize: 17, weight: .semibold))
    #expect(root.view.safeAreaInsets == EdgeInsets(top: 91, left: 0, bottom: 34, right: 0))
    // The background reaches the screen's top; transparent at the scroll edge.
    #expect(stage.nav.navigationBar.background.frame == Rect(x: 0, y: -47, width: 390, height: 91))
    #expect(stage.nav.navigationBar.background.alpha == 0 && stage.nav.navigationBar.hairline.alpha == 0)
  }

  @Test(
    "back-button: the chevron at x 8 and the previous screen's title from x 27; \"Back\" when that title does not fit before the centred title; the chevron alone when neither fits; backButtonTitle and backBarButtonItem win over the title; .minimal shows the chevron alone; hidesBackButton hides it"
  )
  func backButton() {
    defer { resetSafeArea() }
    let stage = BarStage(root: screen("Mailboxes"))
    stage.push(screen("Inbox"))
    var c = stage.content
    #expect(c.layout.chevron == Rect(x: 8, y: 11.5, width: 13, height: 21))
    #expect(c.layout.backTitle?.text == "Mailboxes" && c.layout.backTitle?.frame.minX == 27)
    #expect(c.backTitle?.textColor == .systemBlue)
    // A long title leaves no room for "All the mailboxes of the account" (27 + its width > the title's left − 8).
    let long = screen("A long title for the message")
    stage.nav.viewControllers[1].title = "All the mailboxes of the account"
    stage.push(long)
    c = stage.content
    let titleLeft = (390 - textSize("A long title for the message", NavigationBar.titleFont).width) / 2
    #expect(27 + textSize("All the mailboxes of the account", NavigationBar.itemFont).width > titleLeft - 8)
    #expect(c.layout.backTitle?.text == "Back")
    // A title that leaves no room for "Back" either: the chevron alone.
    let longer = screen("A much longer title for this message here")
    stage.push(longer)
    #expect(stage.content.layout.backTitle == nil && stage.content.layout.chevron != nil)
    // backButtonTitle of the screen below wins; .minimal; hidden.
    longer.title = "Note"
    long.navigationItem.backButtonTitle = "Msg"
    #expect(stage.content.layout.backTitle?.text == "Msg")
    long.navigationItem.backBarButtonItem = BarButtonItem(title: "Up", style: .plain)
    #expect(stage.content.layout.backTitle?.text == "Up")
    long.navigationItem.backButtonDisplayMode = .minimal
    #expect(stage.content.layout.backTitle == nil && stage.content.layout.chevron != nil)
    longer.navigationItem.hidesBackButton = true
    #expect(stage.content.layout.chevron == nil)
  }

  @Test(
    "large-titles, safe-area-under-bars: with prefersLargeTitles the root's title is large (34-point bold at the margin, its box 8 points above the bar's bottom) in a 96-point bar and a table's adjusted inset is 47 + 96; .automatic inherits, .never makes a 44-point bar; without prefersLargeTitles .always is small"
  )
  func largeTitles() {
    defer { resetSafeArea() }
    let table = TableViewController(style: .plain)
    table.title = "Mailboxes"
    let stage = BarStage(root: table, large: true)
    #expect(stage.nav.navigationBar.frame.height == 96)
    let size = textSize("Mailboxes", .boldSystemFont(ofSize: 34))
    #expect(
      stage.content.layout.largeTitle == Rect(x: 16, y: 96 - 8 - size.height, width: size.width, height: size.height))
    #expect(stage.content.title == nil)
    #expect(table.tableView.adjustedContentInset.top == 143 && table.tableView.contentOffset.y == -143)
    let second = screen("Inbox"), third = screen("Message")
    stage.push(second)
    #expect(stage.nav.navigationBar.frame.height == 96)
    third.navigationItem.largeTitleDisplayMode = .never
    stage.push(third)
    #expect(stage.nav.navigationBar.frame.height == 44 && third.view.safeAreaInsets.top == 91)
    stage.nav.navigationBar.prefersLargeTitles = false
    second.navigationItem.largeTitleDisplayMode = .always
    stage.nav.popViewController(animated: false)
    AnimationEngine.current.settle()
    #expect(stage.content.layout.largeTitle == nil && stage.content.layout.height == 44)
  }

  @Test(
    "hiding-the-bars: setNavigationBarHidden(true, animated: true) slides the bar above the screen over 0.2 s and the screen's safe area top becomes the status bar's 47; the toolbar shown adds 44 at the bottom, its flexible spaces sharing the room between its items"
  )
  func hiding() {
    defer { resetSafeArea() }
    let root = screen("Inbox")
    let stage = BarStage(root: root)
    stage.nav.setNavigationBarHidden(true, animated: true)
    AnimationEngine.current.advance(to: 0.1)
    let y = stage.nav.navigationBar.layer.presentationSnapshot().position.y
    #expect(y < 47 + 22 && y > -45 + 22)
    AnimationEngine.current.settle()
    stage.window.layoutIfNeeded()
    #expect(stage.nav.isNavigationBarHidden && stage.nav.navigationBar.frame.maxY <= 0)
    #expect(root.view.safeAreaInsets.top == 47)
    let done = BarButtonItem(barButtonSystemItem: .done, target: nil, action: nil)
    root.toolbarItems = [BarButtonItem(barButtonSystemItem: .trash, target: nil, action: nil), .flexibleSpace(), done]
    stage.nav.setToolbarHidden(false, animated: false)
    stage.window.layoutIfNeeded()
    #expect(stage.nav.toolbar.frame == Rect(x: 0, y: 844 - 34 - 44, width: 390, height: 78))
    #expect(root.view.safeAreaInsets.bottom == 34 + 44)
    let doneWidth = textSize("Done", .systemFont(ofSize: 17, weight: .semibold)).width
    let frames = Toolbar.frames(of: stage.nav.toolbar.items!, width: 390)
    #expect(frames[0].minX == 16 && frames[2].maxX == 390 - 16)
    #expect(abs(frames[1].width - (390 - 32 - 24 - doneWidth - 16)) < 1e-9)
  }

  @Test(
    "bar-button-items: a scripted tap on a bar button runs its target's method (with the item as sender when it takes one); a tap on the back button pops; an item with no title, image or glyph keeps an empty 44-point slot and nothing is reported"
  )
  func taps() {
    defer { resetSafeArea() }
    let root = screen("Inbox")
    let target = TapTarget()
    let edit = BarButtonItem(title: "Edit", style: .plain, target: target, action: TapTarget.edit)
    edit.tag = 7
    root.navigationItem.leftBarButtonItem = edit
    root.navigationItem.rightBarButtonItems = [
      BarButtonItem(barButtonSystemItem: .add, target: target, action: TapTarget.add), BarButtonItem(),
    ]
    let stage = BarStage(root: root)
    func tap(_ p: Point, at start: Double) {
      TouchPlayer(
        script: try! TouchScript(samples: [
          TouchSample(time: start, locations: [p], phase: .began),
          TouchSample(time: start + 0.1, locations: [p], phase: .ended),
        ]), window: stage.window
      ).start()
      AnimationEngine.current.advance(to: start + 0.2)
    }
    tap(Point(x: 362, y: 69), at: 0)
    tap(Point(x: 30, y: 69), at: 0.5)
    #expect(target.taps == ["add", "edit 7"])
    #expect(stage.content.layout.rightItems[1] == Rect(x: 350 - 8 - 44, y: 10, width: 44, height: 24))
    #expect(AnimationEngine.current.diagnostics.isEmpty)
    stage.push(screen("Message"))
    tap(Point(x: 40, y: 69), at: 1)
    AnimationEngine.current.settle()
    #expect(stage.nav.viewControllers.count == 1)
  }

  @Test(
    "the-bars-transition: during a back swipe the bar's items follow the finger (the top screen's title fading, the one below's back title sliding), and a cancelled swipe restores the bar: the top title at rest, the back button, 44 points"
  )
  func cancelledSwipeRestoresTheBar() throws {
    let stage = BackSwipeStage()
    stage.swipe(to: 0.3 * BackSwipeStage.width)
    AnimationEngine.current.advance(to: 0.3)
    #expect(stage.offset(stage.second) > 0)
    let transition = try #require(stage.nav.navigationBar.transition)
    let upperTitle = try #require(transition.upper.title)
    let alpha = upperTitle.layer.presentationSnapshot().opacity
    #expect(alpha > 0 && alpha < 1)
    AnimationEngine.current.advance(to: 1.5)
    stage.window.layoutIfNeeded()
    #expect(stage.nav.viewControllers.count == 2 && stage.nav.navigationBar.transition == nil)
    let content = try #require(stage.nav.navigationBar.content)
    #expect(content.item === stage.second.navigationItem && content.layout.backTitle?.text == "first")
    #expect((content.title as? Label)?.text == "second" && content.title?.alpha == 1)
    #expect(stage.nav.navigationBar.frame.height == 44)
  }

  @Test(
    "tab-bar: 49 points plus the 34-point bottom safe area, a tab's screen's safe area bottom 34 + 49; a system item's title and glyph; a badge's red capsule 18 points tall 5 points after the icon's centre"
  )
  func tabBar() throws {
    defer { resetSafeArea() }
    phoneScreen()
    let window = Window()
    let first = screen("a"), second = screen("b")
    second.tabBarItem = TabBarItem(tabBarSystemItem: .favorites, tag: 1)
    second.tabBarItem.badgeValue = "12"
    let tabs = TabBarController(viewControllers: [first, second])
    window.rootViewController = tabs
    window.layoutIfNeeded()
    #expect(tabs.tabBar.frame == Rect(x: 0, y: 844 - 34 - 49, width: 390, height: 83))
    #expect(first.view.safeAreaInsets.bottom == 83)
    #expect(second.tabBarItem.title == "Favorites")
    let slot = try #require(tabs.tabBar.subviews.first { $0.name == "tab1" })
    let badge = try #require(slot.subviews.first { $0.name == "badge" })
    let text = textSize("12", .systemFont(ofSize: 13))
    #expect(badge.frame == Rect(x: 195 / 2 + 5, y: 3, width: max(18, text.width + 10), height: 18))
    #expect(badge.backgroundColor == .systemRed)
    #expect(slot.subviews.contains { $0.name == "glyph" })
  }

  @Test(
    "tab-bar-images: a tab's image is drawn as a template, its shape in systemBlue when selected and in the unselected grey otherwise (dark values in dark); made .alwaysOriginal it keeps its own red"
  )
  func templateImages() throws {
    defer { resetSafeArea() }
    phoneScreen(safeArea: .zero)
    let red = redSquare()
    let first = screen("a"), second = screen("b"), third = screen("c")
    first.tabBarItem = TabBarItem(title: "a", image: red, tag: 0)
    second.tabBarItem = TabBarItem(title: "b", image: red, tag: 1)
    third.tabBarItem = TabBarItem(title: "c", image: red.withRenderingMode(.alwaysOriginal), tag: 2)
    let tabs = TabBarController(viewControllers: [first, second, third])
    let window = Window()
    window.rootViewController = tabs
    func drawn(_ tab: Int) throws -> (center: RGBA8, edge: RGBA8) {
      window.layoutIfNeeded()
      let slot = try #require(tabs.tabBar.subviews.first { $0.name == "tab\(tab)" })
      let image = try #require(slot.subviews.compactMap { $0 as? ImageView }.first?.image)
      return (image.bitmap.image[3, 3], image.bitmap.image[0, 3])
    }
    #expect(try drawn(0).center == RGBA8(0, 122, 255, 255))
    #expect(try drawn(0).edge == RGBA8(0, 122, 255, 128))
    #expect(try drawn(1).center == RGBA8(153, 153, 153, 255))
    #expect(try drawn(2).center == RGBA8(255, 0, 0, 255))
    window.overrideUserInterfaceStyle = .dark
    _ = window.snapshot(background: nil)
    #expect(try drawn(0).center == RGBA8(10, 132, 255, 255))
    #expect(try drawn(1).center == RGBA8(117, 117, 117, 255))
  }

  @Test(
    "bar-item-images: a bar button item's image is drawn as a template in the bar's tint (systemBlue, dark systemBlue in dark) or its own tintColor, the disabled grey when disabled; made .alwaysOriginal it keeps its own red; a toolbar's items alike"
  )
  func barButtonTemplateImages() throws {
    defer { resetSafeArea() }
    let red = redSquare()
    let root = screen("Inbox")
    let tinted = BarButtonItem(image: red, style: .plain)
    let green = BarButtonItem(image: red, style: .plain)
    green.tintColor = .systemGreen
    let disabled = BarButtonItem(image: red, style: .plain)
    disabled.isEnabled = false
    root.navigationItem.rightBarButtonItems = [tinted, green, disabled]
    root.navigationItem.leftBarButtonItem = BarButtonItem(image: red.withRenderingMode(.alwaysOriginal), style: .plain)
    let stage = BarStage(root: root)
    let bar = try #require(stage.nav.navigationBar.content)
    func drawn(_ view: View) throws -> (center: RGBA8, edge: RGBA8) {
      _ = stage.window.snapshot(background: nil)
      guard case .image(let bitmap)? = view.layer.contents else { throw BarImageMissing() }
      return (bitmap.image[3, 3], bitmap.image[0, 3])
    }
    #expect(try drawn(bar.rightItems[0]).center == RGBA8(0, 122, 255, 255))
    #expect(try drawn(bar.rightItems[0]).edge == RGBA8(0, 122, 255, 128))
    #expect(try drawn(bar.rightItems[1]).center == RGBA8(52, 199, 89, 255))
    #expect(try drawn(bar.rightItems[2]).center == RGBA8(60, 60, 67, 77))
    #expect(try drawn(bar.leftItems[0]).center == RGBA8(255, 0, 0, 255))
    stage.window.overrideUserInterfaceStyle = .dark
    #expect(try drawn(bar.rightItems[0]).center == RGBA8(10, 132, 255, 255))
    #expect(try drawn(bar.leftItems[0]).center == RGBA8(255, 0, 0, 255))
    let toolbar = Toolbar(frame: Rect(x: 0, y: 0, width: 390, height: 49))
    toolbar.items = [BarButtonItem(image: red, style: .plain)]
    stage.window.addSubview(toolbar)
    stage.window.overrideUserInterfaceStyle = .light
    toolbar.layoutIfNeeded()
    #expect(try drawn(try #require(toolbar.subviews.first { $0.name == "item0" })).center == RGBA8(0, 122, 255, 255))
  }

  struct BarImageMissing: Error {}

  @Test(
    "safe-area-changes: a layout pass that finds a view's safe area changed tells the view (safeAreaInsetsDidChange) and its view controller (viewSafeAreaInsetsDidChange) once, before the view lays out (a view that asks for layout there places its bar with the new insets): under the bar 47 + 44, the bar hidden 47, additionalSafeAreaInsets 10 more"
  )
  func safeAreaChanges() {
    defer { resetSafeArea() }
    final class Screen: ViewController {
      var heard: [Double] = []
      override func viewSafeAreaInsetsDidChange() { heard.append(view.safeAreaInsets.top) }
    }
    final class Pinned: View {
      var heard: [Double] = []
      let bar = View()
      override func safeAreaInsetsDidChange() {
        heard.append(safeAreaInsets.top)
        setNeedsLayout()
      }
      // Places its bar below the safe area by hand, as code that reads safeAreaInsets in
      // layoutSubviews does.
      override func layoutSubviews() { bar.frame = Rect(x: 0, y: safeAreaInsets.top, width: 10, height: 10) }
    }
    let root = Screen()
    let pinned = Pinned(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    pinned.addSubview(pinned.bar)
    root.view.addSubview(pinned)
    // A scroll view that scrolls itself under the bar while it lays out, and a view inside it.
    let list = ScrollView(frame: Rect(x: 0, y: 0, width: 390, height: 844))
    let inList = View(frame: Rect(x: 0, y: -91, width: 390, height: 200))
    list.addSubview(inList)
    root.view.addSubview(list)
    let stage = BarStage(root: root)
    #expect(root.heard == [91])
    #expect(pinned.heard == [91])
    #expect(pinned.bar.frame.minY == 91)
    // What the pass worked out going down the hierarchy is each view's safeAreaInsets.
    func everyView(_ v: View) -> [View] { [v] + v.subviews.flatMap(everyView) }
    for view in everyView(stage.window) {
      #expect(view.layoutState.seenSafeAreaInsets == view.safeAreaInsets, "\(view.layoutDescription)")
    }
    #expect(list.contentOffset.y == -91 && inList.safeAreaInsets.top == 91)
    stage.window.layoutIfNeeded()
    #expect(root.heard == [91] && pinned.heard == [91])
    stage.nav.setNavigationBarHidden(true, animated: false)
    stage.window.layoutIfNeeded()
    #expect(root.heard == [91, 47])
    #expect(pinned.bar.frame.minY == 47)
    root.additionalSafeAreaInsets = EdgeInsets(top: 10, left: 0, bottom: 0, right: 0)
    stage.window.layoutIfNeeded()
    #expect(root.heard == [91, 47, 57])
    #expect(pinned.heard == [91, 47, 57])
    #expect(pinned.bar.frame.minY == 57)
  }

  @Test(
    "the-safe-area: a table view controller popped back to, never laid out in the window before, rests below the large title from the pop's first frame (content offset -(47 + 96)), as UIKit lays a view out again when it enters a hierarchy with another safe area"
  )
  func poppedTableRestsBelowTheBar() {
    defer { resetSafeArea() }
    let list = TableViewController(style: .plain)
    list.title = "Inbox"
    phoneScreen()
    let nav = NavigationController(rootViewController: screen("Mailboxes"))
    nav.navigationBar.prefersLargeTitles = true
    nav.pushViewController(list, animated: false)
    nav.pushViewController(screen("Message"), animated: false)
    let window = Window()
    window.rootViewController = nav
    window.layoutIfNeeded()
    nav.popViewController(animated: true)
    AnimationEngine.current.advance(to: 0.1)
    _ = window.snapshot(background: nil)
    #expect(abs(list.tableView.adjustedContentInset.top - (47 + 96)) < 1e-9)
    #expect(abs(list.tableView.contentOffset.y + (47 + 96)) < 1e-9)
  }
}
