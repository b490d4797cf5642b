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
      fields.append("gradient=[\(g.colors.map(fmt).joined(separator: ","))] \(fmt(g.startPoint))->\(fmt(g.endPoint))")
    }
    fields.append("bounds=\(fmt(bounds))")
    fields.append("position=\(fmt(position))")
    if anchorPoint != Point(x: 0.5, y: 0.5) { fields.append("anchor=\(fmt(anchorPoint))") }
    if zPosition != 0 { fields.append("z=\(fmt(zPosition))") }
    if !transform.isIdentity { fields.append("transform=\(fmt(transform))") }
    if !sublayerTransform.isIdentity { fields.append("sublayerTransform=\(fmt(sublayerTransform))") }
    if opacity != 1 { fields.append("opacity=\(fmt(opacity))") }
    if isHidden { fields.append("hidden") }
    if !isDoubleSided { fields.append("singleSided") }
    if let c = backgroundColor { fields.append("background=\(fmt(c))") }
    if cornerRadius != 0 { fields.append("cornerRadius=\(fmt(cornerRadius))") }
    if masksToBounds { fields.append("masksToBounds") }
    if borderWidth != 0 { fields.append("border=\(fmt(borderWidth)) \(fmt(borderColor))") }
    if let s = shadow {
      fields.append("shadow=\(fmt(s.color)) opacity \(fmt(s.opacity)) offset \(fmt(s.offset.width)),\(fmt(s.offset.height)) radius \(fmt(s.radius))")
    }
    switch contents {
    case nil: break
    case .image(let b): fields.append("image=\(b)")
    case .layerTree(let frozen, let rect): fields.append("snapshot=\(frozen.tree.name.isEmpty ? "layer" : frozen.tree.name) rect \(fmt(rect))")
    }
    out += String(repeating: "  ", count: depth) + (name.isEmpty ? "layer" : name) + " " + fields.joined(separator: " ") + "\n"
    for s in sublayers { s.write(into: &out, depth: depth + 1) }
  }
}

extension FrameSnapshot: CustomStringConvertible {
  public var description: String {
    var out = "t=\(fmt(time)) size=\(fmt(size.width))x\(fmt(size.height))"
    if let b = background { out += " background=\(fmt(b))" }
    if !touches.isEmpty { out += " touches=" + touches.map(fmt).joined(separator: ";") }
    out += "\n"
    root.write(into: &out, depth: 1)
    return out
  }
}

/// Formats with 3 decimals; negative zero prints as 0.
func fmt(_ v: Double) -> String {
  var s = String(format: "%.3f", v)
  if s == "-0.000" { s = "0.000" }
  // Trim trailing zeros for readability; the precision stays fixed at 3 decimals.
  while s.hasSuffix("0") { s.removeLast() }
  if s.hasSuffix(".") { s.removeLast() }
  return s
}
func fmt(_ p: Point) -> String { "(\(fmt(p.x)),\(fmt(p.y)))" }
func fmt(_ r: Rect) -> String { "(\(fmt(r.origin.x)),\(fmt(r.origin.y)),\(fmt(r.width)),\(fmt(r.height)))" }
func fmt(_ c: Color) -> String { "rgba(\(fmt(c.red)),\(fmt(c.green)),\(fmt(c.blue)),\(fmt(c.alpha)))" }
func fmt(_ t: Transform3D) -> String {
  if t.isAffine {
    let a = t.affine
    return "affine[\([a.a, a.b, a.c, a.d, a.tx, a.ty].map(fmt).joined(separator: " "))]"
  }
  return "[\(t.entries.map(fmt).joined(separator: " "))]"
}
