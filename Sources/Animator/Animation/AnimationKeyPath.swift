import Foundation

/// What an explicit animation's key path names: a layer property, or one part of it
/// (docs/core-animation.md#explicit-animation-key-paths).
struct AnimationTarget: Equatable {
  let property: AnimatableProperty
  let part: Part

  enum Part: Equatable {
    case whole
    /// A point's x or y, a size's width or height.
    case x, y, width, height
    /// A rectangle's origin (a point), size (a size), or one of their numbers.
    case origin, size, originX, originY, sizeWidth, sizeHeight
    /// A part of a transform, read from and written into its decomposition.
    case transform(TransformPart)
  }

  /// The kinds of value animations carry.
  enum Kind {
    case scalar, point, size, rect, transform, color

    /// How a diagnostic names it.
    var name: String {
      switch self {
      case .scalar: return "a number"
      case .point: return "a CGPoint"
      case .size: return "a CGSize"
      case .rect: return "a CGRect"
      case .transform: return "a CATransform3D"
      case .color: return "a CGColor"
      }
    }
  }

  /// The target `keyPath` names; nil when the library does not animate it.
  init?(keyPath: String) {
    let names = keyPath.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard let property = AnimatableProperty(rawValue: names[0]) else { return nil }
    let rest = names.count > 1 ? names[1] : ""
    let part: Part?
    switch Self.kind(of: property) {
    case .point: part = ["": .whole, "x": .x, "y": .y][rest]
    case .size: part = ["": .whole, "width": .width, "height": .height][rest]
    case .rect:
      let parts: [String: Part] = [
        "": .whole, "origin": .origin, "size": .size, "origin.x": .originX, "origin.y": .originY,
        "size.width": .sizeWidth, "size.height": .sizeHeight,
      ]
      part = parts[rest]
    case .transform: part = rest.isEmpty ? .whole : TransformPart(rawValue: rest).map(Part.transform)
    case .scalar, .color: part = rest.isEmpty ? .whole : nil
    }
    guard let part else { return nil }
    self.property = property
    self.part = part
  }

  /// The kind of a whole property's value.
  static func kind(of property: AnimatableProperty) -> Kind {
    switch LayerSnapshot().value(of: property) {
    case .scalar: return .scalar
    case .point: return .point
    case .size: return .size
    case .rect: return .rect
    case .transform: return .transform
    case .color: return .color
    }
  }

  /// The kind of the values an animation of this target carries.
  var kind: Kind {
    switch part {
    case .whole: return Self.kind(of: property)
    case .x, .y, .width, .height, .originX, .originY, .sizeWidth, .sizeHeight: return .scalar
    case .origin: return .point
    case .size: return .size
    case .transform(let p): return p == .translation ? .size : .scalar
    }
  }

  /// This target's part of the property's value `full`.
  func read(_ full: AnimationValue) -> AnimationValue {
    switch (part, full) {
    case (.whole, _): return full
    case (.x, .point(let p)): return .scalar(p.x)
    case (.y, .point(let p)): return .scalar(p.y)
    case (.width, .size(let s)): return .scalar(s.width)
    case (.height, .size(let s)): return .scalar(s.height)
    case (.origin, .rect(let r)): return .point(r.origin)
    case (.size, .rect(let r)): return .size(r.size)
    case (.originX, .rect(let r)): return .scalar(r.origin.x)
    case (.originY, .rect(let r)): return .scalar(r.origin.y)
    case (.sizeWidth, .rect(let r)): return .scalar(r.size.width)
    case (.sizeHeight, .rect(let r)): return .scalar(r.size.height)
    case (.transform(let p), .transform(let t)): return p.read(t)
    default: return full
    }
  }

  /// `full` with this target's part replaced by `value`.
  func write(_ value: AnimationValue, into full: AnimationValue) -> AnimationValue {
    switch (part, full, value) {
    case (.whole, _, _): return value
    case (.x, .point(let p), .scalar(let v)): return .point(Point(x: v, y: p.y))
    case (.y, .point(let p), .scalar(let v)): return .point(Point(x: p.x, y: v))
    case (.width, .size(let s), .scalar(let v)): return .size(Size(width: v, height: s.height))
    case (.height, .size(let s), .scalar(let v)): return .size(Size(width: s.width, height: v))
    case (.origin, .rect(let r), .point(let v)): return .rect(Rect(origin: v, size: r.size))
    case (.size, .rect(let r), .size(let v)): return .rect(Rect(origin: r.origin, size: v))
    case (.originX, .rect(let r), .scalar(let v)):
      return .rect(Rect(origin: Point(x: v, y: r.origin.y), size: r.size))
    case (.originY, .rect(let r), .scalar(let v)):
      return .rect(Rect(origin: Point(x: r.origin.x, y: v), size: r.size))
    case (.sizeWidth, .rect(let r), .scalar(let v)):
      return .rect(Rect(origin: r.origin, size: Size(width: v, height: r.size.height)))
    case (.sizeHeight, .rect(let r), .scalar(let v)):
      return .rect(Rect(origin: r.origin, size: Size(width: r.size.width, height: v)))
    case (.transform(let p), .transform(let t), _): return .transform(p.write(value, into: t))
    default: return full
    }
  }
}

/// The parts of a transform a key path can name ("transform.rotation.z", "transform.scale"…),
/// read from and written into the transform's decomposition (`DecomposedTransform`), so that
/// the other parts, perspective included, stay as they are; rotations are the angles of
/// x, then y, then z rotations (docs/core-animation.md#explicit-animation-key-paths).
enum TransformPart: String {
  case scale, scaleX = "scale.x", scaleY = "scale.y", scaleZ = "scale.z"
  case rotation, rotationX = "rotation.x", rotationY = "rotation.y", rotationZ = "rotation.z"
  case translation, translationX = "translation.x", translationY = "translation.y", translationZ = "translation.z"

  /// The parts of `t`; a transform that cannot be decomposed reads as the identity.
  private static func parts(of t: Transform3D) -> DecomposedTransform { DecomposedTransform(t) ?? .identity }

  func read(_ t: Transform3D) -> AnimationValue {
    let d = Self.parts(of: t)
    let angles = EulerAngles(d.rotation)
    switch self {
    case .scale: return .scalar((d.scale.x + d.scale.y + d.scale.z) / 3)
    case .scaleX: return .scalar(d.scale.x)
    case .scaleY: return .scalar(d.scale.y)
    case .scaleZ: return .scalar(d.scale.z)
    case .rotationX: return .scalar(angles.x)
    case .rotationY: return .scalar(angles.y)
    case .rotation, .rotationZ: return .scalar(angles.z)
    case .translation: return .size(Size(width: d.translation.x, height: d.translation.y))
    case .translationX: return .scalar(d.translation.x)
    case .translationY: return .scalar(d.translation.y)
    case .translationZ: return .scalar(d.translation.z)
    }
  }

  func write(_ value: AnimationValue, into t: Transform3D) -> Transform3D {
    var d = Self.parts(of: t)
    switch (self, value) {
    case (.translation, .size(let s)):
      d.translation.x = s.width
      d.translation.y = s.height
    case (_, .scalar(let v)):
      var angles = EulerAngles(d.rotation)
      switch self {
      case .scale: d.scale = SIMD3(repeating: v)
      case .scaleX: d.scale.x = v
      case .scaleY: d.scale.y = v
      case .scaleZ: d.scale.z = v
      case .rotationX: angles.x = v
      case .rotationY: angles.y = v
      case .rotation, .rotationZ: angles.z = v
      case .translationX: d.translation.x = v
      case .translationY: d.translation.y = v
      case .translationZ: d.translation.z = v
      case .translation: return t
      }
      if [.rotation, .rotationX, .rotationY, .rotationZ].contains(self) { d.rotation = angles.quaternion }
    default: return t
    }
    return d.recomposed
  }
}

/// A rotation as angles about x, then y, then z (each acting after the one before, in
/// Core Animation's row-vector order: R = Rx(x) · Ry(y) · Rz(z)).
struct EulerAngles {
  var x, y, z: Double

  /// The angles of the unit quaternion `q` (y in −π/2...π/2; at ±π/2, z is 0).
  init(_ q: SIMD4<Double>) {
    let r = Quaternion.rows(Quaternion.normalized(q))
    // R = Rx·Ry·Rz has m13 = −sin y, m23 = sin x·cos y, m33 = cos x·cos y, m12 = cos y·sin z,
    // m11 = cos y·cos z; at cos y = 0, with z = 0, m21 = sin x·sin y and m22 = cos x.
    y = asin(min(max(-r[0].z, -1), 1))
    if abs(r[0].z) < 1 - 1e-12 {
      x = atan2(r[1].z, r[2].z)
      z = atan2(r[0].y, r[0].x)
    } else {
      x = atan2(r[1].x * (r[0].z < 0 ? 1 : -1), r[1].y)
      z = 0
    }
  }

  /// The quaternion of Rx(x) · Ry(y) · Rz(z): z acts last, so it is the leftmost factor.
  var quaternion: SIMD4<Double> {
    func about(_ axis: SIMD3<Double>, _ angle: Double) -> SIMD4<Double> {
      let s = sin(angle / 2)
      return SIMD4(axis.x * s, axis.y * s, axis.z * s, cos(angle / 2))
    }
    let qx = about(SIMD3(1, 0, 0), x), qy = about(SIMD3(0, 1, 0), y), qz = about(SIMD3(0, 0, 1), z)
    return Quaternion.product(qz, Quaternion.product(qy, qx))
  }
}

extension AnimationTarget.Kind {
  /// `any` as a value of this kind: numbers (`Double`, `CGFloat`, `Float`, `Int`, `NSNumber`),
  /// `CGPoint`, `CGSize`, `CGRect` (or an `NSValue` of one), `Transform3D`, `Color`; nil when it
  /// is none of this kind.
  func value(of any: Any) -> AnimationValue? {
    switch self {
    case .scalar:
      if let v = any as? Double { return .scalar(v) }
      if let v = any as? CGFloat { return .scalar(Double(v)) }
      if let v = any as? Float { return .scalar(Double(v)) }
      if let v = any as? Int { return .scalar(Double(v)) }
      if let v = any as? NSNumber { return .scalar(v.doubleValue) }
    case .point:
      if let v = any as? Point { return .point(v) }
      if let v = Self.boxed(any, "{CGPoint=") { return .point(v.pointValue) }
    case .size:
      if let v = any as? Size { return .size(v) }
      if let v = Self.boxed(any, "{CGSize=") { return .size(v.sizeValue) }
    case .rect:
      if let v = any as? Rect { return .rect(v) }
      if let v = Self.boxed(any, "{CGRect=") { return .rect(v.rectValue) }
    case .transform:
      if let v = any as? Transform3D { return .transform(v) }
    case .color:
      if let v = any as? Color { return .color(v) }
    }
    return nil
  }

  /// `any` as an NSValue whose type encoding starts with `encoding`.
  private static func boxed(_ any: Any, _ encoding: String) -> NSValue? {
    guard let value = any as? NSValue, !(value is NSNumber) else { return nil }
    return String(cString: value.objCType).hasPrefix(encoding) ? value : nil
  }
}
