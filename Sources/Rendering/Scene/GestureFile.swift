import Animator
import Foundation

/// A gesture file: the touches of a scripted gesture, in window points and seconds.
///
///     {"samples": [
///       {"time": 0,    "touches": [[4, 360]],   "phase": "began"},
///       {"time": 0.3,  "touches": [[120, 362]], "phase": "moved"},
///       {"time": 0.6,  "touches": [[260, 365]], "phase": "ended"}]}
///
/// One point per finger (two for a pinch); the first sample begins, the last ends or cancels.
/// Read as scene files are (a regular file of at most 64 MiB, links followed, strict JSON);
/// at most 100,000 samples, none later than `Recorder.defaultTimeLimit`.
enum GestureFile {
  static func load(path: String) throws -> TouchScript {
    guard let data = try SceneFile.readLimited(path) else {
      throw RenderError("cannot read gesture '\(path)': no such file or not readable")
    }
    func fail(_ where_: String, _ message: String) -> RenderError { RenderError("\(path): \(where_): \(message)") }
    let root = try StrictJSON.parse(data, name: path)
    guard let dict = root as? [String: Any], let samples = dict["samples"] as? [Any] else {
      throw fail("$", "expected an object with an array 'samples'")
    }
    if samples.count > 100_000 { throw fail("$.samples", "more than 100000 samples") }
    var out: [TouchSample] = []
    for (i, item) in samples.enumerated() {
      let at = "$.samples[\(i)]"
      guard let s = item as? [String: Any] else { throw fail(at, "expected an object") }
      guard let time = (s["time"] as? NSNumber)?.doubleValue, time.isFinite else {
        throw fail("\(at).time", "expected a number of seconds")
      }
      guard let phaseText = s["phase"] as? String, let phase = TouchSample.Phase(rawValue: phaseText) else {
        throw fail("\(at).phase", "expected one of began, moved, ended, cancelled")
      }
      guard let touches = s["touches"] as? [Any], !touches.isEmpty, touches.count <= 5 else {
        throw fail("\(at).touches", "expected 1 to 5 points [x, y]")
      }
      let points = try touches.enumerated().map { (j, t) -> Point in
        guard let xy = t as? [Any], xy.count == 2, let x = (xy[0] as? NSNumber)?.doubleValue,
          let y = (xy[1] as? NSNumber)?.doubleValue,
          x.isFinite, y.isFinite
        else { throw fail("\(at).touches[\(j)]", "expected a point [x, y]") }
        return Point(x: x, y: y)
      }
      guard time <= Recorder.defaultTimeLimit else {
        throw fail(
          "\(at).time",
          "\(RecordingLimits.number(time)) s is past the end of a recording (\(RecordingLimits.number(Recorder.defaultTimeLimit)) s of virtual time, Recorder.timeLimit); a gesture lasts seconds"
        )
      }
      out.append(TouchSample(time: time, locations: points, phase: phase))
    }
    do {
      return try TouchScript(samples: out)
    } catch let error as GestureScriptError {
      throw RenderError("\(path): \(error)")
    }
  }
}
