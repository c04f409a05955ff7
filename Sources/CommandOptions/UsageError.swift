/// A command line that cannot be obeyed. The executables print it in one format on standard
/// error and exit with status 2.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The program (and subcommand) whose command line was wrong, e.g. `bigtwo-client soak`.
    public let program: String
    /// What is wrong, naming the flag, variable or argument.
    public let message: String

    /// The exit status for a usage error.
    public static let exitStatus: Int32 = 2

    /// A usage error of `program`.
    public init(program: String, message: String) {
        self.program = program
        self.message = message
    }

    public var description: String { "\(program): \(message)" }

    /// The text for standard error: the message and where to find the usage, each on a line.
    public var report: String { "\(description)\nRun '\(program) --help' for usage.\n" }
}
