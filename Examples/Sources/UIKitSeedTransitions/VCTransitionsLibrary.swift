import UIKit

// Seed 002's app depends on VCTransitionsLibrary, an Objective-C library of animation
// controllers and interaction controllers. The ones it uses are TransitionRender's built-in
// flip, fold and horizontal swipe, which take the same `reverse`, `folds` and
// `wire(to:for:)` (`wireToViewController:forOperation:` as Swift imports it): they stand in for
// the library here, as the renamed port uses them.

typealias CEFlipAnimationController = FlipAnimator
typealias CEFoldAnimationController = FoldAnimator
typealias CESwipeInteractionController = HorizontalSwipeInteractionController
