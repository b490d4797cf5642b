import Foundation
import Pixels

/// The presentation state of one layer at one instant: plain values, no references to the
/// live tree. The compositor draws from these and nothing else.
///
/// Geometry follows CALayer: `bounds` in the layer's own space (its origin scrolls the
/// sublayers), `position` in the superlayer's space where `anchorPoint` (unit coordinates,
/// (0,0) = top-left) sits, `transform` applied about the anchor, `sublayerTransform` applied to
/// every sublayer about this layer's anchor.
public struct LayerSnapshot: Sendable, Equatable {
  /// What kind of layer this is; only `.transformLayer` keeps its sublayers in 3D.
  public enum Kind: Sendable, Equatable {
    /// An ordinary layer: its subtree is flattened into its plane.
    case normal
    /// CATransformLayer: draws nothing itself; its sublayers share its parent's 3D space.
    case transformLayer
    /// CAGradientLayer: the gradient is its content.
    case gradient(Gradient)
  }

  /// Ordinary, transform layer or gradient; `.normal` by default.
  public var kind: Kind = .normal
  /// A debugging name (the view's name), printed in snapshot text.
  public var name: String = ""
  /// The layer's own rectangle, points; its origin scrolls the sublayers. Zero by default.
  public var bounds: Rect = .zero
  /// Where the anchor point sits in the superlayer's bounds space, points.
  public var position: Point = .zero
  /// The z of `position`, points (positive toward the viewer): among siblings it orders
  /// before array order; only under perspective does it change the size.
  public var zPosition: Double = 0
  /// The point of the bounds pinned to `position`, in unit coordinates ((0, 0) top-left), about
  /// which `transform` acts; the centre by default.
  public var anchorPoint: Point = Point(x: 0.5, y: 0.5)
  /// The z of the anchor point, points.
  public var anchorPointZ: Double = 0
  /// Acts about the anchor point, before `position` places the layer; identity by default.
  public var transform: Transform3D = .identity
  /// Acts on every sublayer about this layer's anchor point (a container's perspective);
  /// identity by default.
  public var sublayerTransform: Transform3D = .identity
  /// 0...1; group opacity (the composited subtree is faded once).
  public var opacity: Double = 1
  /// True: the layer and its sublayers draw nothing.
  public var isHidden: Bool = false
  /// False: the layer and its sublayers are not drawn while its back faces the viewer (judged
  /// within its 3D rendering context, docs/core-animation.md#back-faces-are-culled).
  public var isDoubleSided: Bool = true
  /// nil = transparent.
  public var backgroundColor: Color? = nil
  /// Points, at most half the shorter side of the bounds when drawn; 0 = square corners.
  public var cornerRadius: Double = 0
  /// The corners `cornerRadius` rounds (in the background, the border and the masksToBounds
  /// clip); the others stay square.
  public var maskedCorners: CornerMask = .all
  /// Clips contents and sublayers to bounds (rounded by cornerRadius), and the shadow away.
  public var masksToBounds: Bool = false
  /// Points, drawn inside the bounds above contents and sublayers, at most half the shorter
  /// side; 0 = no border.
  public var borderWidth: Double = 0
  /// Opaque black by default (CALayer's); shown only where `borderWidth` > 0.
  public var borderColor: Color = .black
  /// nil while every shadow property has its default (opacity 0); a shadow of opacity 0, or
  /// under `masksToBounds`, draws nothing.
  public var shadow: Shadow? = nil
  /// The shape the shadow is cast from, in the bounds space; nil casts it from the composited
  /// layer's silhouette.
  public var shadowPath: ShapePath? = nil
  /// Drawn over the background (and a gradient layer's gradient); nil draws nothing there.
  public var contents: Contents? = nil
  /// How picture contents are placed in the bounds (`resize` stretches them over it); laid-out
  /// text is placed by its layout.
  public var contentsGravity: ContentsGravity = .resize
  /// Pixels of picture contents per point (CALayer.contentsScale): a picture's natural size in
  /// points, which the non-scaling gravities use, is its pixel size divided by this.
  public var contentsScale: Double = 1
  /// Drawn after the contents, back to front: by depth within the 3D rendering context,
  /// then `zPosition`, then array order (docs/core-animation.md#depth-sort-within-a-context).
  public var sublayers: [LayerSnapshot] = []

  /// An ordinary, empty layer with CALayer's defaults: zero bounds at (0, 0), anchor at the
  /// centre, opacity 1, shown, no background, no contents.
  public init() {}
}

/// A drop shadow: the silhouette of the composited layer, blurred with a Gaussian of
/// sigma = `radius` points (docs/core-animation.md#shadow-is-the-blurred-silhouette), offset
/// and tinted.
public struct Shadow: Sendable, Equatable {
  /// Tints the silhouette; its alpha multiplies `opacity`.
  public var color: Color
  /// 0...1, multiplied with the color's alpha.
  public var opacity: Double
  /// In points; UIKit's default is (0, -3), which points up.
  public var offset: Size
  /// Blur radius in points.
  public var radius: Double
  /// `color`, `offset` and `radius` default to CALayer's (black, (0, −3), 3); `opacity` has
  /// no default.
  public init(color: Color = .black, opacity: Double, offset: Size = Size(width: 0, height: -3), radius: Double = 3) {
    self.color = color
    self.opacity = opacity
    self.offset = offset
    self.radius = radius
  }
}

/// A linear gradient evaluated in the layer's unit square (CAGradientLayer): `startPoint` and
/// `endPoint` are unit coordinates, so the gradient stretches with the layer; end colors
/// extend beyond the end points.
public struct Gradient: Sendable, Equatable {
  /// From `startPoint` to `endPoint`; none draws nothing, one fills the layer.
  public var colors: [Color]
  /// Stop positions, one per color, each clamped to 0...1; nil (or a count other than the
  /// colors') spreads the colors evenly.
  public var locations: [Double]?
  /// Where the first color is, in the layer's unit square ((0, 0) top-left).
  public var startPoint: Point
  /// Where the last color is, in the layer's unit square.
  public var endPoint: Point
  /// CAGradientLayer's defaults: top centre to bottom centre, colors evenly spread.
  public init(
    colors: [Color], locations: [Double]? = nil, startPoint: Point = Point(x: 0.5, y: 0),
    endPoint: Point = Point(x: 0.5, y: 1)
  ) {
    self.colors = colors
    self.locations = locations
    self.startPoint = startPoint
    self.endPoint = endPoint
  }
}

/// What a layer draws over its background: raster content placed by `contentsGravity`, or
/// laid-out text.
public indirect enum Contents: Sendable, Equatable {
  /// A picture.
  case image(Bitmap)
  /// Text laid out in the bounds (a label's), drawn as vectors.
  case text(TextLayout)
  /// A frozen copy of a layer subtree (what `snapshotView` captures), drawn flattened;
  /// `rect` selects the part of the subtree's bounds that fills this layer (resizable
  /// snapshots of a rect, as fold strips use), with (0, 0) at the top-left of its bounds.
  case layerTree(FrozenLayerTree, rect: Rect)
}

/// A captured layer subtree, shared by reference: every strip or tile cut from one capture
/// holds the same object, so the compositor rasterizes it once and reuses it frame after frame.
/// The root is normalised to its own bounds (no position offset, transform or opacity).
public final class FrozenLayerTree: Sendable, Equatable {
  /// The captured subtree; its root's bounds are what `Contents.layerTree`'s `rect` cuts from.
  public let tree: LayerSnapshot
  /// Wraps `tree` as given: normalising its root (position at the anchor, identity transform,
  /// opacity 1) is the capturer's job, as `snapshotView` does it.
  public init(_ tree: LayerSnapshot) { self.tree = tree }
  public static func == (a: FrozenLayerTree, b: FrozenLayerTree) -> Bool { a === b || a.tree == b.tree }
}

/// An immutable picture shared by reference: identity equality keeps snapshot comparison cheap,
/// and lets the compositor cache derived data (premultiplied surfaces, mip levels) per bitmap.
public final class Bitmap: Sendable, Equatable, CustomStringConvertible {
  /// The pixels, straight RGBA; as a layer's contents its natural size is pixels /
  /// `contentsScale` points.
  public let image: RGBAImage
  /// A stable label for snapshot text (a file name, "screen-from"...).
  public let label: String
  /// A new picture: equal only to itself, so make one per image and share it.
  public init(_ image: RGBAImage, label: String) {
    self.image = image
    self.label = label
  }
  public static func == (a: Bitmap, b: Bitmap) -> Bool { a === b }
  public var description: String { "\(label) \(image.width)x\(image.height)" }
}

/// Everything needed to draw one frame: the container's size, the layer tree, and any
/// scripted touches to indicate.
public struct FrameSnapshot: Sendable, Equatable {
  /// When this frame is shown, in seconds from the start of the recording (the virtual
  /// clock's time, unless the recording runs the clock slower: `Recorder.speed`).
  public var time: Double
  /// The window size in points.
  public var size: Size
  /// Behind everything (iOS windows are black); nil = transparent.
  public var background: Color?
  /// The window's layer.
  public var root: LayerSnapshot
  /// Finger positions in window points, drawn as touch indicators.
  public var touches: [Point]
  /// The display's corner radius in points: outside the rounded corners the frame is the
  /// background (or transparent), over everything else. 0 = square corners.
  public var displayCornerRadius: Double
  /// A frame at `time` seconds of a `size`-point window; by default no touches and square
  /// corners.
  public init(
    time: Double, size: Size, background: Color?, root: LayerSnapshot, touches: [Point] = [],
    displayCornerRadius: Double = 0
  ) {
    self.time = time
    self.size = size
    self.background = background
    self.root = root
    self.touches = touches
    self.displayCornerRadius = displayCornerRadius
  }
}

/// Where picture contents go in a layer's bounds (CALayer.contentsGravity, named for UIKit's
/// +y-down space, as UIView.ContentMode): `resize` stretches the picture over the bounds,
/// `resizeAspect` fits it inside keeping its aspect ratio, `resizeAspectFill` covers the bounds
/// keeping it (overflowing unless masksToBounds); the others keep the picture's natural size
/// (pixels / contentsScale) and pin it to the centre, an edge or a corner
/// (docs/core-animation.md#contents-gravity).
public enum ContentsGravity: String, Sendable, Equatable, CaseIterable {
  /// Stretched over the bounds (the default).
  case resize
  /// Scaled to fit inside the bounds, aspect kept, centred.
  case resizeAspect
  /// Scaled to cover the bounds, aspect kept, centred; overflows unless `masksToBounds`.
  case resizeAspectFill
  /// Natural size, centred.
  case center
  /// Natural size, centred against the top edge.
  case top
  /// Natural size, centred against the bottom edge.
  case bottom
  /// Natural size, centred against the left edge.
  case left
  /// Natural size, centred against the right edge.
  case right
  /// Natural size, in the top-left corner.
  case topLeft
  /// Natural size, in the top-right corner.
  case topRight
  /// Natural size, in the bottom-left corner.
  case bottomLeft
  /// Natural size, in the bottom-right corner.
  case bottomRight
}
