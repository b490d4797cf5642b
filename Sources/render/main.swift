import Foundation
import RenderCLI

InterruptHandling.install()
exit(RenderCLI.run(Array(CommandLine.arguments.dropFirst())))
