import Animator
import FrameEncoding
import Foundation

extension SceneFile {
  /// Reads scene JSON into a `SceneFile`, naming the JSON path of every problem.
  struct Parser {
    let folder: URL
    let name: String
    var views = 0

    /// The longest text a view takes (what `TextEngine` lays out).
    static let maximumTextCharacters = TextEngine.maximumCharacters

    func fail(_ path: String, _ message: String) -> RenderError { RenderError("\(name): \(path): \(message)") }

    mutating func scene(_ root: Any) throws -> SceneFile {
      let dict = try object(root, "$", keys: ["size", "device", "background", "from", "to"])
      var size = RecordingLimits.defaultSize
      if let s = dict["size"] {
        let wh = try numbers(s, "$.size", count: 2)
        let side = RecordingLimits.side
        guard wh.allSatisfy(side.contains) else {
          throw fail("$.size", "each side must be \(side.bounds) points (RecordingLimits.side)")
        }
        size = Size(width: wh[0], height: wh[1])
      }
      var device: Device? = nil
      if let d = dict["device"] {
        guard dict["size"] == nil else {
          throw fail("$.device", "give either \"size\" or \"device\"; a device sets the size")
        }
        device = try choice(
          d, "$.device", Device.all.map { ($0.name, $0) } + Device.all.flatMap { d in d.aliases.map { ($0, d) } },
          listed: Device.names)
        size = device!.points
      }
      let background = try dict["background"].map { try color($0, "$.background") } ?? .black
      guard let from = dict["from"] else { throw fail("$", "missing key 'from'") }
      guard let to = dict["to"] else { throw fail("$", "missing key 'to'") }
      return SceneFile(
        size: size, background: background, device: device,
        from: try view(from, "$.from", depth: 1, isScreen: true),
        to: try view(to, "$.to", depth: 1, isScreen: true),
        fromBar: try bar(of: from, "$.from"), toBar: try bar(of: to, "$.to"))
    }

    /// A screen's `"navigationBar"` (the screen itself was checked by `view`).
    mutating func bar(of screen: Any, _ path: String) throws -> ViewSpec? {
      try (screen as? [String: Any])?["navigationBar"].map {
        try view($0, "\(path).navigationBar", depth: 2, isScreen: false)
      }
    }

    static let viewKeys: Set<String> = [
      "color", "alpha", "cornerRadius", "clipsToBounds", "borderWidth", "borderColor", "shadow", "gradient", "image",
      "contentMode", "text",
      "font", "textColor", "textAlignment", "numberOfLines", "lineBreakMode", "frame", "subviews",
    ]

    mutating func view(_ value: Any, _ path: String, depth: Int, isScreen: Bool) throws -> ViewSpec {
      guard depth <= SceneFile.maximumDepth else {
        throw fail(path, "views are nested deeper than \(SceneFile.maximumDepth) levels")
      }
      views += 1
      guard views <= SceneFile.maximumViews else {
        throw fail(path, "more than \(SceneFile.maximumViews) views in one scene")
      }
      let dict = try object(value, path, keys: isScreen ? Self.viewKeys.union(["navigationBar"]) : Self.viewKeys)
      var spec = ViewSpec()
      try look(dict, path, into: &spec)
      try text(dict, path, into: &spec)
      if let f = dict["frame"] {
        guard !isScreen else { throw fail("\(path).frame", "a screen fills the window; only sub-views take a frame") }
        let v = try numbers(f, "\(path).frame", count: 4)
        guard v[2] >= 0, v[3] >= 0, v.allSatisfy({ abs($0) <= 100_000 }) else {
          throw fail("\(path).frame", "width and height must be 0 or more, and every value at most 100000 in size")
        }
        spec.frame = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
      }
      if let i = dict["image"] {
        guard let relative = i as? String, !relative.isEmpty else {
          throw fail("\(path).image", "expected a file path, got \(describe(i))")
        }
        spec.image = try image(relative, "\(path).image")
      }
      if let m = dict["contentMode"] { spec.contentMode = try choice(m, "\(path).contentMode", Self.contentModes) }
      if let s = dict["subviews"] {
        guard let array = s as? [Any] else { throw fail("\(path).subviews", "expected an array, got \(describe(s))") }
        spec.subviews = try array.enumerated().map {
          try view($0.element, "\(path).subviews[\($0.offset)]", depth: depth + 1, isScreen: false)
        }
      }
      return spec
    }

    /// Color, alpha, corners and clipping, border, shadow and gradient.
    func look(_ dict: [String: Any], _ path: String, into spec: inout ViewSpec) throws {
      if let c = dict["color"] { spec.color = try color(c, "\(path).color") }
      if let a = dict["alpha"] { spec.alpha = try number(a, "\(path).alpha", in: 0...1) }
      if let r = dict["cornerRadius"] { spec.cornerRadius = try number(r, "\(path).cornerRadius", in: 0...100_000) }
      if let c = dict["clipsToBounds"] { spec.clipsToBounds = try boolean(c, "\(path).clipsToBounds") }
      if let b = dict["borderWidth"] { spec.borderWidth = try number(b, "\(path).borderWidth", in: 0...100_000) }
      if let c = dict["borderColor"] { spec.borderColor = try color(c, "\(path).borderColor") }
      if let s = dict["shadow"] { spec.shadow = try shadow(s, "\(path).shadow") }
      if let g = dict["gradient"] { spec.gradient = try gradient(g, "\(path).gradient") }
    }

    /// The label keys.
    func text(_ dict: [String: Any], _ path: String, into spec: inout ViewSpec) throws {
      if let t = dict["text"] {
        guard let text = t as? String else { throw fail("\(path).text", "expected a string, got \(describe(t))") }
        guard text.count <= Self.maximumTextCharacters else {
          throw fail(
            "\(path).text",
            "\(text.count) characters; a view's text is at most \(Self.maximumTextCharacters) (TextEngine.maximumCharacters)"
          )
        }
        spec.text = text
      }
      if let f = dict["font"] { spec.font = try font(f, "\(path).font") }
      if let c = dict["textColor"] { spec.textColor = try color(c, "\(path).textColor") }
      if let a = dict["textAlignment"] {
        spec.textAlignment = try choice(a, "\(path).textAlignment", TextAlignment.allCases.map { ($0.rawValue, $0) })
      }
      if let n = dict["numberOfLines"] {
        let lines = try number(n, "\(path).numberOfLines", in: 0...10_000)
        guard lines == lines.rounded() else {
          throw fail("\(path).numberOfLines", "expected a whole number (0 = as many as fit)")
        }
        spec.numberOfLines = Int(lines)
      }
      if let m = dict["lineBreakMode"] {
        spec.lineBreakMode = try choice(m, "\(path).lineBreakMode", LineBreakMode.allCases.map { ($0.rawValue, $0) })
      }
    }

    /// `{"size": points, "weight": name}` or `{"style": name}` (a Dynamic Type style, which
    /// also takes a weight).
    func font(_ value: Any, _ path: String) throws -> Font {
      let dict = try object(value, path, keys: ["size", "weight", "style"])
      let weight = try dict["weight"].map { try choice($0, "\(path).weight", Font.Weight.named) }
      if let s = dict["style"] {
        guard dict["size"] == nil else {
          throw fail("\(path).style", "give either a size or a style; a style sets the size")
        }
        let style = try choice(s, "\(path).style", Font.TextStyle.allCases.map { ($0.rawValue, $0) })
        return .systemFont(ofSize: style.pointSize, weight: weight ?? style.weight)
      }
      guard let size = dict["size"] else { throw fail(path, "missing key 'size' (or 'style')") }
      return .systemFont(ofSize: try number(size, "\(path).size", in: 1...1000), weight: weight ?? .regular)
    }

    /// `{"color": COLOR, "opacity": 0…1, "offset": [w, h], "radius": points}`: every key
    /// optional; black, fully opaque, (0, −3) and 3 points when left out.
    func shadow(_ value: Any, _ path: String) throws -> Shadow {
      let dict = try object(value, path, keys: ["color", "opacity", "offset", "radius"])
      var shadow = Shadow(opacity: 1)
      if let c = dict["color"] { shadow.color = try color(c, "\(path).color") }
      if let o = dict["opacity"] { shadow.opacity = try number(o, "\(path).opacity", in: 0...1) }
      if let o = dict["offset"] {
        let v = try numbers(o, "\(path).offset", count: 2)
        guard v.allSatisfy({ abs($0) <= 10_000 }) else {
          throw fail("\(path).offset", "each value must be at most 10000 in size")
        }
        shadow.offset = Size(width: v[0], height: v[1])
      }
      if let r = dict["radius"] { shadow.radius = try number(r, "\(path).radius", in: 0...1000) }
      return shadow
    }

    /// `{"colors": [COLOR, …], "locations": [0…1, …], "startPoint": [x, y], "endPoint": [x, y]}`
    /// (CAGradientLayer's, points in the unit square; top to bottom when left out).
    func gradient(_ value: Any, _ path: String) throws -> Gradient {
      let dict = try object(value, path, keys: ["colors", "locations", "startPoint", "endPoint"])
      guard let list = dict["colors"] as? [Any], !list.isEmpty, list.count <= 64 else {
        throw fail("\(path).colors", "expected an array of 1 to 64 colors")
      }
      var g = Gradient(colors: try list.enumerated().map { try color($0.element, "\(path).colors[\($0.offset)]") })
      if let l = dict["locations"] {
        let locations = try numbers(l, "\(path).locations", count: list.count)
        guard locations.allSatisfy({ (0...1).contains($0) }) else {
          throw fail("\(path).locations", "each location must be from 0 to 1")
        }
        g.locations = locations
      }
      for key in ["startPoint", "endPoint"] {
        guard let p = dict[key] else { continue }
        let v = try numbers(p, "\(path).\(key)", count: 2)
        guard v.allSatisfy({ abs($0) <= 1000 }) else {
          throw fail("\(path).\(key)", "each value must be at most 1000 in size")
        }
        if key == "startPoint" { g.startPoint = Point(x: v[0], y: v[1]) } else { g.endPoint = Point(x: v[0], y: v[1]) }
      }
      return g
    }

    static let contentModes: [(String, View.ContentMode)] = [
      ("scaleToFill", .scaleToFill), ("scaleAspectFit", .scaleAspectFit), ("scaleAspectFill", .scaleAspectFill),
      ("center", .center), ("top", .top), ("bottom", .bottom), ("left", .left), ("right", .right),
      ("topLeft", .topLeft),
      ("topRight", .topRight), ("bottomLeft", .bottomLeft), ("bottomRight", .bottomRight),
    ]

    /// A PNG relative to the scene's folder (or absolute); `name@2x.png` and `name@3x.png`
    /// are pictures of 2 and 3 pixels per point.
    func image(_ relative: String, _ path: String) throws -> Image {
      let url = relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : folder.appendingPathComponent(relative)
      let contents: Data?
      do { contents = try SceneFile.readLimited(url.path) } catch let error as RenderError {
        throw fail(path, error.description)
      }
      guard let data = contents else { throw fail(path, "cannot read '\(relative)'") }
      let stem = url.deletingPathExtension().lastPathComponent
      let scale: Double = stem.hasSuffix("@3x") ? 3 : stem.hasSuffix("@2x") ? 2 : 1
      do {
        let image = try PNGReader(maxPixels: SceneFile.maximumImagePixels).decode([UInt8](data))
        return Image(bitmap: Bitmap(image, label: relative), scale: scale)
      } catch {
        throw fail(path, "'\(relative)' is not a readable PNG (\(error))")
      }
    }
  }
}
