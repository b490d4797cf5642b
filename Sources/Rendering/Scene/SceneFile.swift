import Animator
import FrameEncoding
import Foundation
import Pixels

/// A scene file: the two screens of a transition described in JSON.
///
///     {"size": [375, 667], "background": "#000000",
///      "from": VIEW, "to": VIEW}
///
/// where VIEW is `{"color": "#RRGGBB" | "#RRGGBBAA", "alpha": 0...1, "cornerRadius": points,
/// "image": "path/relative/to/the/scene.png", "frame": [x, y, w, h] (sub-views only; screens
/// fill the window), "subviews": [VIEW, …]}`; every key is optional. A screen may also have a
/// `"navigationBar": VIEW` (frame default [0, 0, width, 96]): drawn over the screen, except in
/// a push or pop, where the bar itself stays in place (the `from` screen's, else the `to`
/// screen's) and each screen's bar subviews cross-fade, as UINavigationController's do.
/// Problems are reported with the JSON path of the value at fault, e.g.
/// `$.to.subviews[2].frame: expected 4 numbers`.
public struct SceneFile: Sendable {
  public var size: Size
  public var background: Color?
  public var from: ViewSpec
  public var to: ViewSpec
  /// Each screen's `"navigationBar"`, if it has one.
  public var fromBar: ViewSpec?
  public var toBar: ViewSpec?

  /// Limits checked before anything is built.
  public static let maximumDepth = 32
  public static let maximumViews = 10_000
  public static let maximumSide = 4096.0
  public static let maximumImagePixels = 4096 * 4096
  /// Largest scene or image file read (regular files only: `/dev/zero` is refused, not read).
  public static let maximumFileBytes = 64 << 20

  /// The bytes of a regular file of at most `maximumFileBytes`; nil message = unreadable.
  static func readLimited(_ path: String) throws -> Data? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: path) else { return nil }
    if let type = attributes[.type] as? FileAttributeType, type != .typeRegular {
      throw RenderError("'\(path)' is not a regular file")
    }
    if let size = (attributes[.size] as? NSNumber)?.intValue, size > maximumFileBytes {
      throw RenderError("'\(path)' is \(size >> 20) MiB; files read as scenes or images are limited to \(maximumFileBytes >> 20) MiB (SceneFile.maximumFileBytes)")
    }
    return FileManager.default.contents(atPath: path)
  }

  /// One view of a scene: plain values, images already decoded.
  public struct ViewSpec: Sendable {
    public var color: Color?
    public var alpha: Double = 1
    public var cornerRadius: Double = 0
    public var image: Bitmap?
    public var frame: Rect?
    public var subviews: [ViewSpec] = []
  }

  /// Reads and validates the scene at `path`; images are resolved relative to its folder.
  public static func load(path: String) throws -> SceneFile {
    guard let data = try readLimited(path) else {
      throw RenderError("cannot read scene '\(path)': no such file or not readable")
    }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
    return try parse(data, folder: folder, name: path)
  }

  /// Parses scene JSON; `folder` resolves relative image paths.
  public static func parse(_ data: Data, folder: URL, name: String = "scene") throws -> SceneFile {
    let root: Any
    do {
      root = try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
    } catch {
      throw RenderError("\(name): not valid JSON (\((error as NSError).userInfo["NSDebugDescription"] as? String ?? "syntax error"))")
    }
    var parser = Parser(folder: folder, name: name)
    return try parser.scene(root)
  }

  struct Parser {
    let folder: URL
    let name: String
    var views = 0

    func fail(_ path: String, _ message: String) -> RenderError { RenderError("\(name): \(path): \(message)") }

    func object(_ value: Any, _ path: String, keys: Set<String>) throws -> [String: Any] {
      guard let dict = value as? [String: Any] else { throw fail(path, "expected an object, got \(describe(value))") }
      if let unknown = dict.keys.sorted().first(where: { !keys.contains($0) }) {
        throw fail("\(path).\(unknown)", "unknown key; expected one of \(keys.sorted().joined(separator: ", "))")
      }
      return dict
    }

    func number(_ value: Any, _ path: String) throws -> Double {
      guard let n = value as? NSNumber, !isJSONBoolean(value), n.doubleValue.isFinite else {
        throw fail(path, "expected a number, got \(describe(value))")
      }
      return n.doubleValue
    }

    func numbers(_ value: Any, _ path: String, count: Int) throws -> [Double] {
      guard let array = value as? [Any], array.count == count else { throw fail(path, "expected \(count) numbers, got \(describe(value))") }
      return try array.enumerated().map { try number($0.element, "\(path)[\($0.offset)]") }
    }

    func color(_ value: Any, _ path: String) throws -> Color {
      guard let text = value as? String, let color = Color(parsing: text) else {
        throw fail(path, "expected a color \"#RRGGBB\", \"#RRGGBBAA\", \"black\", \"white\" or \"clear\", got \(describe(value))")
      }
      return color
    }

    mutating func scene(_ root: Any) throws -> SceneFile {
      let dict = try object(root, "$", keys: ["size", "background", "from", "to"])
      var size = Size(width: 375, height: 667)
      if let s = dict["size"] {
        let wh = try numbers(s, "$.size", count: 2)
        guard wh.allSatisfy({ $0 >= 1 && $0 <= SceneFile.maximumSide }) else {
          throw fail("$.size", "each side must be from 1 to \(Int(SceneFile.maximumSide)) points")
        }
        size = Size(width: wh[0], height: wh[1])
      }
      let background = try dict["background"].map { try color($0, "$.background") } ?? .black
      guard let from = dict["from"] else { throw fail("$", "missing key 'from'") }
      guard let to = dict["to"] else { throw fail("$", "missing key 'to'") }
      return SceneFile(
        size: size, background: background,
        from: try view(from, "$.from", depth: 1, isScreen: true),
        to: try view(to, "$.to", depth: 1, isScreen: true),
        fromBar: try bar(of: from, "$.from"), toBar: try bar(of: to, "$.to"))
    }

    /// A screen's `"navigationBar"` (the screen itself was checked by `view`).
    mutating func bar(of screen: Any, _ path: String) throws -> ViewSpec? {
      try (screen as? [String: Any])?["navigationBar"].map { try view($0, "\(path).navigationBar", depth: 2, isScreen: false) }
    }

    mutating func view(_ value: Any, _ path: String, depth: Int, isScreen: Bool) throws -> ViewSpec {
      guard depth <= SceneFile.maximumDepth else { throw fail(path, "views are nested deeper than \(SceneFile.maximumDepth) levels") }
      views += 1
      guard views <= SceneFile.maximumViews else { throw fail(path, "more than \(SceneFile.maximumViews) views in one scene") }
      var keys: Set<String> = ["color", "alpha", "cornerRadius", "image", "frame", "subviews"]
      if isScreen { keys.insert("navigationBar") }  // parsed by `bar(of:)`
      let dict = try object(value, path, keys: keys)
      var spec = ViewSpec()
      if let c = dict["color"] { spec.color = try color(c, "\(path).color") }
      if let a = dict["alpha"] {
        spec.alpha = try number(a, "\(path).alpha")
        guard (0...1).contains(spec.alpha) else { throw fail("\(path).alpha", "must be from 0 to 1") }
      }
      if let r = dict["cornerRadius"] {
        spec.cornerRadius = try number(r, "\(path).cornerRadius")
        guard spec.cornerRadius >= 0 else { throw fail("\(path).cornerRadius", "must be 0 or more") }
      }
      if let f = dict["frame"] {
        guard !isScreen else { throw fail("\(path).frame", "a screen fills the window; only sub-views take a frame") }
        let v = try numbers(f, "\(path).frame", count: 4)
        guard v[2] >= 0, v[3] >= 0, v.allSatisfy({ abs($0) <= 100_000 }) else { throw fail("\(path).frame", "width and height must be 0 or more, and every value at most 100000 in size") }
        spec.frame = Rect(x: v[0], y: v[1], width: v[2], height: v[3])
      }
      if let i = dict["image"] {
        guard let relative = i as? String, !relative.isEmpty else { throw fail("\(path).image", "expected a file path, got \(describe(i))") }
        spec.image = try image(relative, "\(path).image")
      }
      if let s = dict["subviews"] {
        guard let array = s as? [Any] else { throw fail("\(path).subviews", "expected an array, got \(describe(s))") }
        spec.subviews = try array.enumerated().map { try view($0.element, "\(path).subviews[\($0.offset)]", depth: depth + 1, isScreen: false) }
      }
      return spec
    }

    func image(_ relative: String, _ path: String) throws -> Bitmap {
      let url = relative.hasPrefix("/") ? URL(fileURLWithPath: relative) : folder.appendingPathComponent(relative)
      let contents: Data?
      do { contents = try SceneFile.readLimited(url.path) } catch let error as RenderError { throw fail(path, error.description) }
      guard let data = contents else { throw fail(path, "cannot read '\(relative)'") }
      do {
        let image = try PNGReader(maxPixels: SceneFile.maximumImagePixels).decode([UInt8](data))
        return Bitmap(image, label: relative)
      } catch {
        throw fail(path, "'\(relative)' is not a readable PNG (\(error))")
      }
    }

    /// JSON true/false: Foundation hands them back as a boolean subclass of NSNumber, which
    /// `is Bool` cannot tell from 0 and 1 on Linux.
    func isJSONBoolean(_ value: Any) -> Bool {
      String(describing: type(of: value)).contains("Boolean")
    }

    func describe(_ value: Any) -> String {
      switch value {
      case is String: return "a string"
      case is NSNumber: return isJSONBoolean(value) ? "a boolean" : "a number"
      case is [Any]: return "an array"
      case is [String: Any]: return "an object"
      case is NSNull: return "null"
      default: return "a value of another type"
      }
    }
  }
}

extension SceneFile {
  /// Two screenshots as the screens, each stretched to fill a screen of `size` points.
  public static func screenshots(from: String, to: String, size: Size) throws -> SceneFile {
    let parser = Parser(folder: URL(fileURLWithPath: "."), name: "screenshots")
    func screen(_ path: String, _ option: String) throws -> ViewSpec {
      guard FileManager.default.fileExists(atPath: path) else { throw RenderError("\(option) '\(path)': no such file") }
      do {
        var spec = ViewSpec()
        spec.color = .white
        spec.image = try parser.image(path, option)
        return spec
      } catch let error as RenderError {
        throw RenderError(error.description.replacingOccurrences(of: "screenshots: ", with: ""))
      }
    }
    return SceneFile(size: size, background: .black, from: try screen(from, "--from"), to: try screen(to, "--to"))
  }

  /// The scene's screens for the renderer.
  public var screens: ScreenPair {
    let size = self.size, from = self.from, to = self.to, fromBar = self.fromBar, toBar = self.toBar
    let screen = Rect(origin: .zero, size: size)
    let barFrame = Rect(x: 0, y: 0, width: size.width, height: 96)
    // Whole screens: the screen's own bar drawn over its content.
    func whole(_ spec: ViewSpec, _ bar: ViewSpec?, _ name: String) -> @MainActor @Sendable () -> View {
      {
        let v = spec.makeView(frame: screen, name: name)
        if let bar { v.addSubview(bar.makeView(frame: barFrame, name: name + ".navigationBar")) }
        return v
      }
    }
    var navigation: NavigationScreens? = nil
    if var box = fromBar ?? toBar {
      // The bar's own box stays; its subviews are the screen's items.
      box.subviews = []
      func items(_ bar: ViewSpec?, _ name: String) -> @MainActor @Sendable () -> View {
        var holder = ViewSpec()
        holder.frame = bar?.frame ?? barFrame
        holder.subviews = bar?.subviews ?? []
        return { holder.makeView(frame: barFrame, name: name + ".navigationBar.items") }
      }
      navigation = NavigationScreens(
        from: { from.makeView(frame: screen, name: "from") }, to: { to.makeView(frame: screen, name: "to") },
        barBackground: { box.makeView(frame: barFrame, name: "navigationBar") },
        fromItems: items(fromBar, "from"), toItems: items(toBar, "to"))
    }
    return ScreenPair(size: size, from: whole(from, fromBar, "from"), to: whole(to, toBar, "to"), navigation: navigation)
  }
}

extension SceneFile.ViewSpec {
  @MainActor
  func makeView(frame: Rect, name: String) -> View {
    let v = View(frame: self.frame ?? frame)
    v.name = name
    v.backgroundColor = color
    v.alpha = alpha
    v.layer.cornerRadius = cornerRadius
    if let image { v.layer.contents = .image(image) }
    for (i, sub) in subviews.enumerated() { v.addSubview(sub.makeView(frame: .zero, name: "\(name).\(i)")) }
    return v
  }
}
