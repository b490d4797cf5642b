import Compositor
import Pixels
import Snapshot

/// The bench's own frames: a cube of two UI-like screens, as vectors or as pictures, and a
/// cube of text-like pictures. All at `screen` points.
enum BenchScenes {
  static let screen = Size(width: 375, height: 667)
  static let frameCount = 30

  static func box(_ r: Rect, _ c: Color?, radius: Double = 0) -> LayerSnapshot {
    var l = LayerSnapshot()
    l.bounds = Rect(x: 0, y: 0, width: r.width, height: r.height)
    l.position = Point(x: r.midX, y: r.midY)
    l.backgroundColor = c
    l.cornerRadius = radius
    return l
  }

  /// A table-view-like screen: nav bar with title and hairline, 10 rows with a rounded icon,
  /// two text bars, a chevron and a hairline separator.
  static func uiScreen(tint: Color, name: String) -> LayerSnapshot {
    var s = box(Rect(origin: .zero, size: screen), .white)
    s.name = name
    var subs: [LayerSnapshot] = []
    subs.append(box(Rect(x: 0, y: 0, width: 375, height: 64), Color(white: 0.97)))
    subs.append(box(Rect(x: 0, y: 63.5, width: 375, height: 0.5), Color(white: 0.7)))
    subs.append(box(Rect(x: 137, y: 32, width: 100, height: 14), Color(white: 0.15), radius: 4))
    subs.append(box(Rect(x: 12, y: 32, width: 60, height: 14), tint, radius: 4))
    for i in 0..<10 {
      let y = 64 + Double(i) * 60
      subs.append(
        box(Rect(x: 16, y: y + 10, width: 40, height: 40), tint.withAlphaComponent(0.35 + 0.06 * Double(i)), radius: 9))
      subs.append(
        box(Rect(x: 68, y: y + 14, width: 180 - Double(i % 3) * 30, height: 12), Color(white: 0.2), radius: 3))
      subs.append(box(Rect(x: 68, y: y + 34, width: 120 + Double(i % 4) * 20, height: 9), Color(white: 0.6), radius: 3))
      subs.append(box(Rect(x: 350, y: y + 24, width: 8, height: 12), Color(white: 0.75), radius: 2))
      subs.append(box(Rect(x: 68, y: y + 59.5, width: 307, height: 0.5), Color(white: 0.85)))
    }
    subs.append(box(Rect(x: 0, y: 618, width: 375, height: 49), Color(white: 0.97)))
    subs.append(box(Rect(x: 0, y: 618, width: 375, height: 0.5), Color(white: 0.7)))
    s.sublayers = subs
    return s
  }

  /// Frame i of a cube rotation by 90° (ease-in-out): each face is pushed out to the cube's
  /// surface, turned about the cube's vertical axis, and pulled back so the front face starts
  /// flat; faces are single-sided and darkened by a black veil as they turn away.
  static func cubeFrame(_ i: Int, from: LayerSnapshot, to: LayerSnapshot) -> FrameSnapshot {
    let t = Double(i) / Double(frameCount - 1)
    let u = t * t * (3 - 2 * t)
    let theta = u * Double.pi / 2
    let half = screen.width / 2
    func face(_ content: LayerSnapshot, _ angle: Double, veil: Double) -> LayerSnapshot {
      var f = content
      f.position = Point(x: screen.width / 2, y: screen.height / 2)
      f.isDoubleSided = false
      f.transform = Transform3D(translationX: 0, y: 0, z: half)
        .concatenating(Transform3D(rotationAngle: angle, x: 0, y: 1, z: 0))
        .concatenating(Transform3D(translationX: 0, y: 0, z: -half))
      var v = box(Rect(origin: .zero, size: screen), .black)
      v.opacity = veil * 0.8
      f.sublayers.append(v)
      return f
    }
    var root = box(Rect(origin: .zero, size: screen), nil)
    root.sublayerTransform = .perspective(distance: 1000)
    root.sublayers = [face(from, -theta, veil: u), face(to, Double.pi / 2 - theta, veil: 1 - u)]
    return FrameSnapshot(time: t, size: screen, background: .black, root: root)
  }

  static func cube(from: LayerSnapshot, to: LayerSnapshot) -> [FrameSnapshot] {
    (0..<frameCount).map { cubeFrame($0, from: from, to: to) }
  }

  /// One picture face turned 25° about the vertical axis under perspective d = 1000 pt and
  /// scaled by `scale` (1.3: magnified everywhere, bilinear; 0.35: minified, trilinear), over
  /// a transparent background, so that the pixels it covers can be counted.
  static func face(_ image: RGBAImage, scale s: Double) -> [FrameSnapshot] {
    var face = picture(image, label: "face")
    face.transform = Transform3D(rotationAngle: 25 * Double.pi / 180, x: 0, y: 1, z: 0).scaledBy(x: s, y: s, z: 1)
    var root = box(Rect(origin: .zero, size: screen), nil)
    root.sublayerTransform = .perspective(distance: 1000)
    root.sublayers = [face]
    return Array(repeating: FrameSnapshot(time: 0, size: screen, background: nil, root: root), count: frameCount)
  }

  /// A layer showing `image` over the whole screen.
  static func picture(_ image: RGBAImage, label: String) -> LayerSnapshot {
    var l = box(Rect(origin: .zero, size: screen), nil)
    l.contents = .image(Bitmap(image, label: label))
    return l
  }

  /// A screen's pixels at `scale` (a screenshot of it).
  static func screenshot(_ s: LayerSnapshot, compositor: Compositor) throws -> RGBAImage {
    var r = s
    r.position = Point(x: screen.width / 2, y: screen.height / 2)
    return try compositor.render(FrameSnapshot(time: 0, size: screen, background: nil, root: r))
  }

  /// A page of text-like marks, `width × height` pixels: black strokes one to two pixels wide
  /// on white, in glyphs 7 to 12 pixels wide on 24-pixel lines (about 13-pt text at 2x), words
  /// of 2 to 9 glyphs. Deterministic (a fixed linear congruential sequence).
  static func textPage(width: Int, height: Int) -> RGBAImage {
    var image = RGBAImage(width: width, height: height, fill: RGBA8(255, 255, 255))!
    var state: UInt64 = 0x9E37_79B9_7F4A_7C15
    func next(_ n: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(n))
    }
    func ink(_ x: Int, _ y: Int, _ level: UInt8) {
      guard x >= 0, y >= 0, x < width, y < height else { return }
      let old = image[x, y].r
      let v = min(old, level)
      image[x, y] = RGBA8(v, v, v)
    }
    var baseline = 40
    while baseline + 6 < height {
      var x = 24
      while x < width - 40 {
        let letters = 2 + next(8)
        for _ in 0..<letters {
          let w = 7 + next(6), h = 10 + next(5)
          let top = baseline - h
          // A glyph: one or two stems, a bar, maybe a diagonal and a dot.
          for yy in top..<baseline {
            ink(x, yy, 0)
            if w > 9 { ink(x + w - 2, yy, 10) }
          }
          let bar = top + next(h)
          for xx in x..<(x + w - 1) { ink(xx, bar, 20) }
          if next(2) == 0 {
            for k in 0..<h { ink(x + k * (w - 2) / h, top + k, 30) }
          }
          if next(4) == 0 { ink(x + w / 2, top - 3, 0) }
          x += w + 2
        }
        x += 8
      }
      baseline += 24
    }
    return image
  }
}
