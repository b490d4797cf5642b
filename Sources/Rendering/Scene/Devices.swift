import Animator
import Foundation

/// A screen to render for (docs/devices.md): its size in points and pixels, its safe area, its
/// status bar and the radius of its rounded display corners. `Device.all` is the one table of
/// these figures; those no public source gives are marked in `approximate`.
package struct Device: Sendable, Equatable {
  /// The preset's name for `--device` and a scene's `"device"`, e.g. `iphone-15`.
  public let name: String
  /// Other names for the same screen (`iphone-15-pro`, `iphone-16`).
  public let aliases: [String]
  /// The devices the figures are for.
  public let title: String
  public let points: Size
  /// Pixels per point.
  public let scale: Double
  /// The display's corner radius in points (0: square corners), drawn as a circular arc.
  public let cornerRadius: Double
  /// The status bar's height in points.
  public let statusBarHeight: Double
  /// The safe area's top and bottom insets in points (left and right are 0 in portrait).
  public let safeAreaTop: Double
  public let safeAreaBottom: Double
  public let statusBar: StatusBarStyle
  /// The figures above that are estimates.
  public let approximate: Set<Figure>

  /// How the status bar is laid out.
  public enum StatusBarStyle: Sendable, Equatable {
    /// Square-cornered iPhones: the time centred, signal and Wi-Fi on the left, battery on
    /// the right.
    case classic
    /// iPhones with a notch or Dynamic Island: the time in the left ear, signal, Wi-Fi and
    /// battery in the right one.
    case ears
    /// iPad: the time and date on the left, Wi-Fi and battery on the right.
    case tablet
  }

  /// A figure of the table.
  public enum Figure: String, Sendable, CaseIterable {
    case cornerRadius, statusBar, safeArea
  }

  /// The screen's size in pixels.
  public var pixels: (width: Int, height: Int) {
    (Int((points.width * scale).rounded()), Int((points.height * scale).rounded()))
  }

  /// Every preset, smallest first. Figures: docs/devices.md (Apple's display tables, a
  /// published read-out of UIScreen's display corner radius; the rest marked approximate).
  public static let all: [Device] = [
    Device(
      name: "iphone-se", aliases: ["iphone-8"], title: "iPhone SE (2nd, 3rd gen), 8",
      points: Size(width: 375, height: 667),
      scale: 2, cornerRadius: 0, statusBarHeight: 20, safeAreaTop: 20, safeAreaBottom: 0, statusBar: .classic,
      approximate: []),
    Device(
      name: "iphone-x", aliases: ["iphone-xs", "iphone-11-pro"], title: "iPhone X, XS, 11 Pro",
      points: Size(width: 375, height: 812), scale: 3, cornerRadius: 39, statusBarHeight: 44, safeAreaTop: 44,
      safeAreaBottom: 34, statusBar: .ears, approximate: []),
    Device(
      name: "iphone-11", aliases: ["iphone-xr"], title: "iPhone XR, 11", points: Size(width: 414, height: 896),
      scale: 2,
      cornerRadius: 41.5, statusBarHeight: 48, safeAreaTop: 48, safeAreaBottom: 34, statusBar: .ears, approximate: []),
    Device(
      name: "iphone-13-mini", aliases: ["iphone-12-mini"], title: "iPhone 12 mini, 13 mini",
      points: Size(width: 375, height: 812), scale: 3, cornerRadius: 44, statusBarHeight: 50, safeAreaTop: 50,
      safeAreaBottom: 34, statusBar: .ears, approximate: [.statusBar, .safeArea]),
    Device(
      name: "iphone-14", aliases: ["iphone-12", "iphone-12-pro", "iphone-13"], title: "iPhone 12, 12 Pro, 13, 14",
      points: Size(width: 390, height: 844), scale: 3, cornerRadius: 47.33, statusBarHeight: 47, safeAreaTop: 47,
      safeAreaBottom: 34, statusBar: .ears, approximate: [.statusBar, .safeArea]),
    Device(
      name: "iphone-14-plus", aliases: ["iphone-12-pro-max", "iphone-13-pro-max"],
      title: "iPhone 12 Pro Max, 13 Pro Max, 14 Plus", points: Size(width: 428, height: 926), scale: 3,
      cornerRadius: 53.33, statusBarHeight: 47, safeAreaTop: 47, safeAreaBottom: 34, statusBar: .ears,
      approximate: [.statusBar, .safeArea]),
    Device(
      name: "iphone-15", aliases: ["iphone-15-pro", "iphone-16"], title: "iPhone 15, 15 Pro, 16",
      points: Size(width: 393, height: 852), scale: 3, cornerRadius: 55, statusBarHeight: 54, safeAreaTop: 59,
      safeAreaBottom: 34, statusBar: .ears, approximate: [.cornerRadius, .statusBar, .safeArea]),
    Device(
      name: "iphone-15-pro-max", aliases: ["iphone-15-plus", "iphone-16-plus"],
      title: "iPhone 15 Plus, 15 Pro Max, 16 Plus",
      points: Size(width: 430, height: 932), scale: 3, cornerRadius: 55, statusBarHeight: 54, safeAreaTop: 59,
      safeAreaBottom: 34, statusBar: .ears, approximate: [.cornerRadius, .statusBar, .safeArea]),
    Device(
      name: "iphone-16-pro", aliases: [], title: "iPhone 16 Pro", points: Size(width: 402, height: 874), scale: 3,
      cornerRadius: 62, statusBarHeight: 54, safeAreaTop: 62, safeAreaBottom: 34, statusBar: .ears,
      approximate: [.cornerRadius, .statusBar, .safeArea]),
    Device(
      name: "iphone-16-pro-max", aliases: [], title: "iPhone 16 Pro Max", points: Size(width: 440, height: 956),
      scale: 3,
      cornerRadius: 62, statusBarHeight: 54, safeAreaTop: 62, safeAreaBottom: 34, statusBar: .ears,
      approximate: [.cornerRadius, .statusBar, .safeArea]),
    Device(
      name: "ipad-11", aliases: ["ipad-air", "ipad-pro-11"], title: "iPad Air, iPad Pro 11-inch",
      points: Size(width: 834, height: 1194), scale: 2, cornerRadius: 18, statusBarHeight: 24, safeAreaTop: 24,
      safeAreaBottom: 20, statusBar: .tablet, approximate: []),
  ]

  /// The preset called `name` (or one of its aliases), nil for any other name.
  public static func named(_ name: String) -> Device? {
    all.first { $0.name == name || $0.aliases.contains(name) }
  }

  /// The preset called `name` (or one of its aliases); any other name is an error listing the
  /// presets, the one message for an unknown device.
  public static func preset(named name: String) throws -> Device {
    guard let device = named(name) else {
      throw RenderError(
        "Unknown device '\(name)'; the devices are \(names) (see 'render list --devices')", usage: true)
    }
    return device
  }

  /// The names `--device` accepts, for error messages.
  public static var names: String { all.map(\.name).joined(separator: ", ") }

  /// A screen of any size without a preset: the chrome of the square-cornered iPhones (a
  /// 20-point status bar, no home indicator), at 1 pixel per point.
  public static func generic(size: Size) -> Device {
    Device(
      name: "custom", aliases: [], title: "\(TextFormat.number(size.width))x\(TextFormat.number(size.height)) pt",
      points: size, scale: 1, cornerRadius: 0, statusBarHeight: 20, safeAreaTop: 20, safeAreaBottom: 0,
      statusBar: .classic, approximate: [])
  }

  /// `render list --devices`: one line per preset, `~` before the approximate figures.
  public static var listing: String {
    func mark(_ device: Device, _ figure: Figure, _ text: String) -> String {
      (device.approximate.contains(figure) ? "~" : "") + text
    }
    let header = [
      "device", "points", "scale", "pixels", "corners", "status bar", "safe area", "also", "",
    ]
    var rows = [header]
    for d in all {
      rows.append([
        d.name, "\(TextFormat.number(d.points.width))x\(TextFormat.number(d.points.height))", "@\(Int(d.scale))x",
        "\(d.pixels.width)x\(d.pixels.height)", mark(d, .cornerRadius, TextFormat.number(d.cornerRadius)),
        mark(d, .statusBar, TextFormat.number(d.statusBarHeight)),
        mark(d, .safeArea, "\(TextFormat.number(d.safeAreaTop))/\(TextFormat.number(d.safeAreaBottom))"),
        d.aliases.isEmpty ? "-" : d.aliases.joined(separator: ","), d.title,
      ])
    }
    let widths = (0..<header.count).map { c in rows.map { $0[c].count }.max() ?? 0 }
    let lines = rows.map { row in
      row.enumerated().map { c, cell in
        c == row.count - 1 ? cell : cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
      }
      .joined(separator: "  ").trimmingTrailingSpaces()
    }
    return lines.joined(separator: "\n") + "\n\n"
      + "Points and corner radius, status bar and safe-area insets in points; ~ marks an estimate (docs/devices.md).\n"
  }
}

extension String {
  fileprivate func trimmingTrailingSpaces() -> String {
    var s = self
    while s.hasSuffix(" ") { s.removeLast() }
    return s
  }
}
