import Foundation
/// The layer properties that animations drive, and how a value of each is read from and
/// written into a snapshot.
public enum AnimatableProperty: String, Sendable, Hashable, CaseIterable {
  /// A point: where the anchor point sits in the superlayer's space, in points.
  case position
  /// A rect in the layer's own space, points; its origin shifts the sublayers (scrolling).
  case bounds
  /// A scalar in points towards the viewer; orders siblings (docs/core-animation.md#depth-sort-within-a-context).
  case zPosition
  /// A unit point of the bounds pinned to `position` ((0, 0) top left, default (0.5, 0.5)).
  case anchorPoint
  /// A Transform3D acting about the anchor point; interpolated decomposed
  /// (docs/core-animation.md#transforms-interpolate-decomposed).
  case transform
  /// A Transform3D applied to every sublayer, about this layer's anchor point.
  case sublayerTransform
  /// A scalar, 0 (invisible) to 1; applied to the layer and its sublayers as a group.
  case opacity
  /// A colour; no background reads as clear.
  case backgroundColor
  /// A scalar in points; drawn clamped to half the bounds' shorter side.
  case cornerRadius
  /// A scalar in points, drawn inside the bounds.
  case borderWidth
  /// A colour (default opaque black).
  case borderColor
  /// A scalar, 0...1; 0, the default, draws no shadow.
  case shadowOpacity
  /// A scalar, the blur radius in points (default 3).
  case shadowRadius
  /// A size in points (default (0, −3): above the layer, docs/core-animation.md#shadow-offset-points-up).
  case shadowOffset
  /// A colour (default opaque black).
  case shadowColor

  /// iOS 8+ UIView animations of position and bounds are additive: each new animation adds a
  /// delta from (old model − new model) to zero on top of the model, so re-animating mid-flight
  /// never jumps (docs/core-animation.md#re-animating-is-additive). Other properties replace.
  var isAdditive: Bool { self == .position || self == .bounds }
}

/// A value of an animatable property.
public enum AnimationValue: Sendable, Equatable {
  /// A number: opacity, zPosition, a radius or a width.
  case scalar(Double)
  /// A point: position or anchorPoint.
  case point(Point)
  /// A size: shadowOffset.
  case size(Size)
  /// A rectangle: bounds.
  case rect(Rect)
  /// A 3D transform: transform or sublayerTransform.
  case transform(Transform3D)
  /// A colour: backgroundColor, borderColor or shadowColor.
  case color(Color)

  public func interpolated(to o: AnimationValue, amount t: Double) -> AnimationValue {
    switch (self, o) {
    case (.scalar(let a), .scalar(let b)): return .scalar(a.interpolated(to: b, amount: t))
    case (.point(let a), .point(let b)): return .point(a.interpolated(to: b, amount: t))
    case (.size(let a), .size(let b)): return .size(a.interpolated(to: b, amount: t))
    case (.rect(let a), .rect(let b)): return .rect(a.interpolated(to: b, amount: t))
    case (.transform(let a), .transform(let b)): return .transform(a.interpolated(to: b, amount: t))
    case (.color(let a), .color(let b)): return .color(a.interpolated(to: b, amount: t))
    default: return t < 0.5 ? self : o
    }
  }

  /// `self − other`: what `other.plus(_:)` takes back to `self`. Numbers, points, sizes,
  /// rectangles and colours subtract component by component; for transforms it is
  /// `self · other⁻¹`. Values of different kinds give `self`.
  func minus(_ o: AnimationValue) -> AnimationValue { combined(with: o, sign: -1) }

  /// `self + other`: `other` added on top of `self` (an additive animation's value on the one
  /// beneath it). Transforms concatenate, `other` acting first (docs/core-animation.md#additive-animations).
  /// Values of different kinds give `other`.
  func plus(_ o: AnimationValue) -> AnimationValue { o.combined(with: self, sign: 1) }

  /// `self + sign · other` component by component; for transforms `self · other` or
  /// `self · other⁻¹`. Different kinds give `self`.
  private func combined(with o: AnimationValue, sign k: Double) -> AnimationValue {
    switch (self, o) {
    case (.scalar(let a), .scalar(let b)): return .scalar(a + k * b)
    case (.point(let a), .point(let b)): return .point(Point(x: a.x + k * b.x, y: a.y + k * b.y))
    case (.size(let a), .size(let b)): return .size(Size(width: a.width + k * b.width, height: a.height + k * b.height))
    case (.rect(let a), .rect(let b)):
      return .rect(
        Rect(
          x: a.origin.x + k * b.origin.x, y: a.origin.y + k * b.origin.y, width: a.size.width + k * b.size.width,
          height: a.size.height + k * b.size.height))
    case (.color(let a), .color(let b)):
      return .color(
        Color(
          red: a.red + k * b.red, green: a.green + k * b.green, blue: a.blue + k * b.blue, alpha: a.alpha + k * b.alpha)
      )
    case (.transform(let a), .transform(let b)): return .transform(a.concatenating(k < 0 ? b.inverted : b))
    default: return self
    }
  }

  /// The additive identity of the same kind.
  var zero: AnimationValue {
    switch self {
    case .point: return .point(.zero)
    case .rect: return .rect(.zero)
    default: return self
    }
  }
}

extension LayerSnapshot {
  /// The value of `property` in this snapshot. A nil background reads as clear.
  func value(of property: AnimatableProperty) -> AnimationValue {
    switch property {
    case .position: return .point(position)
    case .bounds: return .rect(bounds)
    case .zPosition: return .scalar(zPosition)
    case .anchorPoint: return .point(anchorPoint)
    case .transform: return .transform(transform)
    case .sublayerTransform: return .transform(sublayerTransform)
    case .opacity: return .scalar(opacity)
    case .backgroundColor: return .color(backgroundColor ?? Color(red: 0, green: 0, blue: 0, alpha: 0))
    case .cornerRadius: return .scalar(cornerRadius)
    case .borderWidth: return .scalar(borderWidth)
    case .borderColor: return .color(borderColor)
    case .shadowOpacity: return .scalar(shadow?.opacity ?? 0)
    case .shadowRadius: return .scalar(shadow?.radius ?? 3)
    case .shadowOffset: return .size(shadow?.offset ?? Size(width: 0, height: -3))
    case .shadowColor: return .color(shadow?.color ?? .black)
    }
  }

  /// Writes `value` into this snapshot; a value of the wrong kind is ignored.
  mutating func set(_ property: AnimatableProperty, to value: AnimationValue) {
    switch (property, value) {
    case (.position, .point(let p)): position = p
    case (.bounds, .rect(let r)): bounds = r
    case (.zPosition, .scalar(let v)): zPosition = v
    case (.anchorPoint, .point(let p)): anchorPoint = p
    case (.transform, .transform(let t)): transform = t
    case (.sublayerTransform, .transform(let t)): sublayerTransform = t
    case (.opacity, .scalar(let v)): opacity = v
    case (.backgroundColor, .color(let c)): backgroundColor = c
    case (.cornerRadius, .scalar(let v)): cornerRadius = v
    case (.borderWidth, .scalar(let v)): borderWidth = v
    case (.borderColor, .color(let c)): borderColor = c
    case (.shadowOpacity, .scalar(let v)): shadowStorage.opacity = v
    case (.shadowRadius, .scalar(let v)): shadowStorage.radius = v
    case (.shadowOffset, .size(let s)): shadowStorage.offset = s
    case (.shadowColor, .color(let c)): shadowStorage.color = c
    default: break
    }
  }

  /// The shadow fields, materialised so that setting one of them keeps the others' defaults;
  /// the snapshot's shadow is nil only while every field is at its default (a zero-opacity
  /// shadow with another colour, radius or offset is kept, and draws nothing).
  var shadowStorage: Shadow {
    get { shadow ?? Shadow(opacity: 0) }
    set { shadow = newValue.opacity > 0 || newValue != Shadow(opacity: 0) ? newValue : nil }
  }
}

extension AnimationValue: Interpolatable {
  public func distance(to o: AnimationValue) -> Double {
    switch (self, o) {
    case (.scalar(let a), .scalar(let b)): return a.distance(to: b)
    case (.point(let a), .point(let b)): return a.distance(to: b)
    case (.size(let a), .size(let b)): return a.distance(to: b)
    case (.rect(let a), .rect(let b)): return a.distance(to: b)
    case (.transform(let a), .transform(let b)): return a.distance(to: b)
    case (.color(let a), .color(let b)): return a.distance(to: b)
    default: return 0
    }
  }

  public static func blend(
    _ p0: AnimationValue, _ p1: AnimationValue, _ p2: AnimationValue, _ p3: AnimationValue, weights w: SIMD4<Double>
  ) -> AnimationValue {
    switch (p0, p1, p2, p3) {
    case (.scalar(let a), .scalar(let b), .scalar(let c), .scalar(let d)):
      return .scalar(Double.blend(a, b, c, d, weights: w))
    case (.point(let a), .point(let b), .point(let c), .point(let d)):
      return .point(Point.blend(a, b, c, d, weights: w))
    case (.size(let a), .size(let b), .size(let c), .size(let d)): return .size(Size.blend(a, b, c, d, weights: w))
    case (.rect(let a), .rect(let b), .rect(let c), .rect(let d)): return .rect(Rect.blend(a, b, c, d, weights: w))
    case (.transform(let a), .transform(let b), .transform(let c), .transform(let d)):
      return .transform(Transform3D.blend(a, b, c, d, weights: w))
    case (.color(let a), .color(let b), .color(let c), .color(let d)):
      return .color(Color.blend(a, b, c, d, weights: w))
    default: return w.y + w.x >= w.z + w.w ? p1 : p2
    }
  }
}
