import UIKit

// Seed 002's app depends on VCTransitionsLibrary, an Objective-C library of animation
// controllers. The two it uses are TransitionRender's built-in flip and fold, which take the
// same `reverse` and `folds`: they stand in for the library here, as the renamed port uses them.

typealias CEFlipAnimationController = FlipAnimator
typealias CEFoldAnimationController = FoldAnimator
