import Compositor
import Effects
import Foundation
import FrameEncoding
import Rendering

/// The docs gallery: per effect its docs media (`MediaSet`: an animated WebP with a GIF
/// fallback, in light and dark, playing the effect's default operation with the end state
/// held, then the reverse when the effect has one and the start held, a one-way effect holding
/// its ends and cutting back; a filmstrip in the phone outline in each appearance; the motion
/// curves), plus the README.md and index.html pages, which show them with `<picture>`. Its
/// manifest (`gallery.json`) records frame and file hashes, so regenerating rewrites a file
/// only when it changes, and `--check` tells a stale gallery.
package struct Gallery {
  /// Frame width of the animations, in pixels (README-sized).
  public static let width = 240.0
  /// 15 frames a second.
  public static let fps = 15.0
  /// The style every effect's media are made in: see `budget` for the qualities.
  public static var style: MediaStyle {
    var style = MediaStyle()
    style.fps = fps
    style.webpQuality = webpQuality
    style.gifQuality = gifQuality
    style.gifDither = dither.rawValue
    style.gifScale = gifScale
    style.stillPoints = stillPoints
    style.stillWidth = stillWidth
    style.maxTotalBytes = budget
    return style
  }
  /// WebP, what browsers show, at quality 60 (40 blurs the demo's text for 17 % fewer bytes,
  /// 75 takes 11 % more); the GIF fallback, for renderers without WebP, half as wide (a third
  /// of the bytes) at quality 39 with `dither`, as the gallery's GIFs were. With the dark
  /// variants this keeps `output/` within `budget` (docs/docs-media.md#the-gallery).
  public static let webpQuality = 60
  public static let gifQuality = 39
  public static let gifScale = 0.5
  /// `auto`: gradients that would band are dithered (the demo photograph's sky).
  public static let dither = GIFDither.auto
  /// Most bytes the gallery's files take together (`MediaStyle.maxTotalBytes`): 25 MB, where
  /// the light GIFs alone took 10.35 MB.
  public static let budget = 25_000_000
  public static let screen = [375.0, 667.0]
  /// Width of each still of a filmstrip, in pixels: five fit a phone's screen turned sideways.
  public static let stillWidth = 120.0
  /// The filmstrips' progress points: start, quarters, end.
  public static let stillPoints = [0, 0.25, 0.5, 0.75, 1]

  public let folder: String
  public let threads: Int
  /// The effects to render or check (others keep their manifest entries).
  public let effects: [Effect]

  public init(folder: String, threads: Int, effects: [Effect] = EffectCatalog.all) {
    self.folder = folder
    self.threads = threads
    self.effects = effects
  }

  /// The recipe of an effect's gallery animation: a bounce when the effect has the reverse
  /// operation (holding each end state `RenderRecipe.defaultBounceHold`), else the operation
  /// alone with the same hold at both ends.
  public static func recipe(for effect: Effect) -> RenderRecipe {
    var r = RenderRecipe(effect: effect.name)
    r.operation = effect.defaultOperation
    if effect.operations.contains(effect.defaultOperation.reverse) {
      r.bounce = true
    } else {
      r.hold = RenderRecipe.defaultBounceHold
    }
    r.size = Size(width: screen[0], height: screen[1])
    r.scale = width / screen[0]
    r.fps = fps
    return r
  }

  /// The recipe of the filmstrip and the curves: the operation once, stills `stillWidth` wide.
  static func oneTransition(of recipe: RenderRecipe) -> RenderRecipe {
    var r = recipe
    r.bounce = nil
    r.hold = nil
    r.scale = stillWidth / screen[0]
    return r
  }

  /// The media set in `folder`: the manifest `gallery.json`, every catalog effect's entry kept
  /// in catalog order, the two pages made from them.
  var media: MediaSet {
    var set = MediaSet(folder: folder, style: Self.style, threads: threads)
    set.manifestName = "gallery.json"
    set.keeps = { EffectCatalog.effect(named: $0.name) != nil }
    let order = Dictionary(uniqueKeysWithValues: EffectCatalog.all.enumerated().map { ($1.name, $0) })
    set.order = { $0.sorted { order[$0.name]! < order[$1.name]! } }
    set.pages = { entries in
      let page = GalleryPage(entries: entries)
      return [("README.md", page.markdown()), ("index.html", page.html())]
    }
    return set
  }

  /// Renders every effect; writes the files whose pixels changed (or that are missing), the
  /// manifest and the pages. With `check`, writes nothing and reports what is stale.
  /// `progress` hears each effect's outcome.
  @MainActor
  public func run(check: Bool, progress: (MediaSet.Outcome) -> Void = { _ in }) throws -> MediaSet.Report {
    try media.run(effects.map(GallerySource.init), check: check, progress: progress)
  }
}

/// A catalog effect as the gallery records it: its recipe in either appearance.
@MainActor
struct GallerySource: MediaSource {
  let effect: Effect
  let recipe: RenderRecipe?

  init(_ effect: Effect) {
    self.effect = effect
    recipe = Gallery.recipe(for: effect)
  }

  var name: String { effect.name }
  var alt: String { "\(effect.name): \(GalleryPage.Card.plays(of: recipe!, effect: effect))" }
  var title: String { "\(effect.name) --\(effect.defaultOperation.rawValue)" }
  var holds: (first: Double, last: Double) { recipe!.encodingHolds }

  func animation(in appearance: UserInterfaceStyle, scale: Double) throws -> Recording {
    try simulate(try Self.recipe(recipe!, in: appearance, scale: scale).settings())
  }

  func motion() throws -> (curves: MotionCurves, completion: Double) {
    let recording = try simulate(try Gallery.oneTransition(of: recipe!).settings(), motion: true)
    guard let motion = recording.motion, let completion = recording.completions.first else {
      throw RenderError("\(effect.name): no motion curves")
    }
    return (motion, completion)
  }

  func stills(in appearance: UserInterfaceStyle, atProgress progress: [Double], completion: Double) throws -> (
    stills: [Still], scale: Double
  ) {
    let settings = try Self.recipe(Gallery.oneTransition(of: recipe!), in: appearance).settings()
    return (try Rendering.stills(of: settings, atProgress: progress, completion: completion), settings.scale)
  }

  /// `recipe` in `appearance` (a recipe names only what differs from light) at `scale` times
  /// its pixels per point.
  static func recipe(_ recipe: RenderRecipe, in appearance: UserInterfaceStyle, scale: Double = 1) -> RenderRecipe {
    var r = recipe
    r.appearance = appearance == .dark ? .dark : nil
    r.scale = recipe.scale * scale
    return r
  }
}
