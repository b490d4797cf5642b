import Foundation

/// The constraints views and guides imply by themselves (docs/layout.md#what-views-imply): the
/// root's size, the frame and autoresizing mask of a view that keeps them
/// (`translatesAutoresizingMaskIntoConstraints`), the content size of a view Auto Layout places,
/// and the frame of a view's safe area and margins guides.
@MainActor
enum ImpliedSpecs {
  /// `unknown == value` (the root's size, fixed from outside), required unless a fitting size
  /// asks for it at a lower `priority`.
  static func fixed(_ unknown: Symbol, _ value: Double, _ view: View, _ attribute: String, priority: Double = 1000)
    -> Spec
  {
    let identifier = attribute == "width" ? "UIView-Encapsulated-Layout-Width" : "UIView-Encapsulated-Layout-Height"
    return Spec(
      terms: [Spec.Term(symbol: unknown, coefficient: 1)], constant: -value, relation: .equal, priority: priority,
      describe: {
        UnsatisfiableLog.wrap(
          "NSLayoutConstraint",
          "'\(identifier)' \(UnsatisfiableLog.name(view)).\(attribute) == \(LayoutConstraint.number(value))"
        )
      })
  }

  /// A view's frame as its autoresizing mask lets it follow its superview's size: along each
  /// axis, offset and size are their current values plus their share of the change of the
  /// superview's size (the rule of docs/layout.md#autoresizing-shares-the-change, as linear
  /// constraints on the superview's unknowns).
  static func autoresizing(_ view: View, _ frame: LayoutEngine.Frame, _ parent: View, _ parentFrame: LayoutEngine.Frame)
    -> [(ImpliedConstraint, Spec)]
  {
    let mask = view.autoresizingMask
    let f = view.untransformedFrame
    let b = parent.bounds
    let codes =
      "h=\(code(mask, .flexibleLeftMargin, .flexibleWidth, .flexibleRightMargin)) v=\(code(mask, .flexibleTopMargin, .flexibleHeight, .flexibleBottomMargin))"
    let h = View.AutoresizingMask.proportions(
      start: f.minX - b.minX, length: f.width, container: b.width,
      flexible: [
        mask.contains(.flexibleLeftMargin), mask.contains(.flexibleWidth), mask.contains(.flexibleRightMargin),
      ])
    let v = View.AutoresizingMask.proportions(
      start: f.minY - b.minY, length: f.height, container: b.height,
      flexible: [
        mask.contains(.flexibleTopMargin), mask.contains(.flexibleHeight), mask.contains(.flexibleBottomMargin),
      ])
    func follow(_ unknown: Symbol, _ value: Double, _ share: Double, _ size: Symbol, _ current: Double, _ name: String)
      -> Spec
    {
      var terms = [Spec.Term(symbol: unknown, coefficient: 1)]
      if share != 0 { terms.append(Spec.Term(symbol: size, coefficient: -share)) }
      return Spec(
        terms: terms.sorted { $0.symbol < $1.symbol }, constant: -(value - share * current), relation: .equal,
        priority: 1000,
        describe: {
          UnsatisfiableLog.wrap(
            "NSAutoresizingMaskLayoutConstraint",
            "\(codes) \(UnsatisfiableLog.name(view)).\(name) == \(LayoutConstraint.number(value))")
        })
    }
    return [
      (.x, follow(frame.x, f.minX - b.minX, h[0], parentFrame.width, b.width, "minX")),
      (.width, follow(frame.width, f.width, h[1], parentFrame.width, b.width, "width")),
      (.y, follow(frame.y, f.minY - b.minY, v[0], parentFrame.height, b.height, "minY")),
      (.height, follow(frame.height, f.height, v[1], parentFrame.height, b.height, "height")),
    ]
  }

  /// UIKit's h=/v= code of a mask on one axis: `-` fixed, `&` flexible, for the leading margin,
  /// the size and the trailing margin; a mask with none flexible shows the trailing margin
  /// flexible (it is what takes a change).
  private static func code(
    _ mask: View.AutoresizingMask, _ lead: View.AutoresizingMask, _ size: View.AutoresizingMask,
    _ trail: View.AutoresizingMask
  ) -> String {
    let none = !mask.contains(lead) && !mask.contains(size) && !mask.contains(trail)
    return (mask.contains(lead) ? "&" : "-") + (mask.contains(size) ? "&" : "-")
      + (mask.contains(trail) || none ? "&" : "-")
  }

  /// For each axis on which the view has an intrinsic size: its size at most that size at its
  /// content hugging priority, at least that size at its compression resistance priority.
  static func contentSize(_ view: View, _ frame: LayoutEngine.Frame) -> [(ImpliedConstraint, Spec)] {
    let natural = view.intrinsicContentSize
    var specs: [(ImpliedConstraint, Spec)] = []
    for axis in [LayoutConstraint.Axis.horizontal, .vertical] {
      let value = axis == .horizontal ? natural.width : natural.height
      guard value >= 0, value.isFinite else { continue }
      let unknown = axis == .horizontal ? frame.width : frame.height
      let name = "\(UnsatisfiableLog.name(view)).\(axis == .horizontal ? "width" : "height")"
      let hug = Double(view.contentHuggingPriority(for: axis).rawValue)
      let resist = Double(view.contentCompressionResistancePriority(for: axis).rawValue)
      let term = [Spec.Term(symbol: unknown, coefficient: 1)]
      let size = LayoutConstraint.number(value)
      specs.append(
        (
          .hugging(axis),
          Spec(
            terms: term, constant: -value, relation: .lessThanOrEqual, priority: hug,
            describe: { UnsatisfiableLog.wrap("NSContentSizeLayoutConstraint", "\(name) <= \(size) Hug:\(Int(hug))") })
        ))
      specs.append(
        (
          .compression(axis),
          Spec(
            terms: term, constant: -value, relation: .greaterThanOrEqual, priority: resist,
            describe: {
              UnsatisfiableLog.wrap(
                "NSContentSizeLayoutConstraint", "\(name) >= \(size) CompressionResistance:\(Int(resist))")
            })
        ))
    }
    return specs
  }

  /// A view's own guide: its bounds inset by `insets`, required.
  static func inset(
    _ guide: LayoutGuide, _ frame: LayoutEngine.Frame, in owner: LayoutEngine.Frame, by insets: EdgeInsets
  )
    -> [(ImpliedConstraint, Spec)]
  {
    let name = UnsatisfiableLog.name(guide)
    let ownerName = guide.owningView.map(UnsatisfiableLog.name) ?? "(null)"
    func spec(_ terms: [Spec.Term], _ constant: Double, _ edge: String, _ value: Double) -> Spec {
      let rhs = edge == "width" || edge == "height" ? "\(ownerName).\(edge) - " : ""
      return Spec(
        terms: terms.sorted { $0.symbol < $1.symbol }, constant: constant, relation: .equal, priority: 1000,
        describe: {
          UnsatisfiableLog.wrap(
            "NSLayoutConstraint",
            "'\(guide.identifier)-\(edge)' \(name).\(edge) == \(rhs)\(LayoutConstraint.number(value))")
        })
    }
    let one = { (s: Symbol) in Spec.Term(symbol: s, coefficient: 1) }
    let minus = { (s: Symbol) in Spec.Term(symbol: s, coefficient: -1) }
    return [
      (.x, spec([one(frame.x)], -insets.left, "left", insets.left)),
      (.y, spec([one(frame.y)], -insets.top, "top", insets.top)),
      (
        .width,
        spec([one(frame.width), minus(owner.width)], insets.left + insets.right, "width", insets.left + insets.right)
      ),
      (
        .height,
        spec(
          [one(frame.height), minus(owner.height)], insets.top + insets.bottom, "height", insets.top + insets.bottom)
      ),
    ]
  }
}

/// UIKit's rounding of solved frames to the screen's pixels
/// (docs/layout.md#solved-frames-are-rounded-to-pixels): each edge to the nearest pixel, halves
/// away from zero, the size being the distance between the rounded edges.
enum PixelGrid {
  /// Pixels per point the layout rounds to: the screen's scale, at least 1, whole.
  @MainActor static var scale: Double { max(1, Screen.main.scale.rounded()) }

  @MainActor static func round(_ rect: Rect) -> Rect {
    let s = scale
    func snap(_ v: Double) -> Double { (v * s).rounded(.toNearestOrAwayFromZero) / s }
    let minX = snap(rect.origin.x), maxX = snap(rect.origin.x + rect.size.width)
    let minY = snap(rect.origin.y), maxY = snap(rect.origin.y + rect.size.height)
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }
}
