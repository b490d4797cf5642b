import Foundation
import Animator

/// The status bar as Apple's marketing images show it (docs/devices.md#status-bar): 9:41,
/// full signal, Wi-Fi and battery, laid out for the device's kind of screen, over whatever is
/// under it in `.label`: dark content, light in the dark appearance (UIStatusBarStyle.default).
@MainActor
enum StatusBar {
  static let time = "9:41"

  /// The bar across the top of a screen `width` points wide, `device.statusBarHeight` tall.
  static func view(for device: Device, width w: Double, color: Color = .label) -> View {
    let h = device.statusBarHeight
    let bar = View(frame: Rect(x: 0, y: 0, width: w, height: h))
    bar.name = "status-bar"
    bar.isUserInteractionEnabled = false
    switch device.statusBar {
    case .ears: ears(bar, width: w, height: h, color: color)
    case .classic: classic(bar, width: w, height: h, color: color)
    case .tablet: tablet(bar, width: w, height: h, color: color)
    }
    return bar
  }

  /// A label of `text` sized to fit, its vertical centre at `midY`, its left edge at `x` (or its
  /// centre at `centerX`).
  private static func text(
    _ text: String, font: Font, color: Color, midY: Double, x: Double? = nil, centerX: Double? = nil
  ) -> Label {
    let l = Label(text, font: font, color: color)
    l.name = "time"
    let size = l.bounds.size
    l.frame = Rect(
      x: x ?? ((centerX ?? 0) - size.width / 2), y: midY - size.height / 2, width: size.width, height: size.height)
    return l
  }

  /// Notch and Dynamic Island iPhones: the time centred in the left ear, signal, Wi-Fi and
  /// battery in the right one, centred on the island's height.
  private static func ears(_ bar: View, width w: Double, height h: Double, color: Color) {
    let midY = h * 0.55
    bar.addSubview(
      text(time, font: .systemFont(ofSize: 17, weight: .semibold), color: color, midY: midY, centerX: w * 0.2))
    var x = w * 0.79 - 37
    bar.addSubview(Icons.signal(at: Point(x: x, y: midY - 5.5), height: 11, color: color))
    x += 22.5
    bar.addSubview(Icons.wifi(at: Point(x: x, y: midY - 5.5), height: 11, color: color))
    x += 20.5
    bar.addSubview(Icons.battery(at: Point(x: x, y: midY - 6), height: 12, color: color))
  }

  /// Square-cornered iPhones: signal and Wi-Fi on the left, the time centred, the battery on
  /// the right.
  private static func classic(_ bar: View, width w: Double, height h: Double, color: Color) {
    let midY = h / 2
    bar.addSubview(Icons.signal(at: Point(x: 6, y: midY - 3.5), height: 7, color: color))
    bar.addSubview(Icons.wifi(at: Point(x: 22, y: midY - 4), height: 8, color: color))
    bar.addSubview(
      text("\(time) AM", font: .systemFont(ofSize: 12, weight: .semibold), color: color, midY: midY, centerX: w / 2))
    bar.addSubview(Icons.battery(at: Point(x: w - 30, y: midY - 5), height: 10, color: color))
    let percent = text("100%", font: .systemFont(ofSize: 12, weight: .medium), color: color, midY: midY)
    percent.name = "percent"
    percent.frame.origin.x = w - 34 - percent.bounds.width
    bar.addSubview(percent)
  }

  /// iPad: the time and date on the left, Wi-Fi and battery on the right.
  private static func tablet(_ bar: View, width w: Double, height h: Double, color: Color) {
    let midY = h / 2
    bar.addSubview(
      text("\(time) AM  Tue Jan 9", font: .systemFont(ofSize: 12, weight: .semibold), color: color, midY: midY, x: 20))
    bar.addSubview(Icons.wifi(at: Point(x: w - 86, y: midY - 4.5), height: 9, color: color))
    let percent = text("100%", font: .systemFont(ofSize: 12, weight: .medium), color: color, midY: midY)
    percent.name = "percent"
    percent.frame.origin.x = w - 40 - percent.bounds.width
    bar.addSubview(percent)
    bar.addSubview(Icons.battery(at: Point(x: w - 38, y: midY - 5), height: 10, color: color))
  }
}
