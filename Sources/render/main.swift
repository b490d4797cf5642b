import Foundation
import RenderCLI

// The streams first: they claim a closed descriptor 0, 1 or 2 before anything else can open a
// file on it.
let streams = StandardStreams()
InterruptHandling.install()
exit(RenderCLI.run(Array(CommandLine.arguments.dropFirst()), streams: streams))
