import Compositor
import FrameEncoding
import Foundation
import Pixels

/// A recorded reference, read back: its manifest and, when kept, its sheet's pixels.
struct SnapshotExpectation {
  let reference: SnapshotReference
  let manifest: HashManifest
  let sheet: RGBAImage?

  init(_ reference: SnapshotReference) throws {
    self.reference = reference
    manifest = try HashManifest.load(path: reference.manifestPath)
    if let path = reference.sheetPath, manifest.frames.allSatisfy({ $0.tile != nil }),
      FileManager.default.fileExists(atPath: path)
    {
      do {
        sheet = try PNGReader(maxPixels: 1 << 28).read(file: path)
      } catch {
        throw RenderError("cannot read the reference sheet '\(path)': \(error)")
      }
    } else {
      sheet = nil
    }
  }

  /// Reference frame `i`'s pixels, cut from the sheet; nil when the reference keeps hashes only.
  func frame(_ i: Int) -> RGBAImage? {
    guard let sheet, i < manifest.frames.count, let t = manifest.frames[i].tile, t.count == 4,
      t[0] >= 0, t[1] >= 0, t[2] > 0, t[3] > 0, t[0] + t[2] <= sheet.width, t[1] + t[3] <= sheet.height
    else { return nil }
    return sheet.crop(x: t[0], y: t[1], width: t[2], height: t[3])
  }

  /// What differs between the reference and `frames`; a nil problem is a match.
  func compare(_ frames: [RenderedFrame], fps: Double, tolerance: SnapshotTolerance) -> (
    problem: String?, match: SnapshotMatch
  ) {
    var problems: [String] = []
    if let expectedFPS = manifest.framesPerSecond, expectedFPS != fps {
      problems.append(
        "the frame rate changed: the reference has \(number(expectedFPS)) fps, the recording \(number(fps))")
    }
    if let first = frames.first, first.image.width != manifest.width || first.image.height != manifest.height {
      problems.append(
        "the frame size changed: the reference has \(manifest.width)x\(manifest.height) px, the recording \(first.image.width)x\(first.image.height)"
      )
      return (problems.joined(separator: "; ") + librariesNote, .exact)
    }
    if frames.count != manifest.frames.count {
      problems.append(
        "the frame count changed: the reference has \(manifest.frames.count) frames, the recording \(frames.count)")
    }
    let (differing, tolerated) = compareFrames(frames, tolerance: tolerance)
    if let description = describe(differing, frames: frames, tolerance: tolerance) { problems.append(description) }
    guard problems.isEmpty else { return (problems.joined(separator: "; ") + librariesNote, .exact) }
    return (nil, tolerated.isEmpty ? .exact : .withinTolerance(frames: tolerated))
  }

  /// How a frame differs: by pixels, or only by its hash.
  private enum FrameDifference {
    case pixels(PixelDifference)
    /// The reference keeps no pixels (hashes only).
    case hashOnly
    /// The sheet's tile is not the frame its manifest hashed (an edited or stale sheet), so
    /// the hash decides.
    case staleSheet
  }

  /// The frames (of those both have) that differ beyond the tolerance, with how, and those
  /// whose hash differs but whose pixels are within it.
  private func compareFrames(_ frames: [RenderedFrame], tolerance: SnapshotTolerance) -> (
    [(Int, FrameDifference)], [Int]
  ) {
    var differing: [(Int, FrameDifference)] = [], tolerated: [Int] = []
    for i in 0..<min(frames.count, manifest.frames.count)
    where SHA256.hex(frames[i].image.pixels) != manifest.frames[i].sha256 {
      guard let expected = frame(i) else {
        differing.append((i, .hashOnly))
        continue
      }
      guard SHA256.hex(expected.pixels) == manifest.frames[i].sha256 else {
        differing.append((i, .staleSheet))
        continue
      }
      let difference = PixelDifference(expected, frames[i].image, perChannel: tolerance.perChannel)
      if difference.within(tolerance) { tolerated.append(i) } else { differing.append((i, .pixels(difference))) }
    }
    return (differing, tolerated)
  }

  /// "frames 3, 4 differ (frame 3 at t = 0.100 s: 1234 of 16000 pixels (7.71 %) by up to 80
  /// levels; the tolerance is 0 levels on 0 % of the pixels)".
  private func describe(_ differing: [(Int, FrameDifference)], frames: [RenderedFrame], tolerance: SnapshotTolerance)
    -> String?
  {
    guard let (first, difference) = differing.first else { return nil }
    let names =
      differing.prefix(12).map { String($0.0) }.joined(separator: ", ")
      + (differing.count > 12 ? ", … (\(differing.count) in all)" : "")
    var text = "\(differing.count == 1 ? "frame" : "frames") \(names) \(differing.count == 1 ? "differs" : "differ")"
    let at = String(format: "t = %.3f s", frames[first].time)
    switch difference {
    case .pixels(let d):
      text += String(
        format:
          " (frame %d at %@: %d of %d pixels (%.2f %%) by up to %d levels; the tolerance is %d levels on %.2f %% of the pixels)",
        first, at, d.differing, d.total, 100 * Double(d.differing) / Double(max(d.total, 1)), d.largest,
        tolerance.perChannel, 100 * tolerance.differingPixels)
    case .hashOnly:
      text += " (frame \(first) at \(at): its hash differs, and the reference keeps hashes only)"
    case .staleSheet:
      text +=
        " (frame \(first) at \(at): its hash differs, and the reference sheet's tile is not the frame the manifest hashed: an edited or stale sheet)"
    }
    return text
  }

  /// Hashes made with other library versions or font files can differ by design: say so,
  /// naming what differs (docs/text.md#text-versions-in-manifests).
  private var librariesNote: String {
    let differences = manifest.libraryDifferences
    guard !differences.isEmpty else { return "" }
    return
      " (a version change, not a regression: the reference was made with \(differences.map(\.recorded).joined(separator: ", ")); "
      + "this machine has \(differences.map(\.here).joined(separator: ", ")); re-record it here)"
  }

  private func number(_ v: Double) -> String { RecordingLimits.number(v) }
}
