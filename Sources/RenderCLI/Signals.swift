import Dispatch
import Foundation
import Rendering

/// SIGINT and SIGTERM remove the temporary files of an unfinished render and exit 130 / 143;
/// a previous output stays untouched (outputs are renamed into place only when complete).
public enum InterruptHandling {
  nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

  /// Installs the handlers (call once, at startup).
  public static func install() {
    for (number, status) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143))] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
      source.setEventHandler(handler: handler(exitStatus: status))
      source.resume()
      sources.append(source)
    }
  }

  private static func handler(exitStatus: Int32) -> @Sendable () -> Void {
    {
      removeTemporaryFiles()
      exit(exitStatus)
    }
  }
}
