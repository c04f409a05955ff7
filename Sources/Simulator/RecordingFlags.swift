import CommandOptions

/// The `bigtwo-sim` flags that write or measure a game log, taken out of the command line
/// before the simulation's own flags are read.
public struct RecordingFlags: Sendable, Equatable {
    /// `--record PATH`: write the games as a game log (a data directory, or one `.jsonl` file).
    public var recordPath: String?
    /// `--record-people N`: seat N made-up people instead of the bots, so the log's
    /// leaderboards have rows.
    public var people: Int?
    /// `--bench-log DIR`: measure the durable group-commit writer in DIR instead of simulating.
    public var benchDirectory: String?
    /// `--bench-writers N`: tables appending at once in the benchmark (default 64).
    public var benchWriters = 64
    /// `--bench-queries DIR`: time opening the log in DIR and answering queries.
    public var queryDirectory: String?

    /// The usage lines of these flags.
    public static let usage = """
          --record PATH    write the games as a game log that verify accepts, instead of the
                           report: PATH is a data directory (segments and index checkpoint,
                           ready for bigtwo-server --data-dir) or a .jsonl file
          --record-people N  seat N made-up people (person-000001, ...) in the recorded
                           games instead of the bots' names, so leaderboards have rows
          --bench-log DIR  measure the game log's durable group-commit writer in DIR (records
                           per second, fsyncs, processor time) instead of simulating
          --bench-writers N  tables appending at once in --bench-log (default 64)
          --bench-queries DIR  time opening the game log in DIR and answering history,
                           leaderboard and record queries
        """

    /// Splits `arguments` into these flags and the rest.
    public static func extract(from arguments: [String]) throws(UsageError)
        -> (flags: RecordingFlags, rest: [String])
    {
        var flags = RecordingFlags()
        var rest: [String] = []
        var index = 0
        while index < arguments.count {
            var flag = arguments[index]
            var inline: String?
            if flag.hasPrefix("--"), let equals = flag.firstIndex(of: "=") {
                inline = String(flag[flag.index(after: equals)...])
                flag = String(flag[..<equals])
            }
            index += 1
            let known = [
                "--record", "--record-people", "--bench-log", "--bench-writers", "--bench-queries",
            ]
            guard known.contains(flag) else {
                rest.append(arguments[index - 1])
                continue
            }
            let value: String
            if let inline {
                value = inline
            } else {
                guard index < arguments.count else {
                    throw UsageError(program: "bigtwo-sim", message: "\(flag) needs a value")
                }
                value = arguments[index]
                index += 1
            }
            switch flag {
            case "--record": flags.recordPath = try nonEmpty(value, flag: flag)
            case "--record-people": flags.people = try positive(value, flag: flag)
            case "--bench-log": flags.benchDirectory = try nonEmpty(value, flag: flag)
            case "--bench-queries": flags.queryDirectory = try nonEmpty(value, flag: flag)
            default: flags.benchWriters = try positive(value, flag: flag)
            }
        }
        return (flags, rest)
    }

    private static func nonEmpty(_ value: String, flag: String) throws(UsageError)
        -> String
    {
        guard !value.isEmpty else {
            throw UsageError(program: "bigtwo-sim", message: "\(flag) needs a path")
        }
        return value
    }

    private static func positive(_ value: String, flag: String) throws(UsageError) -> Int {
        guard let number = Int(value), number >= 1 else {
            throw UsageError(
                program: "bigtwo-sim", message: "\(flag) must be a whole number ≥ 1, not '\(value)'")
        }
        return number
    }
}
