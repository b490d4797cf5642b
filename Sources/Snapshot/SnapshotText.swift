import Foundation
/// Stable, human-readable text of a snapshot: fixed precision (3 decimals, no "-0.000"),
/// default values omitted, one layer per line, indented by depth. Tests of the animator
/// compare these texts, so the format only grows, never reorders.
extension LayerSnapshot: CustomStringConvertible {
  public var description: String {
    var out = ""
    write(into: &out, depth: 0)
    return out
  }

  func write(into out: inout String, depth: Int) {
    var fields: [String] = []
    switch kind {
    case .normal: break
    case .transformLayer: fields.append("kind=transformLayer")
    case .gradient(let g):
      let colors = g.colors.map(TextFormat.color).joined(separator: ",")
      fields.append("gradient=[\(colors)] \(TextFormat.point(g.startPoint))->\(TextFormat.point(g.endPoint))")
    }
    fields.append("bounds=\(TextFormat.rect(bounds))")
    fields.append("position=\(TextFormat.point(position))")
    if anchorPoint != Point(x: 0.5, y: 0.5) { fields.append("anchor=\(TextFormat.point(anchorPoint))") }
    if zPosition != 0 { fields.append("z=\(TextFormat.number(zPosition))") }
    if !transform.isIdentity { fields.append("transform=\(TextFormat.transform(transform))") }
    if !sublayerTransform.isIdentity { fields.append("sublayerTransform=\(TextFormat.transform(sublayerTransform))") }
    if opacity != 1 { fields.append("opacity=\(TextFormat.number(opacity))") }
    if isHidden { fields.append("hidden") }
    if !isDoubleSided { fields.append("singleSided") }
    if let c = backgroundColor { fields.append("background=\(TextFormat.color(c))") }
    if cornerRadius != 0 { fields.append("cornerRadius=\(TextFormat.number(cornerRadius))") }
    if maskedCorners != .all { fields.append("maskedCorners=\(maskedCorners.rawValue)") }
    if masksToBounds { fields.append("masksToBounds") }
    if borderWidth != 0 { fields.append("border=\(TextFormat.number(borderWidth)) \(TextFormat.color(borderColor))") }
    if let s = shadow {
      let offset = "\(TextFormat.number(s.offset.width)),\(TextFormat.number(s.offset.height))"
      fields.append(
        "shadow=\(TextFormat.color(s.color)) opacity \(TextFormat.number(s.opacity)) offset \(offset) "
          + "radius \(TextFormat.number(s.radius))")
    }
    if let path = shadowPath { fields.append("shadowPath=\(Self.text(path))") }
    switch contents {
    case nil: break
    case .image(let b): fields.append("image=\(b)")
    case .text(let t): fields.append("text=\(t)")
    case .layerTree(let frozen, let rect):
      fields.append("snapshot=\(frozen.tree.name.isEmpty ? "layer" : frozen.tree.name) rect \(TextFormat.rect(rect))")
    }
    if contentsGravity != .resize { fields.append("gravity=\(contentsGravity.rawValue)") }
    if contentsScale != 1 { fields.append("contentsScale=\(TextFormat.number(contentsScale))") }
    out +=
      String(repeating: "  ", count: depth) + (name.isEmpty ? "layer" : name) + " " + fields.joined(separator: " ")
      + "\n"
    for s in sublayers { s.write(into: &out, depth: depth + 1) }
  }

  private static func text(_ path: ShapePath) -> String {
    switch path {
    case .rect(let r): return "rect \(TextFormat.rect(r))"
    case .ellipse(let r): return "ellipse \(TextFormat.rect(r))"
    case .roundedRect(let r, let radius, let corners):
      let mask = corners == .all ? "" : " corners \(corners.rawValue)"
      return "roundedRect \(TextFormat.rect(r)) radius \(TextFormat.number(radius))" + mask
    }
  }
}

extension FrameSnapshot: CustomStringConvertible {
  public var description: String {
    var out = "t=\(TextFormat.number(time))"
    out += " size=\(TextFormat.number(size.width))x\(TextFormat.number(size.height))"
    if let b = background { out += " background=\(TextFormat.color(b))" }
    if !touches.isEmpty { out += " touches=" + touches.map(TextFormat.point).joined(separator: ";") }
    if displayCornerRadius != 0 { out += " displayCorners=\(TextFormat.number(displayCornerRadius))" }
    out += "\n"
    root.write(into: &out, depth: 1)
    return out
  }
}
