import Foundation
import Simulator

exit(SimulatorCommandLine.run(Array(CommandLine.arguments.dropFirst())))
