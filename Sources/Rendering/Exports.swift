import Foundation
// The modules whose types Rendering's public API speaks in (views and geometry, the built-in
// effects, encoding options, pixel images): a client imports Rendering alone.
@_exported import Animator
@_exported import Effects
@_exported import FrameEncoding
@_exported import Pixels
