import AnimatorTestSupport
import Foundation
import Testing
import UIKit
@testable import UIKitSeedsSwift5

// Sheets.swift (UIKit-spelled, unchanged) recorded and read back as pixels: the default page
// sheet, a half-height sheet that grows, the zoom out of a cell and the back swipe finished and
// cancelled (docs/uikit-transitions.md#page-sheet, #sheet-detents, #zoom, #back-swipe).

/// An iPhone 14: 390 × 844 points, safe area 47 at the top and 34 at the bottom, at 1 px/pt.
let sheetPhone = CGSize(width: 390, height: 844)
let sheetSafeArea = UIEdgeInsets(top: 47, left: 0, bottom: 34, right: 0)

@MainActor
@Suite("UIKit's sheets, zoom and back swipe in UIKit's spelling, recorded", .resetEngineAfterEachTest)
struct SheetRecordingTests {
  /// A red page presenting a blue one with `present`, recorded at 10 fps.
  func sheetRecording(_ present: (UIViewController, UIViewController) -> Void) throws -> (Recording, UIViewController) {
    let page = ColorPageViewController(color: pageRed)
    let recorder = try Recorder(root: page, size: sheetPhone, scale: 1, fps: 10)
    UIScreen.main.safeAreaInsets = sheetSafeArea
    let shown = ColorPageViewController(color: cardBlue)
    return (try recorder.record { present(shown, page) }, shown)
  }

  @Test(
    "Done-when: the default present of a plain view controller renders the iOS 13 page sheet: at the end the blue sheet's top row is 47 + 10 = 57 below a black gap, the red presenter is scaled back by 1 − 32/390 with its top at 47 and dimmed by black at 0.1 (red 229.5), black at its scaled-back sides; Swift 5 mode renders the same frames"
  )
  func defaultIsAPageSheet() throws {
    let (swift6, _) = try sheetRecording { presentDefault($0, from: $1) }
    let (swift5, _) = try sheetRecording { UIKitSeedsSwift5.presentDefault($0, from: $1) }
    #expect(try swift5.frameHashes() == swift6.frameHashes())
    let last = try swift6.renderedFrames().last!.image
    // The sheet from row 57 down (its rounded corners clear the middle column).
    #expect(last[195, 57] == RGBA8(0, 0, 255, 255) && last[195, 843] == RGBA8(0, 0, 255, 255))
    // Above it, the scaled presenter (top at 47) under the dimming; black above that.
    #expect(last[195, 40] == RGBA8(0, 0, 0, 255))
    let dimmed = last[195, 52]
    #expect(abs(Double(dimmed.r) - 255 * 0.9) <= 1 && dimmed.g == 0 && dimmed.b == 0)
    // The presenter's scaled width is 390 − 32: its sides (x < 16) show black.
    #expect(last[8, 52] == RGBA8(0, 0, 0, 255) && last[20, 52].r > 200)
  }

  @Test(
    "Done-when: a sheet with [.medium(), .large()] settles at half height: its top row is 844 − (0.5 × (844 − 57 − 34) + 34) = 433.5 → the row below 434 is blue and the presenter above is red under the 0.1 dimming, unscaled; animateChanges to .large grows it to row 57 over 0.5 s, recorded like any animation"
  )
  func halfSheet() throws {
    let page = ColorPageViewController(color: pageRed)
    let recorder = try Recorder(root: page, size: sheetPhone, scale: 1, fps: 10)
    UIScreen.main.safeAreaInsets = sheetSafeArea
    let shown = ColorPageViewController(color: cardBlue)
    let presented = try recorder.record { presentHalfSheet(shown, from: page) }
    let last = try presented.renderedFrames().last!.image
    #expect(last[195, 436] == RGBA8(0, 0, 255, 255))
    let above = last[195, 430]
    #expect(abs(Double(above.r) - 255 * 0.9) <= 1 && above.b == 0)
    // Unscaled presenter: red reaches the left edge.
    #expect(last[1, 200].r > 200)
    // The grabber: tertiaryLabel over the blue, 5 pt below the sheet's top, centred.
    #expect(last[195, 440] != RGBA8(0, 0, 255, 255) && last[150, 440] == RGBA8(0, 0, 255, 255))

    let grown = try recorder.record { expandSheet(of: shown) }
    #expect(grown.frames.count == 6, "0.5 s at 10 fps")
    let frames = try grown.renderedFrames()
    #expect(frames[2].image[195, 200] != frames[0].image[195, 200], "the sheet moves up frame by frame")
    #expect(frames.last!.image[195, 57] == RGBA8(0, 0, 255, 255))
    #expect(frames.last!.image[8, 52] == RGBA8(0, 0, 0, 255), "the presenter scaled back at full height")
  }

  @Test(
    "Done-when: preferredTransition = .zoom { _ in cell } grows the pushed screen from the cell: the first frame shows the card on the cell's frame (160 × 100 at 20, 120) still showing the cell, a frame later it has grown past it with the cell's image fading into the red page, red from 0.2 s; at the end the detail fills the screen. Swift 5 mode renders the same frames"
  )
  func zoomFromTheCell() throws {
    func record(_ list: UIViewController, _ show: (UIViewController) -> Void) throws -> Recording {
      let nav = UINavigationController(rootViewController: list)
      let recorder = try Recorder(root: nav, size: sheetPhone, scale: 1, fps: 20)
      return try recorder.record { show(ColorPageViewController(color: pageRed)) }
    }
    let list = ZoomListViewController()
    let swift6 = try record(list) { list.showDetail($0) }
    let list5 = UIKitSeedsSwift5.ZoomListViewController()
    let swift5 = try record(list5) { list5.showDetail($0) }
    #expect(try swift5.frameHashes() == swift6.frameHashes())
    let frames = try swift6.renderedFrames()
    // Frame 0: the card on the cell, still showing the cell's image (systemBlue); white around.
    #expect(frames[0].image[100, 170] == RGBA8(0, 122, 255, 255))
    #expect(frames[0].image[100, 110] == RGBA8(255, 255, 255, 255))
    // Frame 1 (0.05 s): grown above the cell, the cell's image half faded into the red page.
    let mixed = frames[1].image[100, 110]
    #expect(mixed.r > 60 && mixed.r < 200 && mixed.b > 60 && mixed.b < 200)
    // Frame 4 (0.2 s, 89 % of the way): past the fade, red.
    #expect(frames[4].image[100, 110] == RGBA8(255, 0, 0, 255))
    #expect(frames.last!.image[380, 830] == RGBA8(255, 0, 0, 255))
  }

  @Test(
    "Done-when: the back swipe renders finished and cancelled: an edge drag to 70 % pops (the list shows at the end, the detail's view gone); one let go at 30 % springs back (the detail is on top again, the stack unchanged)"
  )
  func backSwipe() throws {
    func record(to share: Double) throws -> (Recording, UINavigationController) {
      let list = ColorPageViewController(color: pageRed)
      let nav = UINavigationController(rootViewController: list)
      let recorder = try Recorder(root: nav, size: sheetPhone, scale: 1, fps: 20)
      allowBackSwipe(in: nav)
      nav.pushViewController(ColorPageViewController(color: cardBlue), animated: false)
      let drag = TouchScript.drag(
        from: CGPoint(x: 4, y: 400), to: CGPoint(x: share * 390, y: 400), duration: 0.6)
      return (try recorder.record([.gesture(drag)]), nav)
    }
    let (finished, popped) = try record(to: 0.7)
    #expect(popped.viewControllers.count == 1)
    let end = try finished.renderedFrames()
    #expect(end.last!.image[300, 400] == RGBA8(255, 0, 0, 255))
    // Mid-drag both screens show: the list (dimmed, shifted) left of the detail's edge.
    #expect(end[6].image[2, 400].b == 0 && end[6].image[380, 400] == RGBA8(0, 0, 255, 255))
    let (cancelled, kept) = try record(to: 0.3)
    #expect(kept.viewControllers.count == 2)
    #expect(try cancelled.renderedFrames().last!.image[300, 400] == RGBA8(0, 0, 255, 255))
  }
}
