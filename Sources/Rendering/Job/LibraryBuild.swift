import Compositor
import FrameEncoding
import Pixels
import Snapshot
import Text

/// How this build of the library was compiled.
public enum LibraryBuild {
  /// Whether every stage that touches each pixel (snapshots, text, compositing, hashing,
  /// encoding, the render job and its comparisons) was compiled with optimization: true in a
  /// release build and, through the package's settings, in a debug build such as the one
  /// `swift test` makes (docs/build-speed.md). When false, recording and comparing snapshots
  /// is 40 to 150 times slower.
  public static var pixelStagesOptimized: Bool {
    pixelsCompiledOptimized && snapshotCompiledOptimized && textCompiledOptimized && compositorCompiledOptimized
      && frameEncodingCompiledOptimized && renderingCompiledOptimized
  }
}

/// Whether Rendering itself was compiled with optimization.
let renderingCompiledOptimized = !_isDebugAssertConfiguration()
