import Foundation
import Animator

extension SceneFile {
  /// One view of a scene: plain values, images already decoded.
  public struct ViewSpec: Sendable {
    public var color: Color?
    public var alpha: Double = 1
    public var cornerRadius: Double = 0
    /// Clips contents and subviews to the (rounded) bounds.
    public var clipsToBounds = false
    public var borderWidth: Double = 0
    public var borderColor: Color = .black
    public var shadow: Shadow?
    /// A gradient fills the view (it is backed by a gradient layer).
    public var gradient: Gradient?
    public var image: Image?
    public var contentMode: View.ContentMode = .scaleToFill
    /// Text makes the view a label (or, on a view with an image or gradient, adds one
    /// filling it).
    public var text: String?
    public var font: Font = .systemFont(ofSize: 17)
    /// Default `.label`, as a label's.
    public var textColor: Color = .label
    public var textAlignment: TextAlignment = .natural
    public var numberOfLines = 1
    public var lineBreakMode: LineBreakMode = .byTruncatingTail
    public var frame: Rect?
    public var subviews: [ViewSpec] = []
  }
}

extension SceneFile.ViewSpec {
  /// The view: a gradient layer's view, a label, or a plain view, with its layer's look set
  /// and its subviews made in order.
  @MainActor
  func makeView(frame: Rect, name: String) -> View {
    let v = makeBase(frame: self.frame ?? frame)
    v.name = name
    v.backgroundColor = color
    v.alpha = alpha
    v.layer.cornerRadius = cornerRadius
    v.clipsToBounds = clipsToBounds
    v.layer.borderWidth = borderWidth
    v.layer.borderColor = borderColor
    if let shadow {
      v.layer.shadowColor = shadow.color
      v.layer.shadowOpacity = shadow.opacity
      v.layer.shadowOffset = shadow.offset
      v.layer.shadowRadius = shadow.radius
    }
    if let image {
      v.layer.contents = .image(image.bitmap)
      v.layer.contentsScale = image.scale
      v.contentMode = contentMode
    }
    if text != nil, !(v is Label) {
      let label = makeLabel(frame: Rect(origin: .zero, size: v.bounds.size))
      label.name = name + ".text"
      v.addSubview(label)
    }
    for (i, sub) in subviews.enumerated() { v.addSubview(sub.makeView(frame: .zero, name: "\(name).\(i)")) }
    return v
  }

  @MainActor
  private func makeBase(frame: Rect) -> View {
    if let gradient {
      let layer = GradientLayer()
      layer.colors = gradient.colors
      layer.locations = gradient.locations
      layer.startPoint = gradient.startPoint
      layer.endPoint = gradient.endPoint
      return View(frame: frame, layer: layer)
    }
    if text != nil && image == nil { return makeLabel(frame: frame) }
    return View(frame: frame)
  }

  @MainActor
  private func makeLabel(frame: Rect) -> Label {
    let label = Label(frame: frame)
    label.text = text
    label.font = font
    label.textColor = textColor
    label.textAlignment = textAlignment
    label.numberOfLines = numberOfLines
    label.lineBreakMode = lineBreakMode
    return label
  }
}
