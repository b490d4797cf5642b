import Foundation
import RenderCLI

exit(RenderCLI.run(Array(CommandLine.arguments.dropFirst())))
