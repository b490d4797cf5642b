import AnimatorTestSupport
import Testing
import UIKit
@testable import UIKitSeedsSwift5

// The seed files of Seeds/ (UIKit-spelled, unchanged) recorded with the README's Recorder
// lines, as compiled in Swift 6 mode (this target) and in Swift 5 mode (UIKitSeedsSwift5):
// every frame equals the same transition written with the library's names
// (LibraryNamedSeeds.swift), and the frames show what the animator does.

/// The screen the seeds are written for.
let iPhone = CGSize(width: 375, height: 667)
/// Small and few frames: enough to see every step, cheap to render.
let seedScale = 0.4
let seedFPS = 10.0

/// Whether `p` is `c` within 3 levels per channel.
func isColor(_ p: RGBA8, _ c: UIColor) -> Bool {
  func near(_ v: UInt8, _ x: Double) -> Bool { abs(Int(v) - Int((x * 255).rounded())) <= 3 }
  return near(p.r, c.red) && near(p.g, c.green) && near(p.b, c.blue)
}

/// The pixel at point (x, y) of a frame rendered at `seedScale`.
func pixel(_ frame: RenderedFrame, atPoint x: Double, _ y: Double) -> RGBA8 {
  frame.image[Int(x * seedScale), Int(y * seedScale)]
}

let detailBlue = UIColor(red: 0.19, green: 0.69, blue: 0.78, alpha: 1)
/// The details page's background, UIColor.systemBlue in light appearance: 0, 122, 255 (HIG).
let systemBlueLight = UIColor(red: 0, green: 122 / 255, blue: 1, alpha: 1)
let homeOrange = UIColor(red: 1, green: 0.58, blue: 0, alpha: 1)
let actionPink = UIColor(red: 1, green: 0.18, blue: 0.33, alpha: 1)

@MainActor
@Suite("The seed transitions in UIKit's spelling, recorded", .resetEngineAfterEachTest)
struct SeedRecordingTests {
  /// Records a transition three times: the UIKit-spelled files compiled in Swift 6 mode and in
  /// Swift 5 mode, and the port with the library's names. Expects the same frames from each;
  /// returns the first recording.
  func sameFrames(
    swift6: () throws -> Recording, swift5: () throws -> Recording, library: () throws -> Recording
  ) throws -> Recording {
    let recording = try swift6()
    let hashes = try recording.frameHashes()
    #expect(try swift5().frameHashes() == hashes, "compiled in Swift 5 mode")
    #expect(try library().frameHashes() == hashes, "written with the library's names")
    return recording
  }

  func scalePush(_ home: UIViewController, _ push: () -> Void) throws -> Recording {
    let nav = UINavigationController(rootViewController: home)
    return try Recorder(root: nav, size: iPhone, scale: seedScale, fps: seedFPS).record { push() }
  }

  @Test(
    "Seed 000's scale push (the home page is its navigation delegate) renders the same frames compiled in Swift 6 and Swift 5 modes as written with the library's names; halfway the details page is scaled to 0.1 + 0.9 × ease-in-out(½) = 0.55 about the centre"
  )
  func scalePushFrames() throws {
    let swift6 = try sameFrames(
      swift6: {
        let home = HomeViewController(); return try scalePush(home, home.showDetails)
      },
      swift5: {
        let home = UIKitSeedsSwift5.HomeViewController(); return try scalePush(home, home.showDetails)
      },
      library: {
        let home = LibraryHomeViewController(); return try scalePush(home, home.showDetails)
      })
    #expect(swift6.frames.count == 5)
    #expect(swift6.completions == [0.4])

    let frames = try swift6.renderedFrames()
    // The details page's left edge at t = 0.2 s: 187.5 − 0.55 × 187.5 = 84.4 pt.
    #expect(isColor(pixel(frames[2], atPoint: 78, 333), homeOrange))
    #expect(isColor(pixel(frames[2], atPoint: 91, 333), systemBlueLight))
    #expect(isColor(pixel(frames[0], atPoint: 100, 333), homeOrange), "outside the details page at 0.1")
    #expect(isColor(pixel(frames[4], atPoint: 20, 333), systemBlueLight))
  }

  func springPresent(_ items: UIViewController, _ present: () -> Void) throws -> Recording {
    let nav = UINavigationController(rootViewController: items)
    return try Recorder(root: nav, size: iPhone, scale: seedScale, fps: seedFPS).record { present() }
  }

  @Test(
    "Seed 001's spring presentation (UIScreen.main.bounds, usingSpringWithDamping 0.5) renders the same frames in Swift 6 and Swift 5 modes as with the library's names; the presenter dims as the new screen rises from below, and the presented screen fills the window at the end"
  )
  func springPresentFrames() throws {
    let swift6 = try sameFrames(
      swift6: {
        let items = ItemsViewController(); return try springPresent(items, items.showAction)
      },
      swift5: {
        let items = UIKitSeedsSwift5.ItemsViewController(); return try springPresent(items, items.showAction)
      },
      library: {
        let items = LibraryItemsViewController(); return try springPresent(items, items.showAction)
      })
    #expect(swift6.frames.count == 26)

    let frames = try swift6.renderedFrames()
    // The bar at the top, over a black window: white at first, dimmer as alpha goes to 0.5.
    #expect(pixel(frames[2], atPoint: 187, 20).r < pixel(frames[0], atPoint: 187, 20).r - 20)
    #expect(isColor(pixel(frames[0], atPoint: 187, 600), UIColor(red: 0.95, green: 0.95, blue: 0.97, alpha: 1)))
    #expect(isColor(pixel(frames[25], atPoint: 187, 333), actionPink))
    #expect(isColor(pixel(frames[25], atPoint: 187, 660), actionPink))
  }

  func cube(_ items: UIViewController, _ push: @escaping () -> Void) throws -> Recording {
    let nav = UINavigationController(rootViewController: items)
    let pan = TouchScript.drag(from: CGPoint(x: 40, y: 400), to: CGPoint(x: 300, y: 400), duration: 0.8)
    return try Recorder(root: nav, size: iPhone, scale: seedScale, fps: seedFPS).record([.perform(push), .gesture(pan)])
  }

  @Test(
    "Seed 001's cube (m34 −0.005 in CATransform3DMakeRotation) pushed, then popped by a pan through its UIPercentDrivenInteractiveTransition subclass: the same frames in Swift 6 and Swift 5 modes as with the library's names; both faces show halfway, the pushed screen at the push's end, the list again at the end"
  )
  func cubeFrames() throws {
    let swift6 = try sameFrames(
      swift6: {
        let items = ItemsViewController(); return try cube(items, items.showItem)
      },
      swift5: {
        let items = UIKitSeedsSwift5.ItemsViewController(); return try cube(items, items.showItem)
      },
      library: {
        let items = LibraryItemsViewController(); return try cube(items, items.showItem)
      })
    #expect(swift6.completions.count == 2 && swift6.completions.first == 1.5)

    let frames = try swift6.renderedFrames()
    let itemsRow = detailBlue  // the list's rows
    #expect(isColor(pixel(frames[0], atPoint: 187, 333), itemsRow))
    #expect(isColor(pixel(frames[15], atPoint: 187, 333), homeOrange), "the pushed item screen at t = 1.5 s")
    let middle = (0..<Int(375 * seedScale)).map { frames[8].image[$0, Int(333 * seedScale)] }
    #expect(middle.contains { isColor($0, itemsRow) } && middle.contains { isColor($0, homeOrange) })
    #expect(isColor(pixel(frames[frames.count - 1], atPoint: 187, 333), itemsRow), "popped back to the list")
  }
}
