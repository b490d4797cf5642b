// The one module an app's package imports: views, layers, view controllers, containers and
// transitions in UIKit's shapes (Animator), the built-in effects (Effects), the recorder, the
// render job and its outputs (Rendering), and Foundation, as UIKit brings it.
@_exported import Foundation
@_exported import Rendering

/// CGAffineTransform without its prefix. Foundation has an `AffineTransform` of its own (for
/// NSAffineTransform); this module imports both, so its name decides for its clients, and a
/// file importing TransitionRender never has to qualify it.
public typealias AffineTransform = Animator.AffineTransform
