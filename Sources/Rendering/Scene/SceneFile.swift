import Animator
import FrameEncoding
import Foundation
import Pixels

/// A scene file: the two screens of a transition described in JSON.
///
///     {"size": [375, 667] | "device": "iphone-15", "background": "#000000",
///      "from": VIEW, "to": VIEW}
///
/// where VIEW is `{"color": COLOR, "alpha": 0...1, "cornerRadius": points,
/// "borderWidth": points, "borderColor": COLOR, "shadow": {…}, "gradient": {…},
/// "image": "path/relative/to/the/scene.png", "contentMode": "scaleAspectFill" | …,
/// "text": "…", "font": {"size": 17, "weight": "semibold"} | {"style": "headline"},
/// "textColor": COLOR, "textAlignment": "left" | …, "numberOfLines": 0…, "lineBreakMode": …,
/// "frame": [x, y, w, h] (sub-views only; screens fill the window), "subviews": [VIEW, …]}`;
/// every key is optional (README, "Scene files"), and COLOR is `"#RRGGBB"`, `"#RRGGBBAA"` or a
/// system colour's name such as `"systemBackground"`, light or dark with the appearance. A screen may also have a
/// `"navigationBar": VIEW` (frame default [0, 0, width, 96]): drawn over the screen, except in
/// a push or pop, where the bar itself stays in place (the `from` screen's, else the `to`
/// screen's) and each screen's bar subviews cross-fade, as UINavigationController's do. With a
/// device, its status bar is drawn over both screens and stays in place the same way.
/// Problems are reported with the JSON path of the value at fault, e.g.
/// `$.to.subviews[2].frame: expected 4 numbers`.
package struct SceneFile: Sendable {
  public var size: Size
  public var background: Color?
  /// The scene's `"device"`, if it names one (it sets `size`).
  public var device: Device?
  public var from: ViewSpec
  public var to: ViewSpec
  /// Each screen's `"navigationBar"`, if it has one.
  public var fromBar: ViewSpec?
  public var toBar: ViewSpec?

  /// Limits checked before anything is built.
  public static let maximumDepth = 32
  public static let maximumViews = 10_000
  public static let maximumImagePixels = 4096 * 4096
  /// Largest scene or image file read (regular files only: `/dev/zero` is refused, not read).
  public static let maximumFileBytes = 64 << 20

  /// The bytes of a regular file of at most `maximumFileBytes`, reached through symbolic
  /// links as any program reads a file (Bazel runfiles and Nix stores are trees of links);
  /// nil = no such file or unreadable.
  static func readLimited(_ path: String) throws -> Data? {
    var info = stat()
    guard stat(path, &info) == 0 else { return nil }
    if info.st_mode & S_IFMT != S_IFREG {
      throw RenderError("'\(path)' is not a regular file")
    }
    if Int(info.st_size) > maximumFileBytes {
      throw RenderError(
        "'\(path)' is \(Int(info.st_size) >> 20) MiB; files read as scenes or images are limited to \(maximumFileBytes >> 20) MiB (SceneFile.maximumFileBytes)"
      )
    }
    return FileManager.default.contents(atPath: path)
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
    let root = try StrictJSON.parse(data, name: name)
    var parser = Parser(folder: folder, name: name)
    return try parser.scene(root)
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

  /// The scene's screens for the renderer, on `device` (`--device`) or else the scene's own:
  /// a device sets the size, draws its status bar over both screens (in place during a push
  /// or pop, with the navigation bar) and rounds the display's corners.
  public func screens(device override: Device?) -> ScreenPair {
    let device = override ?? self.device
    let size = device?.points ?? self.size
    let from = self.from, to = self.to, fromBar = self.fromBar, toBar = self.toBar
    let screen = Rect(origin: .zero, size: size)
    let barFrame = Rect(x: 0, y: 0, width: size.width, height: 96)
    let statusBar: (@MainActor @Sendable () -> View)? = Self.statusBar(device, width: size.width)
    // Whole screens: the screen's own bar drawn over its content, the status bar over both.
    func whole(_ spec: ViewSpec, _ bar: ViewSpec?, _ name: String) -> @MainActor @Sendable () -> View {
      {
        let v = spec.makeView(frame: screen, name: name)
        if let bar { v.addSubview(bar.makeView(frame: barFrame, name: name + ".navigationBar")) }
        if let statusBar { v.addSubview(statusBar()) }
        return v
      }
    }
    var views = ScreenViews(from: whole(from, fromBar, "from"), to: whole(to, toBar, "to"))
    if fromBar != nil || toBar != nil || statusBar != nil {
      views.navigation = navigation(size: size, statusBar: statusBar)
    }
    var pair = ScreenPair(size: size, views: views)
    pair.displayCornerRadius = device?.cornerRadius ?? 0
    if let device {
      pair.safeAreaInsets = EdgeInsets(top: device.safeAreaTop, left: 0, bottom: device.safeAreaBottom, right: 0)
    }
    return pair
  }

  /// A maker of the device's status bar, nil without a device.
  private static func statusBar(_ device: Device?, width: Double) -> (@MainActor @Sendable () -> View)? {
    guard let device else { return nil }
    return { StatusBar.view(for: device, width: width) }
  }

  /// The screens as a navigation controller shows them: the bar's own box (without its
  /// subviews) and the status bar stay; the bars' subviews are the screens' items.
  private func navigation(size: Size, statusBar: (@MainActor @Sendable () -> View)?) -> NavigationScreens {
    let from = self.from, to = self.to, fromBar = self.fromBar, toBar = self.toBar
    let screen = Rect(origin: .zero, size: size)
    let barFrame = Rect(x: 0, y: 0, width: size.width, height: 96)
    var box = fromBar ?? toBar
    box?.subviews = []
    func items(_ bar: ViewSpec?, _ name: String) -> @MainActor @Sendable () -> View {
      var holder = ViewSpec()
      holder.frame = bar?.frame ?? barFrame
      holder.subviews = bar?.subviews ?? []
      return { holder.makeView(frame: barFrame, name: name + ".navigationBar.items") }
    }
    let background: @MainActor @Sendable () -> View = {
      let bar =
        box?.makeView(frame: barFrame, name: "navigationBar")
        ?? {
          let v = View(frame: screen)
          v.name = "navigationBar"
          return v
        }()
      if let statusBar {
        // In the window's coordinates wherever the bar's box is.
        let status = statusBar()
        status.frame.origin = Point(x: -bar.frame.minX, y: -bar.frame.minY)
        bar.addSubview(status)
      }
      return bar
    }
    return NavigationScreens(
      from: { from.makeView(frame: screen, name: "from") }, to: { to.makeView(frame: screen, name: "to") },
      barBackground: background, fromItems: items(fromBar, "from"), toItems: items(toBar, "to"))
  }
}
