import Foundation

/// One run of a built executable of this package (found next to the test bundle) to its
/// end: its exit status and what it wrote.
public struct ExecutableRun: Sendable {
    /// The exit status.
    public let status: Int32
    /// Everything written to standard output.
    public let output: String
    /// Everything written to standard error.
    public let errors: String

    /// Runs the executable `name` with `arguments` and only `environment` (so the caller's
    /// variables cannot change the result), with `input` as its standard input (empty when
    /// nil), and waits for it.
    public init(
        _ name: String, _ arguments: [String], environment: [String: String] = [:],
        input: String? = nil
    ) throws {
        let process = Process()
        process.executableURL = Bundle.main.executableURL!.deletingLastPathComponent()
            .appendingPathComponent(name)
        process.arguments = arguments
        process.environment = environment
        let output = Pipe()
        let errors = Pipe()
        let typed = Pipe()
        process.standardInput = typed
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        typed.fileHandleForWriting.write(Data((input ?? "").utf8))
        try typed.fileHandleForWriting.close()
        // The texts are small: reading one pipe to its end cannot block the other.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        self.output = String(decoding: outputData, as: UTF8.self)
        self.errors = String(decoding: errorData, as: UTF8.self)
    }
}

extension ExecutableRun {
    /// What is wrong with a command line of the executable `name`: `arguments` + `--help` must
    /// exit 0 and mention every one of `mentions`, and `arguments` + `bad` must exit 2 with
    /// nothing on standard output and exactly `report` on standard error. Empty when all holds.
    public static func commandLineProblems(
        _ name: String, _ arguments: [String] = [], mentions: [String], bad: [String],
        report: String
    ) throws -> [String] {
        var problems: [String] = []
        let help = try ExecutableRun(name, arguments + ["--help"])
        if help.status != 0 { problems.append("--help exited with \(help.status)") }
        problems += mentions.filter { !help.output.contains($0) }.map { "usage lacks \($0)" }
        let refused = try ExecutableRun(name, arguments + bad)
        if refused.status != 2 { problems.append("\(bad) exited with \(refused.status)") }
        if !refused.output.isEmpty { problems.append("\(bad) wrote to standard output") }
        if refused.errors != report { problems.append("\(bad) wrote '\(refused.errors)'") }
        return problems
    }
}
