import Foundation

/// The whole `bigtwo-sim` program, so that its executable is a single call.
public enum SimulatorCommandLine {
    /// Parses `arguments` (without the program name), runs, and returns the exit status:
    /// 0 for a clean run or `--help`, 1 when any violation occurred, 2 for bad flags.
    /// Progress goes to standard error about once a second; the JSON report is the last line
    /// of standard output.
    public static func run(_ arguments: [String]) -> Int32 {
        let config: SimulationConfig
        do {
            guard case .run(let parsed) = try SimulatorFlags.parse(arguments) else {
                print(SimulatorFlags.usage)
                return 0
            }
            config = parsed
        } catch {
            writeError(error.report)
            return type(of: error).exitStatus
        }
        let report = Simulation.run(config) { progress in
            writeError("bigtwo-sim: \(progress)\n")
        }
        print(report.json())
        return report.violations == 0 ? 0 : 1
    }

    private static func writeError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
