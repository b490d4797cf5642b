import CCairo
import Foundation
import Snapshot
import Pixels

@testable import Compositor

/// A layer whose frame (in its parent's bounds space, identity transform) is `frame`.
func layer(_ frame: Rect, _ color: Color? = nil, name: String = "") -> LayerSnapshot {
  var l = LayerSnapshot()
  l.name = name
  l.bounds = Rect(x: 0, y: 0, width: frame.width, height: frame.height)
  l.position = Point(x: frame.midX, y: frame.midY)
  l.backgroundColor = color
  return l
}

/// A window of `size` points whose root layer holds `sublayers`.
func scene(_ size: Size, background: Color? = nil, _ sublayers: [LayerSnapshot], touches: [Point] = []) -> FrameSnapshot
{
  var root = layer(Rect(origin: .zero, size: size), name: "window")
  root.sublayers = sublayers
  return FrameSnapshot(time: 0, size: size, background: background, root: root, touches: touches)
}

let red = Color(red: 1, green: 0, blue: 0)
let green = Color(red: 0, green: 1, blue: 0)
let blue = Color(red: 0, green: 0, blue: 1)

/// Writes the image as PAM to $COMPOSITOR_DEBUG_DIR (when set) for a person to look at.
func debugDump(_ image: RGBAImage, _ name: String) {
  guard let dir = ProcessInfo.processInfo.environment["COMPOSITOR_DEBUG_DIR"] else { return }
  var data = Data(
    "P7\nWIDTH \(image.width)\nHEIGHT \(image.height)\nDEPTH 4\nMAXVAL 255\nTUPLTYPE RGB_ALPHA\nENDHDR\n".utf8)
  data.append(contentsOf: image.pixels)
  try? data.write(to: URL(fileURLWithPath: "\(dir)/\(name).pam"))
}

func alpha(_ img: RGBAImage, _ x: Int, _ y: Int) -> Double { Double(img[x, y].a) / 255 }

/// Mean absolute difference per byte between two same-size images.
func meanAbsDiff(_ a: RGBAImage, _ b: RGBAImage) -> Double {
  var s = 0
  for i in 0..<a.pixels.count { s += abs(Int(a.pixels[i]) - Int(b.pixels[i])) }
  return Double(s) / Double(a.pixels.count)
}

/// A deterministic high-frequency test picture: 1-texel checkerboard of black and white with a
/// coloured border, `n × n`.
func checkerBitmap(_ n: Int) -> Bitmap {
  var img = RGBAImage(width: n, height: n)!
  for y in 0..<n {
    for x in 0..<n {
      let on = (x + y) % 2 == 0
      img[x, y] = on ? RGBA8(255, 255, 255) : RGBA8(0, 0, 0)
    }
  }
  return Bitmap(img, label: "checker\(n)")
}

/// What `draw` paints into a `width × height` Cairo surface first filled with the opaque
/// color `background` (red, green, blue in 0...1), as straight RGBA.
func painted(
  _ width: Int, _ height: Int, background: (Double, Double, Double), _ draw: (OpaquePointer) -> Void
) -> RGBAImage {
  let s = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
  defer { cairo_surface_destroy(s) }
  let cr = cairo_create(s)!
  cairo_set_source_rgb(cr, background.0, background.1, background.2)
  cairo_paint(cr)
  draw(cr)
  cairo_destroy(cr)
  cairo_surface_flush(s)
  return PixelConversion.straightRGBA(s)
}
