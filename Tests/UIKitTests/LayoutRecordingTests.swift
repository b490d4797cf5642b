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
}
