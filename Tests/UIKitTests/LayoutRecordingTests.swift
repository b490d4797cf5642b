import AnimatorTestSupport
import Testing
import UIKit
@testable import UIKitSeedsSwift5

// The layout screens of Seeds/LayoutScreens.swift (UIKit-spelled, unchanged) recorded with the
// Recorder, as compiled in Swift 6 mode (this target) and in Swift 5 mode: the frames show
// UIKit's layout, checked on pixels at hand-computed points.

let bannerTeal = UIColor(red: 0.19, green: 0.69, blue: 0.78, alpha: 1)
let bannerOrange = UIColor(red: 1, green: 0.58, blue: 0, alpha: 1)

@MainActor
@Suite("Layout screens in UIKit's spelling, recorded", .resetEngineAfterEachTest)
struct LayoutRecordingTests {
  @Test(
    "autoresizing-animates-with-its-superview: the banner pinned by [.flexibleWidth, .flexibleTopMargin] stays on the card's bottom edge while UIView.animate shrinks the card, in both language modes"
  )
  func bannerStaysPinned() throws {
    let screen = BannerViewController()
    let recording = try Recorder(root: screen, size: iPhone, scale: seedScale, fps: 20).record { screen.collapse() }
    let swift5 = UIKitSeedsSwift5.BannerViewController()
    let same = try Recorder(root: swift5, size: iPhone, scale: seedScale, fps: 20).record { swift5.collapse() }
    #expect(try same.frameHashes() == recording.frameHashes())
    #expect(recording.frames.count == 11)
    let frames = try recording.renderedFrames()
    // At t = 0.25 s, half the duration, ease-in-ease-out is at 0.5: the card is (40, 125,
    // 295, 300), its bottom at 425 and the banner 365…425 over 40…335.
    let mid = frames[5]
    #expect(isColor(pixel(mid, atPoint: 187, 420), bannerOrange))
    #expect(isColor(pixel(mid, atPoint: 45, 420), bannerOrange))
    #expect(isColor(pixel(mid, atPoint: 330, 370), bannerOrange))
    #expect(isColor(pixel(mid, atPoint: 187, 358), bannerTeal))
    #expect(isColor(pixel(mid, atPoint: 187, 432), .white))
    #expect(isColor(pixel(mid, atPoint: 340, 400), .white))
    // At the end the card is (60, 150, 255, 200): the banner 290…350 over 60…315.
    let end = frames[10]
    #expect(isColor(pixel(end, atPoint: 187, 345), bannerOrange))
    #expect(isColor(pixel(end, atPoint: 187, 283), bannerTeal))
    #expect(isColor(pixel(end, atPoint: 187, 357), .white))
    #expect(isColor(pixel(end, atPoint: 65, 295), bannerOrange))
  }

  @Test(
    "layout-in-an-animation-block-animates: a presentation that animates a constraint's constant with layoutIfNeeded() inside UIView.animate renders the intermediate frames: the card's top at 667, 393.5 (t = 0.25 s, ease-in-ease-out at 0.5), then 120; same frames in both language modes"
  )
  func constantTransition() throws {
    let presenter = CardPresenterViewController()
    let recording = try Recorder(root: presenter, size: iPhone, scale: seedScale, fps: 20).record {
      presenter.showCard()
    }
    let swift5 = UIKitSeedsSwift5.CardPresenterViewController()
    let same = try Recorder(root: swift5, size: iPhone, scale: seedScale, fps: 20).record { swift5.showCard() }
    #expect(try same.frameHashes() == recording.frameHashes())
    #expect(recording.frames.count == 11)
    let frames = try recording.renderedFrames()
    #expect(isColor(pixel(frames[0], atPoint: 187, 650), .white))
    // Halfway: 667 − 547 × 0.5 = 393.5.
    #expect(isColor(pixel(frames[5], atPoint: 187, 400), bannerOrange))
    #expect(isColor(pixel(frames[5], atPoint: 187, 387), .white))
    #expect(isColor(pixel(frames[5], atPoint: 12, 450), .white))
    #expect(isColor(pixel(frames[5], atPoint: 22, 450), bannerOrange))
    #expect(isColor(pixel(frames[10], atPoint: 187, 126), bannerOrange))
    #expect(isColor(pixel(frames[10], atPoint: 187, 114), .white))
    #expect(isColor(pixel(frames[10], atPoint: 187, 315), bannerOrange))
    #expect(isColor(pixel(frames[10], atPoint: 187, 326), .white))
  }

  @Test(
    "unsatisfiable-constraints-are-broken-and-logged: a screen with conflicting required widths records without an error, UIKit's message logged, the width activated later broken: the box is 100 points wide"
  )
  func conflictRenders() throws {
    LayoutConsole.clear()
    let screen = ConflictViewController()
    let recording = try Recorder(root: screen, size: iPhone, scale: seedScale, fps: 10).record { screen.fade() }
    #expect(recording.frames.count == 3)
    let logged = LayoutConsole.messages.filter { $0.contains(".width == 250") }
    #expect(logged.count == 1)
    #expect(logged.first?.hasPrefix("[LayoutConstraints] Unable to simultaneously satisfy constraints.") == true)
    #expect(logged.first?.contains("Will attempt to recover by breaking constraint \n<NSLayoutConstraint:") == true)
    let frame = try recording.renderedFrames()[0]
    #expect(isColor(pixel(frame, atPoint: 110, 150), bannerOrange))
    #expect(isColor(pixel(frame, atPoint: 130, 150), .white))
  }

  @Test(
    "misuse-is-refused: a screen constraining its view to a view in no hierarchy fails to record with UIKit's message, one line, kind misuse"
  )
  func orphanConstraintFails() throws {
    let screen = OrphanConstraintViewController()
    let recorder = try Recorder(root: screen, size: iPhone, scale: seedScale, fps: 10)
    let message = misuse(recording: { screen.fade() }, with: recorder)?.description ?? ""
    #expect(message.hasPrefix("Unable to activate constraint with anchors <NSLayoutYAxisAnchor:"))
    #expect(
      message.hasSuffix(
        "because they have no common ancestor.  Does the constraint or its anchors reference items in different view hierarchies?  That's illegal."
      ))
  }

  /// An iPhone 14: 390 × 844 points, safe area 47 at the top and 34 at the bottom.
  static let phone = CGSize(width: 390, height: 844)
  static let phoneSafeArea = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)

  @Test(
    "stack-views: the article screen (anchors 20 points from the safe area, a vertical stack of a title, a wrapping body and a 44-point button, spacing 12) gets the frames worked out by hand from the text's sizes, in both language modes; hiding the body closes the gap"
  )
  func articleScreen() throws {
    let screen = ArticleViewController()
    let recorder = try Recorder(root: screen, size: Self.phone, scale: seedScale, fps: 10)
    UIScreen.main.safeAreaInsets = Self.phoneSafeArea
    let recording = try recorder.record { screen.hideBody() }
    let swift5 = UIKitSeedsSwift5.ArticleViewController()
    let recorder5 = try Recorder(root: swift5, size: Self.phone, scale: seedScale, fps: 10)
    UIScreen.main.safeAreaInsets = Self.phoneSafeArea
    #expect(try recorder5.record { swift5.hideBody() }.frameHashes() == recording.frameHashes())

    // The column: x 20, y 47 + 20, width 390 − 40 = 350. The title on one line, the body wrapped
    // at 350 (sizes from the text engine, whole points), 12 between, the button 44.
    let title = TextEngine.shared.size(of: screen.titleLabel.textBlock, fitting: .zero)
    let body = TextEngine.shared.size(of: screen.bodyLabel.textBlock, fitting: CGSize(width: 350, height: 0))
    #expect(body.height > title.height * 2)
    let frames = try recording.renderedFrames()
    // At the end the body is hidden: title, 12, button.
    #expect(screen.stack.frame == CGRect(x: 20, y: 67, width: 350, height: title.height + 12 + 44))
    #expect(screen.titleLabel.frame == CGRect(x: 0, y: 0, width: 350, height: title.height))
    #expect(screen.button.frame == CGRect(x: 0, y: title.height + 12, width: 350, height: 44))
    // The first frame shows the body: the button starts at 67 + title + 12 + body + 12.
    let buttonTop = 67 + title.height + 12 + body.height + 12
    #expect(isColor(pixel(frames[0], atPoint: 60, buttonTop + 22), systemBlueLight))
    #expect(isColor(pixel(frames[0], atPoint: 375, buttonTop - 4), .white))
    #expect(isColor(pixel(frames[0], atPoint: 195, buttonTop + 48), .white))
    #expect(isColor(pixel(frames[0], atPoint: 15, buttonTop + 22), .white))
    let end = frames[frames.count - 1]
    let shownTop = 67 + title.height + 12
    #expect(isColor(pixel(end, atPoint: 60, shownTop + 22), systemBlueLight))
    #expect(isColor(pixel(end, atPoint: 195, shownTop + 48), .white))
  }

  @Test(
    "visual-format: a screen that makes its constraints in updateViewConstraints from two visual format lines gets the standard spaces: boxes of (375 − 20 − 8 − 20) / 2 = 163.5 points at x 20 and 191.5, whose edges round to whole points (a recording below one pixel per point lays out as @1x: 183.5 → 184, 191.5 → 192), top and bottom aligned, in both language modes"
  )
  func visualFormatScreen() throws {
    let screen = VisualFormatViewController()
    let recording = try Recorder(root: screen, size: iPhone, scale: seedScale, fps: 10).record { screen.fade() }
    let swift5 = UIKitSeedsSwift5.VisualFormatViewController()
    let same = try Recorder(root: swift5, size: iPhone, scale: seedScale, fps: 10).record { swift5.fade() }
    #expect(try same.frameHashes() == recording.frameHashes())
    #expect(screen.leftBox.frame == CGRect(x: 20, y: 120, width: 164, height: 80))
    #expect(screen.rightBox.frame == CGRect(x: 192, y: 120, width: 163, height: 80))
    let first = try recording.renderedFrames()[0]
    #expect(isColor(pixel(first, atPoint: 22, 122), bannerOrange))
    #expect(isColor(pixel(first, atPoint: 188, 160), .white))
    #expect(isColor(pixel(first, atPoint: 353, 198), bannerTeal))
    #expect(isColor(pixel(first, atPoint: 280, 202), .white))
  }
}
