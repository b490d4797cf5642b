import Foundation
import Testing
import ToolTestSupport

/// The speckle figure on real demo renders, with the built `render` binary and Pillow: the
/// share of flat source pixels (a 3 × 3 neighbourhood of one color) that decode more than 6
/// levels off (docs/gif-encoder.md#visual-masking).
@Suite("GIF speckles on the demo screens")
struct GIFSpeckleTests {
  /// Renders `effect` at 15 fps into PNG frames and into a GIF at `quality` (and `dither`); returns the
  /// speckle share (Pillow decodes the GIF, numpy finds the flat pixels) and the largest error
  /// on a flat pixel.
  func speckles(_ effect: String, quality: Int, dither: String = "none") throws -> (share: Double, worst: Int) {
    let folder = NSTemporaryDirectory() + "speckle-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let binary = try #require(DeterminismTests.binary, "the render binary is not built (swift build --product render)")
    for args in [
      ["-o", folder + "/frames/"], ["--quality", "\(quality)", "--dither", dither, "-o", folder + "/anim.gif"],
    ] {
      let run = try runTool(binary, [effect, "--fps", "15", "-q"] + args)
      #expect(run.status == 0, "\(run.errors)")
    }
    let line = try python(
      """
      import glob, sys
      import numpy as np
      from PIL import Image
      frames = [np.asarray(Image.open(p).convert('RGB')).astype(np.int16) for p in sorted(glob.glob(sys.argv[1] + '/*.png'))]
      gif = Image.open(sys.argv[2])
      assert gif.n_frames == len(frames), (gif.n_frames, len(frames))
      flat_total = off_total = worst = 0
      for k, src in enumerate(frames):
          gif.seek(k)
          dec = np.asarray(gif.convert('RGB')).astype(np.int16)
          word = src[..., 0].astype(np.int32) << 16 | src[..., 1].astype(np.int32) << 8 | src[..., 2]
          pad = np.pad(word, 1, mode='edge')
          h, w = word.shape
          flat = np.ones((h, w), bool)
          for dy in range(3):
              for dx in range(3):
                  flat &= pad[dy:dy + h, dx:dx + w] == word
          err = np.abs(dec - src).max(axis=2)
          flat_total += int(flat.sum())
          off_total += int((flat & (err > 6)).sum())
          worst = max(worst, int(err[flat].max()))
      print(off_total / flat_total, worst)
      """, [folder + "/frames", folder + "/anim.gif"])
    let parts = try #require(line.first).split(separator: " ")
    return (Double(parts[0])!, Int(parts[1])!)
  }

  @Test(
    "visual-masking: the cross-dissolve and the push of the demo screens at 15 fps have at most 0.1 % of their flat pixels more than 6 levels off at quality 40, and at most 0.01 % at 80"
  )
  func demoSpeckles() throws {
    for effect in ["crossfade", "ios-push"] {
      for (quality, limit) in [(40, 0.001), (80, 0.0001)] {
        let (share, worst) = try speckles(effect, quality: quality)
        #expect(share <= limit, "\(effect) at \(quality): \(share * 100) % speckles, up to \(worst) levels off")
      }
    }
  }

  @Test(
    "visual-masking: ordered dithering leaves flat pixels at their nearest entry: with --dither auto the demo screens at quality 40 still have at most 0.1 % of their flat pixels more than 6 levels off"
  )
  func ditheredDemoSpeckles() throws {
    for effect in ["crossfade", "ios-push"] {
      let (share, worst) = try speckles(effect, quality: 40, dither: "auto")
      #expect(share <= 0.001, "\(effect): \(share * 100) % speckles, up to \(worst) levels off")
    }
  }
}
