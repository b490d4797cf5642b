import Foundation
import struct Snapshot.AffineTransform  // not Foundation's AffineTransform

extension ViewControllerContextTransitioning {
  /// UIViewControllerContextTransitioning.targetTransform: the rotation a transition makes
  /// when the interface rotates with it. The renderer never rotates the interface: identity.
  public var targetTransform: AffineTransform { .identity }
}
