import AnimatorTestSupport
import Testing
import UIKit
@testable import UIKitSeedsSwift5

// The mail screens of Seeds/BarScreens.swift (UIKit-spelled) recorded with the Recorder, as
// compiled in Swift 6 mode (this target) and in Swift 5 mode: the navigation bar's frame, its
// titles and back button at the start, middle and end of the push, against geometry worked
// out by hand from docs/uikit-bars.md's metrics and the text engine's sizes, and on pixels.

/// A layer's frame in window points: its own frame (a translation or scale of its transform
/// included) offset by its ancestors' (which are untransformed).
struct PlacedLayer {
  let layer: LayerSnapshot
  let frame: CGRect
}

/// The first layer named `name` under `root`, depth first, with its window frame.
func placed(_ name: String, in root: LayerSnapshot, under ancestors: [String] = []) -> PlacedLayer? {
  func visit(_ s: LayerSnapshot, origin: CGPoint, path: [String]) -> PlacedLayer? {
    let t = s.transform, w = s.bounds.width * t.m11, h = s.bounds.height * t.m22
    let frame = CGRect(
      x: origin.x + s.position.x + t.m41 - s.anchorPoint.x * w,
      y: origin.y + s.position.y + t.m42 - s.anchorPoint.y * h,
      width: w, height: h)
    if s.name == name, ancestors.allSatisfy(path.contains) { return PlacedLayer(layer: s, frame: frame) }
    let inner = CGPoint(x: frame.minX - s.bounds.minX, y: frame.minY - s.bounds.minY)
    for sub in s.sublayers where !sub.isHidden {
      if let found = visit(sub, origin: inner, path: path + [s.name]) { return found }
    }
    return nil
  }
  return visit(
    root, origin: CGPoint(x: -root.position.x + root.bounds.width / 2, y: -root.position.y + root.bounds.height / 2),
    path: [])
}

/// Whether two rectangles agree to a millionth of a point.
func close(_ a: CGRect, _ b: CGRect) -> Bool {
  abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6
    && abs(a.height - b.height) < 1e-6
}

@MainActor
@Suite("Bar screens in UIKit's spelling, recorded", .resetEngineAfterEachTest)
struct BarRecordingTests {
  static let phone = LayoutRecordingTests.phone
  /// The system push's curve at half its 0.5 s (docs/effects.md#ios-push): Hero's deceleration.
  static let halfway = TimingFunction.heroDeceleration.value(at: 0.5)

  func title(_ text: String, _ font: UIFont) -> (size: CGSize, baseline: CGFloat) {
    let block = TextBlock(text, font: font, numberOfLines: 1)
    let size = TextEngine.shared.size(of: block, fitting: .zero)
    return (size, TextEngine.shared.layout(block, in: size).lines[0].baseline)
  }

  /// A mailbox row's height: 4 + title (body) + detail (caption 1) + 4, at least 44
  /// (docs/uikit-lists.md#cell-styles).
  static var rowHeight: CGFloat {
    let body = UIFont.preferredFont(forTextStyle: .body), caption = UIFont.preferredFont(forTextStyle: .caption1)
    return max(44, 4 + lineHeight("Inbox", body) + lineHeight("3 unread", caption) + 4)
  }

  func mailRecorder(_ root: UIViewController, appearance: UIUserInterfaceStyle = .light) throws -> Recorder {
    let recorder = try Recorder(root: root, size: Self.phone, scale: 2, fps: 20, appearance: appearance)
    UIScreen.main.safeAreaInsets = LayoutRecordingTests.phoneSafeArea
    return recorder
  }

  @Test(
    "navigation-bar, the-bars-transition: a UITableViewController with a large title and four subtitle rows pushes, from its own didSelectRowAt after a scripted tap, a screen laid out by anchors and a stack view: the bar is 96 points under the 47-point safe area with the large title at the margin, its first row below it; during the push the bar shrinks to 44, the large title slides toward the back button and the new title slides in from the trailing edge, at hand-computed places at the start, middle and end; the back button says Mailboxes; same frames in both language modes"
  )
  func pushWithTheBar() throws {
    let rowHeight = Self.rowHeight
    // By hand: the bar at y 47; 44 + 52 tall with the large title; the rows from 47 + 96.
    let top = 47.0, barTop = top + 96
    let root = MailboxesViewController()
    let nav = UINavigationController(rootViewController: root)
    let recorder = try mailRecorder(nav)
    let tapAt = CGPoint(x: 200, y: barTop + rowHeight / 2)
    let start = try recorder.snapshots(of: {}, at: [0])[0]
    #expect(root.tableView.contentOffset == CGPoint(x: 0, y: -barTop))
    #expect(root.tableView.rectForRow(at: IndexPath(row: 0, section: 0)).minY == 0)
    #expect(nav.navigationBar.frame == CGRect(x: 0, y: top, width: 390, height: 96))
    let large = title("Mailboxes", UIFont.boldSystemFont(ofSize: 34))
    // The large title at the margin, its box 8 points above the bar's bottom.
    let largeFrame = try #require(placed("large-title", in: start.root)).frame
    #expect(
      close(
        largeFrame,
        CGRect(x: 16, y: top + 96 - 8 - large.size.height, width: large.size.width, height: large.size.height)))
    // The compose button: 24 points, 16 from the trailing edge, centred in the 44.
    let compose = try #require(placed("right0", in: start.root)).frame
    #expect(close(compose, CGRect(x: 390 - 16 - 24, y: top + 10, width: 24, height: 24)))

    let push = try recorder.record(gesture: tap(at: tapAt))
    let swift5 = UIKitSeedsSwift5.MailboxesViewController()
    let same = try mailRecorder(UINavigationController(rootViewController: swift5)).record(gesture: tap(at: tapAt))
    #expect(try same.frameHashes() == push.frameHashes())
    try lookAt(push, "mail-push")
    let message = try #require(nav.topViewController as? MessageViewController)
    #expect(message.title == "Message")
    #expect(nav.navigationBar.frame == CGRect(x: 0, y: top, width: 390, height: 44))
    // The message's stack 20 points below the bar.
    #expect(abs(message.stack.frame.minY - (top + 44 + 20)) < 1e-6)

    // The push starts at the tap's end (0.1 s): frames at its start, middle and end.
    let small = title("Message", UIFont.systemFont(ofSize: 17, weight: .semibold))
    let back = title("Mailboxes", UIFont.systemFont(ofSize: 17))
    let again = try mailRecorder(UINavigationController(rootViewController: MailboxesViewController()))
    let touch = TouchPlayer(script: tap(at: tapAt), window: again.window)
    let frames = try again.snapshots(of: { touch.start() }, at: [0.1, 0.35, 0.6])
    for (frame, q) in zip(frames, [0, Self.halfway, 1]) {
      let bar = try #require(placed("navigation-bar", in: frame.root)).frame
      #expect(abs(bar.height - (96 + (44 - 96) * q)) < 1e-6)
      // The new title: centred at the end, its centre starting where it touches the trailing edge.
      let titleFrame = try #require(placed("title", in: frame.root, under: ["navigation-bar"])).frame
      let endX = (390 - small.size.width) / 2
      #expect(abs(titleFrame.minX - (endX + (390 - small.size.width / 2 - 195) * (1 - q))) < 1e-6)
      #expect(abs(titleFrame.minY - (top + (44 - small.size.height) / 2)) < 1e-6)
      // The back title: from the large title's leading edge (16) to 8 + 13 + 6 = 27.
      let backFrame = try #require(placed("back-title", in: frame.root)).frame
      #expect(abs(backFrame.minX - (27 + (16 - 27) * (1 - q))) < 1e-6)
      #expect(abs(backFrame.width - back.size.width) < 1e-6)
    }
    // At the end: the title's baseline centred on the bar's 44 points as laid out, the chevron at 8.
    let end = frames[2]
    let endTitle = try #require(placed("title", in: end.root, under: ["navigation-bar"]))
    #expect(abs(endTitle.frame.minY + small.baseline - (top + (44 - small.size.height) / 2 + small.baseline)) < 1e-9)
    #expect(abs(try #require(placed("back-chevron", in: end.root)).frame.minX - 8) < 1e-6)
    #expect(root.composed == 0)
  }

  /// The pixel at point (x, y) of a frame rendered at 2 px/pt.
  func pixel2(_ frame: RenderedFrame, _ x: Double, _ y: Double) -> RGBA8 { frame.image[Int(x * 2), Int(y * 2)] }

  /// Whether some pixel of `rect` (points) of a frame rendered at 2 px/pt is within 40 levels of `color`.
  func hasInk(_ frame: RenderedFrame, in rect: CGRect, _ color: UIColor) -> Bool {
    let target = (color.red * 255, color.green * 255, color.blue * 255)
    for y in stride(from: rect.minY, to: rect.maxY, by: 0.5) {
      for x in stride(from: rect.minX, to: rect.maxX, by: 0.5) {
        let p = frame.image[Int(x * 2), Int(y * 2)]
        if abs(Double(p.r) - target.0) < 40 && abs(Double(p.g) - target.1) < 40 && abs(Double(p.b) - target.2) < 40 {
          return true
        }
      }
    }
    return false
  }

  @Test(
    "tab-bar, the-bars-transition: the mailboxes as the first tab of a UITabBarController, a badge of 3 on it: in every frame of the push the tab bar is 49 + 34 points at the bottom with its red badge, the navigation bar's large title and the new title and back button drawn in the label and tint colours; the table's bottom inset counts the tab bar; light and dark, same frames in both language modes"
  )
  func pushInTabs() throws {
    let tapAt = CGPoint(x: 200, y: 47 + 96 + Self.rowHeight / 2)
    let barTop = 844.0 - 34 - 49
    for appearance in [UIUserInterfaceStyle.light, .dark] {
      let dark = appearance == .dark
      let tabs = MailTabBarController()
      let recorder = try mailRecorder(tabs, appearance: appearance)
      var bottomInset: CGFloat = 0
      _ = try recorder.snapshots(
        of: { bottomInset = tabs.mailboxes.tableView.adjustedContentInset.bottom }, at: [0])
      let recording = try recorder.record(gesture: tap(at: tapAt))
      let same = try mailRecorder(UIKitSeedsSwift5.MailTabBarController(), appearance: appearance)
        .record(gesture: tap(at: tapAt))
      #expect(try same.frameHashes() == recording.frameHashes())
      try lookAt(recording, "mail-tabs-\(dark ? "dark" : "light")")
      #expect(tabs.tabBar.frame == CGRect(x: 0, y: barTop, width: 390, height: 83))
      #expect(abs(bottomInset - (34 + 49)) < 1e-9)
      let frames = try recording.renderedFrames()
      #expect(frames.count > 8)
      let red =
        dark
        ? UIColor(red: 1, green: 69 / 255, blue: 58 / 255, alpha: 1)
        : UIColor(red: 1, green: 59 / 255, blue: 48 / 255, alpha: 1)
      let barFill =
        dark
        ? UIColor(red: 22 / 255, green: 22 / 255, blue: 22 / 255, alpha: 1)
        : UIColor(red: 249 / 255, green: 249 / 255, blue: 249 / 255, alpha: 1)
      let ink: UIColor = dark ? .white : .black
      let blue =
        dark
        ? UIColor(red: 10 / 255, green: 132 / 255, blue: 1, alpha: 1)
        : UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
      for frame in frames {
        // The badge's capsule left of its text (its leading edge at 195 / 2 + 5), the bar under the home indicator.
        #expect(isColor(pixel2(frame, 97.5 + 5 + 2, barTop + 3 + 9), red))
        #expect(isColor(pixel2(frame, 5, 844 - 10), barFill))
      }
      // The large title at the start; at the end the small title, the back button's chevron and title in the tint.
      let large = title("Mailboxes", UIFont.boldSystemFont(ofSize: 34)).size
      #expect(
        hasInk(frames[0], in: CGRect(x: 16, y: 47 + 88 - large.height, width: large.width, height: large.height), ink))
      let end = frames[frames.count - 1]
      let small = title("Message", UIFont.systemFont(ofSize: 17, weight: .semibold)).size
      #expect(
        hasInk(
          end,
          in: CGRect(
            x: (390 - small.width) / 2, y: 47 + (44 - small.height) / 2, width: small.width, height: small.height), ink)
      )
      #expect(hasInk(end, in: CGRect(x: 8, y: 47 + 11.5, width: 13, height: 21), blue))
      #expect(hasInk(end, in: CGRect(x: 27, y: 47 + 10, width: 60, height: 24), blue))
    }
  }
}
