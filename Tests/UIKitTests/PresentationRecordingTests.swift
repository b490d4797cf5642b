import AnimatorTestSupport
import Foundation
import Testing
import UIKit
@testable import UIKitSeedsSwift5

// Presentations.swift (UIKit-spelled, unchanged) recorded and read back as pixels: the
// half-height card over a progressively dimmed screen, the one-line flip, and a tab bar
// controller watching its tabs (docs/uikit-transitions.md#presentation-controller,
// #which-animator-runs, #tab-bar-controller).

/// The presenter's red and the card's blue, pure so that levels read back exactly.
let pageRed = UIColor(red: 1, green: 0, blue: 0, alpha: 1)
let cardBlue = UIColor(red: 0, green: 0, blue: 1, alpha: 1)
/// A small screen at one pixel per point.
let cardScreen = CGSize(width: 320, height: 568)

@MainActor
@Suite("UIKit's presentations in UIKit's spelling, recorded", .resetEngineAfterEachTest)
struct PresentationRecordingTests {
  /// The red page presenting the blue card, recorded at 20 fps (frame i at i / 20 s), then its
  /// dismissal; `card` and `page` make the two view controllers.
  func cardRecording(
    card: () -> UIViewController, prepare: (UIViewController) -> Void
  ) throws -> (present: Recording, dismiss: Recording) {
    let page = ColorPageViewController(color: pageRed)
    let recorder = try Recorder(root: page, size: cardScreen, scale: 1, fps: 20)
    let shown = card()
    prepare(shown)
    let present = try recorder.record { page.present(shown, animated: true, completion: nil) }
    let dismiss = try recorder.record { shown.dismiss(animated: true, completion: nil) }
    return (present, dismiss)
  }

  @Test(
    "Done-when: a UIPresentationController subclass animating its dimming view through transitionCoordinator.animate(alongsideTransition:) shows a half-height card over a progressively dimmed screen — the dimming view (black at 0.5) is at E(½) = ½ of its fade halfway through the 0.5 s presentation, so the red above the card reads 255 × (1 − 0.25); at the end the card's edge row is y = 284 with red dimmed by half above it; dismissed, the page is red again. Swift 5 mode renders the same frames"
  )
  func halfHeightCard() throws {
    let swift6 = try cardRecording(card: { CardViewController(color: cardBlue) }) {
      ($0 as! CardViewController).prepareCustomPresentation()
    }
    let swift5 = try cardRecording(card: { UIKitSeedsSwift5.CardViewController(color: cardBlue) }) {
      ($0 as! UIKitSeedsSwift5.CardViewController).prepareCustomPresentation()
    }
    #expect(try swift5.present.frameHashes() == swift6.present.frameHashes())
    #expect(swift6.present.completions == [0.5] && swift6.present.frames.count == 11)

    let frames = try swift6.present.renderedFrames()
    #expect(frames[0].image[10, 10] == RGBA8(255, 0, 0, 255))
    // Halfway: only the dimming view over the top of the page (the card is lower down).
    let halfway = frames[5].image[10, 10]
    #expect(abs(Double(halfway.r) - 255 * 0.75) <= 1 && halfway.g == 0 && halfway.b == 0)
    // Progressive: the red above the card darkens frame after frame.
    let reds = frames.map { Int($0.image[10, 10].r) }
    #expect(zip(reds, reds.dropFirst()).allSatisfy { $0 > $1 }, "\(reds)")
    // At the end: red dimmed by half above the edge row, the blue card from row 284 down.
    let last = frames[frames.count - 1].image
    #expect(abs(Double(last[160, 283].r) - 127.5) <= 1 && last[160, 283].b == 0)
    #expect(last[160, 284] == RGBA8(0, 0, 255, 255) && last[160, 567] == RGBA8(0, 0, 255, 255))

    let dismissed = try swift6.dismiss.renderedFrames()
    #expect(dismissed[dismissed.count - 1].image[160, 400] == RGBA8(255, 0, 0, 255))
    #expect(dismissed[dismissed.count - 1].image[10, 10] == RGBA8(255, 0, 0, 255))
  }

  /// The rows of column `x` that are not black, as one run (first, last), or nil.
  func litRows(_ image: RGBAImage, x: Int) -> (first: Int, last: Int)? {
    let lit = (0..<image.height).filter { Int(image[x, $0].r) + Int(image[x, $0].b) > 24 }
    return lit.first.map { ($0, lit.last!) }
  }

  /// The columns that have a lit pixel.
  func litColumns(_ image: RGBAImage) -> [Int] {
    (0..<image.width).filter { litRows(image, x: $0) != nil }
  }

  @Test(
    "Done-when: modalTransitionStyle = .flipHorizontal flips, right to left (UIModalTransitionStyle's documentation): on the way the red page is narrower than the screen with its right edge the near one (full height) and its left edge shorter; halfway (0.375 s of 0.75) the card is edge-on, so the frame is the black window; at the end the blue page fills it"
  )
  func flipHorizontal() throws {
    let page = ColorPageViewController(color: pageRed)
    let recorder = try Recorder(root: page, size: cardScreen, scale: 1, fps: 40)
    let flipped = ColorPageViewController(color: cardBlue)
    let recording = try recorder.record { presentFlipped(flipped, from: page) }
    #expect(recording.completions == [0.75])
    let frames = try recording.renderedFrames()
    let turning = frames[8].image  // t = 0.2 s
    let columns = litColumns(turning)
    let left = try #require(columns.first), right = try #require(columns.last)
    #expect(left > 0 && right < 319)
    let near = try #require(litRows(turning, x: right)), far = try #require(litRows(turning, x: left))
    #expect(near.first <= 1 && near.last >= 566, "the near edge spans the height: \(near)")
    #expect(far.first > near.first + 10 && far.last < near.last - 10, "the far edge is shorter: \(far)")
    #expect(turning[right - 2, 284].r > 100 && turning[right - 2, 284].b == 0, "the old, red page is turning")
    #expect(litColumns(frames[15].image).count <= 2, "edge-on at 0.375 s")
    #expect(frames[frames.count - 1].image[160, 284] == RGBA8(0, 0, 255, 255))
  }

  @Test(
    "preferredTransition = .crossDissolve on a pushed view controller cross-dissolves the push over 0.35 s: the red screen fades out while the blue one fades in, frame after frame"
  )
  func preferredCrossDissolve() throws {
    let nav = UINavigationController(rootViewController: ColorPageViewController(color: pageRed))
    let recorder = try Recorder(root: nav, size: cardScreen, scale: 1, fps: 20)
    let pushed = ColorPageViewController(color: cardBlue)
    let recording = try recorder.record { pushDissolving(pushed, on: nav) }
    #expect(recording.completions == [0.35])
    let frames = try recording.renderedFrames()
    // 0.35 s ease-in-out: not on a frame; check the blend is monotone and ends blue.
    let blues = frames.map { Int($0.image[160, 284].b) }, reds = frames.map { Int($0.image[160, 284].r) }
    #expect(blues.first == 0 && blues.last == 255 && reds.first == 255 && reds.last == 0)
    #expect(
      zip(blues, blues.dropFirst()).allSatisfy { $0 <= $1 } && zip(reds, reds.dropFirst()).allSatisfy { $0 >= $1 })
  }

  @Test(
    "A UITabBarController subclass that is its own delegate: taps reach shouldSelect and didSelect, and its override of selectedViewController sees each tab shown — the first, a tapped one, the tapped one again — while the refused last tab stays unselected"
  )
  func guardedTabs() {
    AnimationEngine.reset()
    UIScreen.main.bounds = CGRect(origin: .zero, size: cardScreen)
    let window = UIWindow()
    let tabs = GuardedTabBarController()
    tabs.viewControllers = ["one", "two", "three"].map {
      let vc = ColorPageViewController(color: pageRed)
      vc.title = $0
      return vc
    }
    window.rootViewController = tabs
    func tap(x: CGFloat, at time: Double) {
      let script = try! TouchScript(samples: [
        TouchSample(time: time, locations: [CGPoint(x: x, y: 550)], phase: .began),
        TouchSample(time: time + 0.1, locations: [CGPoint(x: x, y: 550)], phase: .ended),
      ])
      TouchPlayer(script: script, window: window).start()
      AnimationEngine.current.advance(to: time + 0.2)
    }
    tap(x: 160, at: 0)
    tap(x: 160, at: 1)
    tap(x: 300, at: 2)
    #expect(
      tabs.selectedIndex == 1 && tabs.shownTitles == ["one", "two", "two"] && tabs.tappedTitles == ["two", "two"])
  }
}
