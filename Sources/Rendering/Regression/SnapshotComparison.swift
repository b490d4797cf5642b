import Foundation
import Pixels

/// How far a frame may stray from its reference and still match, for when an exact hash
/// differs (a Cairo or pixman update moving edge pixels by a level): a pixel differs when one
/// of its channels is off by more than `perChannel` levels, and a frame matches while at most
/// `differingPixels` of its pixels differ (swift-snapshot-testing's `perceptualPrecision` and
/// `precision`, Paparazzi's `maxPercentDifference`).
public struct SnapshotTolerance: Sendable, Equatable {
  /// Levels (0…255) a channel may be off by.
  public var perChannel: Int
  /// Share (0…1) of a frame's pixels that may differ by more than `perChannel`.
  public var differingPixels: Double

  /// A tolerance of `perChannel` levels (0…255) on `differingPixels` of the pixels (a share,
  /// 0…1); the defaults are exact. Out-of-range values are refused when a check uses them.
  public init(perChannel: Int = 0, differingPixels: Double = 0) {
    self.perChannel = perChannel
    self.differingPixels = differingPixels
  }

  /// Every pixel exact.
  public static let exact = SnapshotTolerance()

  func validate() throws {
    guard (0...255).contains(perChannel) else {
      throw RenderError("tolerance perChannel must be 0 to 255 levels, got \(perChannel)", usage: true)
    }
    guard differingPixels.isFinite, (0...1).contains(differingPixels) else {
      throw RenderError("tolerance differingPixels must be a share from 0 to 1, got \(differingPixels)", usage: true)
    }
  }
}

/// How one frame differs from its reference.
struct PixelDifference {
  /// Pixels with a channel off by more than the tolerance's `perChannel`.
  var differing = 0
  var total = 0
  /// The largest difference of any channel, in levels.
  var largest = 0

  /// Compares two images of the same size channel by channel.
  init(_ a: RGBAImage, _ b: RGBAImage, perChannel: Int) {
    total = a.width * a.height
    a.pixels.withUnsafeBufferPointer { p in
      b.pixels.withUnsafeBufferPointer { q in
        var i = 0
        while i < p.count {
          var worst = 0
          for c in 0..<4 { worst = max(worst, abs(Int(p[i + c]) - Int(q[i + c]))) }
          if worst > perChannel { differing += 1 }
          largest = max(largest, worst)
          i += 4
        }
      }
    }
  }

  func within(_ tolerance: SnapshotTolerance) -> Bool {
    Double(differing) <= tolerance.differingPixels * Double(total)
  }
}

/// Red where two images differ (brighter for larger differences), the first image dimmed
/// elsewhere, magenta where only one of them has pixels; sized to the larger of the two.
func differenceImage(_ a: RGBAImage, _ b: RGBAImage) -> RGBAImage {
  let w = max(a.width, b.width), h = max(a.height, b.height)
  var out = RGBAImage(width: w, height: h, fill: RGBA8(0, 0, 0))!
  for y in 0..<h {
    for x in 0..<w {
      guard x < a.width && y < a.height && x < b.width && y < b.height else {
        out[x, y] = RGBA8(255, 0, 255)
        continue
      }
      let p = a[x, y], q = b[x, y]
      let d = max(
        abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
      if d == 0 {
        let gray = UInt8((Int(p.r) + Int(p.g) + Int(p.b)) / 12)
        out[x, y] = RGBA8(gray, gray, gray)
      } else {
        out[x, y] = RGBA8(UInt8(min(255, 128 + d)), 0, 0)
      }
    }
  }
  return out
}

/// `images` side by side, left to right, on black (missing ones leave their width empty).
func sideBySide(_ images: [RGBAImage?], width: Int, height: Int) -> RGBAImage {
  let gap = 4
  var out = RGBAImage(width: images.count * width + (images.count - 1) * gap, height: height, fill: RGBA8(0, 0, 0))!
  for (i, image) in images.enumerated() {
    if let image { out.blit(image, at: i * (width + gap), 0) }
  }
  return out
}
