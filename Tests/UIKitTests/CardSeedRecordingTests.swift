import AnimatorTestSupport
import Foundation
import Testing
import UIKit
@testable import UIKitSeedsSwift5

// The card seed of Seeds/SeedLayerAnimations.swift (explicit animations, a CATransaction
// completion, a spring whose delegate completes the dismissal, masked corners, a shadow path),
// recorded as compiled in Swift 6 mode and in Swift 5 mode; the frames show what the file asks
// for, at times and places computed here.

@MainActor
@Suite("The card seed's explicit animations, recorded", .resetEngineAfterEachTest)
struct CardSeedRecordingTests {
  /// Presents the card, then dismisses it.
  func presentAndDismiss(_ cards: UIViewController, _ show: @escaping () -> Void) throws -> Recording {
    let recorder = try Recorder(root: cards, size: iPhone, scale: seedScale, fps: seedFPS)
    return try recorder.record([.perform(show), .perform { cards.dismiss(animated: true, completion: nil) }])
  }

  @Test(
    "explicit-animations: the card seed renders the same frames compiled in Swift 6 and Swift 5 modes; the card rises by an ease-out slide (its top at 166.75 + 667 × (1 − easeOut(t / 0.5)) pt), the transaction's completion block completes the present at 0.5 s, only its top corners are rounded, and the dismissal's spring has scaled it to 1 − 0.5 × (1 − x(0.3 s)) of the damped oscillator 0.3 s in"
  )
  func cardFrames() throws {
    let cards = CardsViewController()
    let recording = try presentAndDismiss(cards, cards.showCard)
    let other = UIKitSeedsSwift5.CardsViewController()
    #expect(try presentAndDismiss(other, other.showCard).frameHashes() == recording.frameHashes())
    let settling = CASpringAnimation()
    settling.stiffness = 200
    settling.damping = 12
    #expect(recording.completions.count == 2 && recording.completions[0] == 0.5)
    #expect(abs(recording.completions[1] - (0.5 + settling.settlingDuration)) < 1e-9)

    let frames = try recording.renderedFrames()
    let indigo = UIColor.systemIndigo
    let top = 166.75 + 667 * (1 - bezier(0, 0, 0.58, 1, at: 0.2 / 0.5))
    #expect(isColor(pixel(frames[2], atPoint: 187, top + 6), indigo))
    #expect(!isColor(pixel(frames[2], atPoint: 187, top - 6), indigo))
    // At the end of the present: the top-left corner is rounded (the page shows), the bottom-left square.
    #expect(!isColor(pixel(frames[5], atPoint: 1, 168), indigo) && isColor(pixel(frames[5], atPoint: 12, 180), indigo))
    #expect(isColor(pixel(frames[5], atPoint: 1, 660), indigo))
    // 0.3 s into the dismissal (frame 8): λ = 6, ωd = √164.
    let x = exp(-6 * 0.3) * (cos(164.0.squareRoot() * 0.3) + 6 / 164.0.squareRoot() * sin(164.0.squareRoot() * 0.3))
    let left = 187.5 - 187.5 * (1 - 0.5 * (1 - x))
    #expect(isColor(pixel(frames[8], atPoint: left + 4, 417), indigo))
    #expect(!isColor(pixel(frames[8], atPoint: left - 4, 417), indigo))
  }
}
