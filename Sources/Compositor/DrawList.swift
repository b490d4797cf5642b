import Foundation
import Snapshot

/// A frame resolved for painting: what `Resolver` makes of a snapshot and `Painter` turns into
/// pixels. Every coordinate is in device pixels of the target (whose user space is the
/// identity); 3D rendering contexts are already flattened, back faces culled, polygons clipped
/// at the near plane (W ≥ `PolygonClipper.nearEpsilon`) and to the guard band, and items are in
/// painting order. `begin…`/`end…` items nest like parentheses.
struct DrawList: CustomStringConvertible {
  var items: [DrawItem] = []

  /// One item per line, nested items indented two spaces, numbers to 3 decimals
  /// (`TextFormat`); a layer without a name prints as `layer`.
  var description: String {
    var out = ""
    var depth = 0
    for item in items {
      if item.closes { depth -= 1 }
      out += String(repeating: "  ", count: max(depth, 0)) + item.description + "\n"
      if item.opens { depth += 1 }
    }
    return out
  }
}

/// One step of painting.
enum DrawItem: CustomStringConvertible {
  /// Every pixel of the target replaced by the color; nil = transparent.
  case clear(Color?)
  /// A solid fill of one layer's background or border.
  case fill(FillItem)
  /// Raster content of one layer mapped through its homography.
  case texture(TextureItem)
  /// The outline glyphs of a layer's text, filled as vectors.
  case glyphs(GlyphItem)
  /// Paints up to the matching `endClip` are clipped to the polygon (masksToBounds: the
  /// layer's rounded bounds).
  case beginClip(layer: String, polygon: [Point])
  case endClip
  /// Paints up to the matching `endGroup` go into an offscreen group limited to `clip`
  /// (nil = unlimited).
  case beginGroup(clip: PixelBox?)
  /// The group composited onto what is below with `alpha` (1 = plain source-over).
  case endGroup(alpha: Double)
  /// Paints up to the matching `endShadow` go into an offscreen group: the layer's body.
  case beginShadow
  /// The body's alpha silhouette painted blurred, offset and tinted, then the body over it.
  case endShadow(ShadowItem)
  /// A shadow cast from a shadow path: the polygon's coverage painted blurred, offset and
  /// tinted (the layer's body follows as items of its own).
  case pathShadow(polygon: [Point], ShadowItem)
  /// A touch indicator (a soft disc) centred at `center`, `radius` pixels wide.
  case touch(center: Point, radius: Double)
  /// Everything painted so far is replaced by `color` (nil = transparent) outside the
  /// display's rounded outline, by its antialiased coverage: the even-odd area between the
  /// frame's rectangle and the outline (both in `polygons`).
  case outsideDisplay(polygons: [[Point]], color: Color?)

  var opens: Bool {
    switch self {
    case .beginClip, .beginGroup, .beginShadow: return true
    default: return false
    }
  }

  var closes: Bool {
    switch self {
    case .endClip, .endGroup, .endShadow: return true
    default: return false
    }
  }

  var description: String {
    switch self {
    case .clear(let color): return "clear " + (color.map(TextFormat.color) ?? "transparent")
    case .fill(let f): return f.description
    case .texture(let t): return t.description
    case .glyphs(let g): return g.description
    case .beginClip(let layer, let polygon): return "clip \(label(layer)) \(text(polygon))"
    case .endClip: return "end clip"
    case .beginGroup(let clip): return "group" + (clip.map { " clip \($0)" } ?? "")
    case .endGroup(let alpha): return "end group alpha \(TextFormat.number(alpha))"
    case .beginShadow: return "shadow"
    case .endShadow(let s): return "end \(s)"
    case .pathShadow(let polygon, let s): return "\(s) from path \(text(polygon))"
    case .touch(let c, let r): return "touch \(TextFormat.point(c)) radius \(TextFormat.number(r))"
    case .outsideDisplay(let polygons, let color):
      return "outside display " + (color.map(TextFormat.color) ?? "transparent") + " \(polygons[1].count)-point outline"
    }
  }
}

/// A solid fill: `polygons` (each closed, at least 3 points) filled with `color` under the
/// nonzero winding rule, or the even-odd rule (a border: outer outline and inner outline).
struct FillItem: CustomStringConvertible {
  var layer: String
  var color: Color
  var polygons: [[Point]]
  var evenOdd: Bool

  var description: String {
    let rule = evenOdd ? " even-odd" : ""
    return "fill \(label(layer)) \(TextFormat.color(color))\(rule) " + polygons.map(text).joined(separator: " ")
  }
}

/// A text layout's outline glyphs filled with one color under the nonzero winding rule:
/// `toDevice` (affine) maps the layout's space (points, origin at the top-left corner of the
/// layer's bounds) to device pixels; `color` includes the layer's folded alpha
/// (docs/text.md#vectors-under-affine-transforms).
struct GlyphItem: CustomStringConvertible {
  var layer: String
  var layout: TextLayout
  var toDevice: Homography
  var color: Color

  var description: String {
    "glyphs \(label(layer)) \(layout) \(TextFormat.color(color)) \(layout.glyphs.count) glyphs map \(toDevice)"
  }
}

/// Texels mapped onto a device polygon: `texToDevice` takes texel coordinates (texel (i, j)
/// covers [i, i+1) × [j, j+1) of a `width × height` texture) to device pixels; `polygon` is
/// the visible part of the layer's bounds; `alpha` (0...1) multiplies the texels. An `overlay`
/// is painted over the texels inside the same polygon in the same pass.
struct TextureItem: CustomStringConvertible {
  var layer: String
  var content: TextureContent
  var width: Int
  var height: Int
  var texToDevice: Homography
  var polygon: [Point]
  var alpha: Double
  var overlay: TextureOverlay? = nil

  var description: String {
    "texture \(label(layer)) \(content) \(width)x\(height) alpha \(TextFormat.number(alpha)) "
      + "map \(texToDevice) \(text(polygon))" + (overlay.map { " under \($0)" } ?? "")
  }
}

/// A gradient layer that covers exactly the polygon of the texture below it (a sublayer with
/// its superlayer's bounds, as Fold's and Flip's shading veils are), composited over the texels
/// before they are composited over the target: the same pixels as painting it after the
/// texture, without the background showing through the two antialiased edges. `texToDevice`
/// maps its own `width × height` texel grid; it differs from the texture's by an affine map.
struct TextureOverlay: CustomStringConvertible {
  var layer: String
  var gradient: Gradient
  var width: Int
  var height: Int
  var texToDevice: Homography
  var alpha: Double

  var description: String {
    "\(label(layer)) \(TextureContent.gradient(gradient)) \(width)x\(height) alpha \(TextFormat.number(alpha)) "
      + "map \(texToDevice)"
  }
}

/// Where a texture's texels come from.
enum TextureContent: CustomStringConvertible {
  /// A picture, premultiplied and mipmapped once per compositor.
  case image(Bitmap)
  /// A CAGradientLayer's gradient over the unit square, rendered at the texture's size.
  case gradient(Gradient)
  /// The part `rect` of a frozen subtree's bounds, resolved and painted once per compositor.
  case layerTree(FrozenLayerTree, rect: Rect)
  /// The part `region` (the layout's coordinates) of a text layout rasterized at
  /// `pixelsPerPoint`, once per compositor.
  case text(TextLayout, pixelsPerPoint: Double, region: Rect)

  /// True for a picture or a frozen subtree (texels from a mip chain), false for a gradient.
  var isPicture: Bool {
    if case .gradient = self { return false }
    return true
  }

  var description: String {
    switch self {
    case .image(let bitmap): return "image \(bitmap.label)"
    case .gradient(let g):
      return "gradient [\(g.colors.map(TextFormat.color).joined(separator: ","))] "
        + "\(TextFormat.point(g.startPoint))->\(TextFormat.point(g.endPoint))"
    case .layerTree(let frozen, let rect): return "snapshot \(label(frozen.tree.name)) rect \(TextFormat.rect(rect))"
    case .text(let layout, let ppp, let region):
      return "text \(layout) rect \(TextFormat.rect(region)) at \(TextFormat.number(ppp)) px/pt"
    }
  }
}

/// A drop shadow resolved to device pixels: `color`'s alpha already includes shadowOpacity;
/// `offset` is shadowOffset projected at the layer's anchor; `sigma` is the Gaussian's
/// standard deviation.
struct ShadowItem: CustomStringConvertible {
  var color: Color
  var offset: Point
  var sigma: Double

  var description: String {
    "shadow \(TextFormat.color(color)) offset \(TextFormat.point(offset)) sigma \(TextFormat.number(sigma))"
  }
}

/// An axis-aligned box in device pixels.
struct PixelBox: CustomStringConvertible {
  var minX, minY, maxX, maxY: Double

  /// The box grown by `d` on every side.
  func expanded(by d: Double) -> PixelBox { PixelBox(minX: minX - d, minY: minY - d, maxX: maxX + d, maxY: maxY + d) }

  /// The smallest box holding both.
  func union(_ o: PixelBox) -> PixelBox {
    PixelBox(minX: min(minX, o.minX), minY: min(minY, o.minY), maxX: max(maxX, o.maxX), maxY: max(maxY, o.maxY))
  }

  /// The smallest box of whole pixels holding this one.
  var roundedOut: PixelBox {
    PixelBox(
      minX: minX.rounded(.down), minY: minY.rounded(.down), maxX: maxX.rounded(.up), maxY: maxY.rounded(.up))
  }

  var description: String {
    "\(TextFormat.point(Point(x: minX, y: minY)))-\(TextFormat.point(Point(x: maxX, y: maxY)))"
  }
}

extension Homography: CustomStringConvertible {
  /// Rows of the 3×3 matrix (row vectors: `(x, y, 1) · H`).
  var description: String {
    let rows = [[h00, h01, h02], [h10, h11, h12], [h20, h21, h22]]
    return "[" + rows.map { $0.map(TextFormat.number).joined(separator: " ") }.joined(separator: "; ") + "]"
  }
}

/// A layer's name in draw-list text.
private func label(_ name: String) -> String { name.isEmpty ? "layer" : name }

/// `[(x,y) (x,y) …]`.
private func text(_ polygon: [Point]) -> String { "[" + polygon.map(TextFormat.point).joined(separator: " ") + "]" }
