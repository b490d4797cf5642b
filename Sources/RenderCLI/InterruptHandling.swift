import CSystem
import Foundation
import Rendering

/// SIGINT and SIGTERM remove the temporary files of an unfinished render and exit 130 / 143;
/// a previous output stays untouched (outputs are renamed into place only when complete).
///
/// The handler only writes the signal's number to a pipe (`csystem_signal_pipe`); a thread of
/// its own, asleep on the pipe, does the rest. Compositing can keep every core and every
/// dispatch worker busy for as long as a frame takes, so the clean-up must not wait for any
/// of them: it runs at once, on that thread, and ends the process with `_exit`, which leaves the
/// workers where they are.
public enum InterruptHandling {
  /// Installs the handlers (call once, at startup).
  public static func install() {
    let signals: [Int32] = [SIGINT, SIGTERM]
    let pipe = signals.withUnsafeBufferPointer { csystem_signal_pipe($0.baseAddress, Int32($0.count)) }
    guard pipe >= 0 else { return }
    let watcher = Thread {
      var number: UInt8 = 0
      while read(pipe, &number, 1) != 1 {}
      removeTemporaryFiles()
      _exit(Int32(number) == SIGINT ? 130 : 143)
    }
    watcher.name = "render-signals"
    watcher.start()
  }
}
