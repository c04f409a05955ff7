import Foundation

/// Runs a parsed command and returns the process exit status.
public enum ClientMain {
    /// Runs `command`, writing to standard output and error; returns the exit status.
    public static func run(_ command: ClientCommand) -> Int32 {
        let out = TextOutput.standardOutput
        let err = TextOutput.standardError
        switch command {
        case .help(let usage):
            out.line(usage)
            return 0
        case .verify(let options):
            do {
                let outcome = try VerifyCommand.run(options)
                outcome.lines.forEach(out.line)
                return outcome.allValid ? 0 : 1
            } catch {
                err.line(error.description)
                return 2
            }
        case .play(let options):
            return PlayCommand.run(options, output: out, errors: err)
        case .soak(let options):
            return SoakCommand.run(options, output: out, progress: err)
        case .bench(let options):
            return BenchCommand.run(options, output: out, progress: err)
        case .killSoak(let options):
            return KillSoakCommand.run(options, output: out, progress: err)
        }
    }
}
