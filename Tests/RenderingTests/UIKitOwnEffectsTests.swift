import Effects
import Foundation
import Rendering
import Testing

/// The catalog's effects of UIKit's own (docs/effects.md#uikits-own), rendered small through
/// the recipes the command line makes, against end states another effect or operation reaches.
@MainActor
@Suite("UIKit's own effects: sheets, zoom, back swipe")
struct UIKitOwnEffectsTests {
  func recipe(_ effect: String, _ operation: TransitionOperation, _ extra: (inout RenderRecipe) -> Void = { _ in })
    -> RenderRecipe
  {
    var r = RenderRecipe(effect: effect)
    r.operation = operation
    r.size = Size(width: 100, height: 178)
    r.fps = 20
    extra(&r)
    return r
  }

  func hashes(_ recipe: RenderRecipe) throws -> [String] {
    try simulate(try recipe.settings()).frameHashes(threads: 2)
  }

  @Test(
    "back-swipe: the edge drag finishing ends on the frame the standard pop ends on, and let go early (--cancel) ends on the frame the pop starts from; its frames differ from the non-interactive pop's on the way; its stills follow the drag too"
  )
  func backSwipeEnds() throws {
    let pop = try hashes(recipe("ios-push", .pop))
    let finished = try hashes(recipe("back-swipe", .pop))
    let cancelled = try hashes(recipe("back-swipe", .pop) { $0.cancel = true })
    #expect(finished.last == pop.last)
    #expect(cancelled.last == pop.first)
    #expect(finished.count != pop.count || finished != pop)
    // Stills (the gallery's filmstrip) follow the same gesture.
    #expect(try stills(of: try recipe("back-swipe", .pop).settings(), atProgress: [0, 0.5, 1]).count == 3)
  }

  @Test(
    "page-sheet, sheet-detent, form-sheet and zoom: presented then dismissed (--bounce) they end on the presenter alone (the first frame of the cover-vertical presentation, whose sheet starts below the screen), and the interactive dismissal with UIKit's own drag ends there too (finished) or on the presented state (cancelled)",
    arguments: ["page-sheet", "sheet-detent", "form-sheet", "zoom"])
  func sheetsComeBack(effect: String) throws {
    let presenterAlone = try hashes(recipe("cover-vertical", .present)).first
    let bounced = try hashes(recipe(effect, .present) { $0.bounce = true })
    #expect(bounced.last == presenterAlone)
    let presented = try hashes(recipe(effect, .present))
    let dragged = try hashes(recipe(effect, .dismiss) { $0.interactive = true })
    let kept = try hashes(
      recipe(effect, .dismiss) {
        $0.interactive = true; $0.cancel = true
      })
    #expect(dragged.last == presenterAlone)
    #expect(kept.last == presented.last)
    #expect(dragged.count > 2 && kept.count > 2)
  }

  @Test(
    "zoom: the push ends on the message and the pop on the inbox, as the standard push and pop do; the back swipe takes no --duration (UIKit's timing), with a one-line error naming the parameters"
  )
  func zoomNavigationAndDuration() throws {
    #expect(try hashes(recipe("zoom", .push)).last == hashes(recipe("ios-push", .push)).last)
    #expect(try hashes(recipe("zoom", .pop)).last == hashes(recipe("ios-push", .pop)).last)
    #expect(throws: RenderError.self) { _ = try recipe("back-swipe", .pop) { $0.duration = 1 }.settings() }
  }
}
