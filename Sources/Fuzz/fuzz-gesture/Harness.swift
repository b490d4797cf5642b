import Foundation
import FuzzDriver
import RenderCLI

/// Bytes → a gesture file of any length (up to the format's 100,000 samples: a count, then
/// per sample a time step, a phase, fingers and points, with some values out of range) → a
/// small real render of an interactive pop driven by it. Whatever the file: the exit status is
/// 0, 1 or 64 and a failure says `Error:`; the time a run may take is libFuzzer's `-timeout`
/// (scripts/fuzz), which a gesture whose cost grew faster than its length would exceed.
let file = NSTemporaryDirectory() + "fuzz-gesture-\(getpid()).json"
let phases = ["began", "moved", "moved", "moved", "ended", "cancelled", "stationary", "bogus"]

func gesture(_ reader: inout ByteReader) -> String {
  // Mostly short gestures; one input in sixteen up to just past the limit.
  let count =
    reader.byte() >= 0xF0 ? min(100_001, Int(reader.byte()) << 9 | Int(reader.byte()) << 1) : Int(reader.byte())
  let step = [0.0, 0.001, 0.016, 0.1, 1, -0.01][reader.int(below: 6)]
  let fingers = 1 + reader.int(below: 3)
  var samples: [String] = []
  samples.reserveCapacity(count)
  var time = 0.0
  for i in 0..<count {
    let b = reader.isAtEnd ? UInt8(i & 0xFF) : reader.byte()
    time += step * Double(1 + Int(b & 3))
    let phase = i == 0 ? "began" : i == count - 1 ? "ended" : phases[Int(b >> 5)]
    let points = (0..<fingers).map { f in "[\(Int(b) * 2 + f * 40), \(300 + Int(b >> 4))]" }.joined(separator: ", ")
    samples.append("{\"time\": \(time), \"touches\": [\(points)], \"phase\": \"\(phase)\"}")
  }
  return "{\"samples\": [" + samples.joined(separator: ",\n") + "]}"
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGesture(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var reader = ByteReader(fuzzBytes(data, size))
  FileManager.default.createFile(atPath: file, contents: Data(gesture(&reader).utf8))
  let arguments = ["cube", "--pop", "--interactive", "--gesture", file, "--size", "40x30", "--fps", "10", "--hash"]
  MainActor.assumeIsolated {
    let streams = CapturedStreams()
    let status = RenderCLI.run(arguments, streams: streams)
    precondition([0, 1, 64].contains(status), "exit status \(status) for the gesture in \(file)")
    precondition(status == 0 || streams.stderr.hasPrefix("Error: "), "a failure without 'Error:' for \(file)")
  }
  return 0
}

@main enum Main {
  static func main() { FuzzDriver.run(fuzzGesture) }
}
