import CommandOptions
import Foundation

/// The whole `bigtwo-sim` program, so that its executable is a single call.
public enum SimulatorCommandLine {
    /// Parses `arguments` (without the program name), runs, and returns the exit status:
    /// 0 for a clean run or `--help`, 1 when any violation occurred, 2 for bad flags.
    /// Progress goes to standard error about once a second; the JSON report is the last line
    /// of standard output.
    public static func run(_ arguments: [String]) -> Int32 {
        let config: SimulationConfig
        let recording: RecordingFlags
        do throws(UsageError) {
            let split = try RecordingFlags.extract(from: arguments)
            recording = split.flags
            guard case .run(let parsed) = try SimulatorFlags.parse(split.rest) else {
                print(SimulatorFlags.usage)
                print(RecordingFlags.usage)
                return 0
            }
            config = parsed
        } catch {
            writeError(error.report)
            return UsageError.exitStatus
        }
        if recording.isRequested { return RecordingCommand.run(config, recording) }
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
