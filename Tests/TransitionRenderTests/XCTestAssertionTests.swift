import TransitionRenderTesting
import XCTest

/// The same assertion from an XCTest case: a file may import XCTest and Swift Testing (through
/// TransitionRenderTesting) on this toolchain, and XCTest runs it.
final class XCTestAssertionTests: XCTestCase {
  func testCubeMatchesCommittedReference() throws {
    try MainActor.assumeIsolated {
      assertTransitionSnapshot(of: try cubePush(), named: "cube-push")
    }
  }
}
