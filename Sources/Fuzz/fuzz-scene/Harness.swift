import Foundation
import FuzzDriver
import Rendering

/// Scene JSON → `SceneFile.parse`. Any input must either parse or throw a `RenderError`; the
/// parser must never trap, hang or allocate past its limits. Image paths resolve against a
/// folder that does not exist, so relative images fail cleanly; absolute ones are read
/// through the same size-checked path as a real render.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzScene(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let bytes = fuzzBytes(data, size)
  do {
    let scene = try SceneFile.parse(Data(bytes), folder: URL(fileURLWithPath: "/nonexistent-fuzz-folder"))
    precondition(RecordingLimits.side.contains(scene.size.width))
    precondition(RecordingLimits.side.contains(scene.size.height))
  } catch is RenderError {
  } catch {
    preconditionFailure("SceneFile.parse threw something other than RenderError: \(error)")
  }
  return 0
}

@main enum Main {
  static func main() { FuzzDriver.run(fuzzScene) }
}
