import FrameEncoding
import Foundation
import Pixels

/// Where a failed snapshot's evidence goes: its own folder, and the folder whose `index.html`
/// lists every failure of the run (docs/snapshot-format.md#failure-artifacts).
struct ArtifactsPlace {
  /// expected.png, actual.png, difference.png, comparison.apng of one snapshot.
  let folder: String
  /// Where `index.html` is written.
  let report: String

  /// A folder the caller chose: the report goes in it too.
  init(folder: String) {
    self.folder = folder
    report = folder
  }

  /// `TRANSITIONRENDER_ARTIFACTS`, or `transitionrender-failures/<package>` in the temporary
  /// folder (the package whose test wrote the reference, so two projects on one machine keep
  /// their failures apart), then the reference's folder and name.
  init(for reference: SnapshotReference) {
    let manifest = URL(fileURLWithPath: reference.manifestPath)
    let root =
      ProcessInfo.processInfo.environment["TRANSITIONRENDER_ARTIFACTS"].flatMap { $0.isEmpty ? nil : $0 }
      ?? (NSTemporaryDirectory() + "transitionrender-failures/" + Self.packageName(above: manifest))
    report = root
    folder =
      root + "/" + manifest.deletingLastPathComponent().lastPathComponent + "/"
      + manifest.deletingPathExtension().lastPathComponent
  }

  /// The name of the folder holding the nearest `Package.swift` above `file`, or "package".
  static func packageName(above file: URL) -> String {
    var folder = file.deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        return folder.lastPathComponent
      }
      folder = folder.deletingLastPathComponent()
    }
    return "package"
  }
}

/// One frame's comparison, for the report: how many pixels differ and by how much.
struct FrameFigure: Sendable {
  let index: Int
  let time: Double
  /// nil when only one side has the frame (a frame-count change) or the reference keeps
  /// hashes only.
  let difference: PixelDifference?
}

/// expected.png (the reference sheet), actual.png (the same layout), difference.png (each
/// frame's difference in that layout) and comparison.apng (expected | actual | difference,
/// frame by frame, each column labelled); with a hashes-only reference, actual.png and the
/// actual frames as PNGs. Returns every frame's figures.
func writeArtifacts(expected: SnapshotExpectation, actual: [RenderedFrame], to folder: String) throws -> [FrameFigure] {
  let fm = FileManager.default
  try? fm.removeItem(atPath: folder)
  do {
    try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
  } catch {
    throw RenderError("cannot create the artifacts folder '\(folder)'")
  }
  try writeAtomically(try PNGWriter().encode(SnapshotReferenceFile.sheet(actual).0), to: folder + "/actual.png")
  guard let sheetPath = expected.reference.sheetPath, expected.sheet != nil else {
    for frame in actual {
      try writeAtomically(
        try PNGWriter().encode(frame.image), to: folder + "/" + String(format: "%04d.png", frame.index))
    }
    return actual.map { FrameFigure(index: $0.index, time: $0.time, difference: nil) }
  }
  try fm.copyItem(atPath: sheetPath, toPath: folder + "/expected.png")
  let count = max(actual.count, expected.manifest.frames.count)
  let width = max(actual.first?.image.width ?? 0, expected.manifest.width),
    height = max(actual.first?.image.height ?? 0, expected.manifest.height)
  let blank = RGBAImage(width: max(width, 1), height: max(height, 1), fill: RGBA8(255, 0, 255))!
  var differences: [RenderedFrame] = []
  var figures: [FrameFigure] = []
  var options = EncodingOptions()
  options.fps = expected.manifest.framesPerSecond ?? 30
  options.lossless = true
  try FrameEncoding.writeAtomically(to: folder + "/comparison.apng") { file in
    var encoder = try AnyAnimationEncoder(format: .apng, sink: file, options: options)
    for i in 0..<count {
      let e = expected.frame(i), a = i < actual.count ? actual[i].image : nil
      let d = differenceImage(e ?? blank, a ?? blank)
      let time = i < actual.count ? actual[i].time : expected.manifest.frames[i].time
      differences.append(RenderedFrame(index: i, time: time, image: d))
      let same = e.flatMap { e in a.map { (e, $0) } }.map { $0.width == $1.width && $0.height == $1.height } ?? false
      figures.append(
        FrameFigure(index: i, time: time, difference: same ? PixelDifference(e!, a!, perChannel: 0) : nil))
      try encoder.add(
        labelled(sideBySide([e, a, d], width: width, height: height), ["expected", "actual", "difference"], width))
    }
    try encoder.finish()
  }
  try writeAtomically(
    try PNGWriter().encode(SnapshotReferenceFile.sheet(differences).0), to: folder + "/difference.png")
  return figures
}

/// `image` under a strip naming each of its columns (`columnWidth` pixels apart, 4 between).
func labelled(_ image: RGBAImage, _ names: [String], _ columnWidth: Int) -> RGBAImage {
  let scale = columnWidth >= 6 * 6 * 10 * 2 ? 2 : 1
  let strip = 7 * scale + 8
  var out = RGBAImage(width: image.width, height: image.height + strip, fill: RGBA8(0, 0, 0))!
  out.blit(image, at: 0, strip)
  for (i, name) in names.enumerated() {
    let x = i * (columnWidth + 4) + max(0, (columnWidth - name.count * 6 * scale) / 2)
    BitmapFont.draw(name, into: &out, x: x, y: 4, scale: scale, color: RGBA8(235, 235, 245))
  }
  return out
}
