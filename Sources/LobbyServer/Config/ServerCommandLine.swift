/// Reads the server's flags and environment variables.
///
/// Flags win over environment variables, which win over the defaults of
/// ``ServerConfiguration``.
public enum ServerCommandLine {
    /// What the command line asks for.
    public enum Command: Sendable, Equatable {
        /// Run a server with this configuration.
        case run(ServerConfiguration)
        /// Print ``usage`` and exit successfully.
        case help
    }

    /// A command line that cannot be obeyed; `message` says why, for people.
    public struct Failure: Error, Sendable, Equatable {
        /// What is wrong, naming the flag or variable.
        public let message: String
    }

    /// The text printed by `--help`.
    public static let usage = """
        usage: bigtwo-server [options]

          --host HOST          address to listen on (default 0.0.0.0)        BIGTWO_HOST
          --port PORT          TCP port, 0 for any free port (default 7777)  BIGTWO_PORT
          --seed N             master seed for reproducible deals            BIGTWO_SEED
                               (decimal or 0x hex; default: secure random)
          --bot-delay-ms MS    pause before bot moves (default 800)          BIGTWO_BOT_DELAY_MS
          --max-clients N      clients served at once (default 1000)         BIGTWO_MAX_CLIENTS
          --log-level LEVEL    debug, info, warning or error (default info)  BIGTWO_LOG_LEVEL
          --data-dir DIR       directory of the game log, created if missing BIGTWO_DATA_DIR
                               (default ./data)
          --log-segment-mb MB  size at which the game log starts its next    BIGTWO_LOG_SEGMENT_MB
                               segment file (default 64)
          --turn-seconds S     seconds per turn at tables with people,       BIGTWO_TURN_SECONDS
                               0 for no timer (default 60)
          --reconnect-seconds S  how long a dropped player's seat waits      BIGTWO_RECONNECT_SECONDS
                               before the bot keeps it for the match (default 300)
          --request-rate N     requests per second one connection may send   BIGTWO_REQUEST_RATE
                               on average, bursts of 2N (default 2000)
          --help               show this text
        """

    private struct Option: Sendable {
        let flag: String
        let variable: String
        let apply: @Sendable (inout ServerConfiguration, String, String) throws(Failure) -> Void
    }

    /// The game log directory used when neither the flag nor the variable names one.
    public static let defaultDataDirectory = "data"

    private static let options: [Option] = [
        Option(flag: "--host", variable: "BIGTWO_HOST") { config, value, name throws(Failure) in
            guard !value.isEmpty else { throw Failure(message: "\(name) needs a host") }
            config.host = value
        },
        Option(flag: "--port", variable: "BIGTWO_PORT") { config, value, name throws(Failure) in
            guard let port = UInt16(value) else {
                throw Failure(message: "\(name) must be a port number 0-65535, not '\(value)'")
            }
            config.port = port
        },
        Option(flag: "--seed", variable: "BIGTWO_SEED") { config, value, name throws(Failure) in
            config.masterSeed = try seed(value, name: name)
        },
        Option(flag: "--bot-delay-ms", variable: "BIGTWO_BOT_DELAY_MS") {
            config, value, name throws(Failure) in
            config.botDelayMilliseconds = try count(value, name: name, minimum: 0)
        },
        Option(flag: "--max-clients", variable: "BIGTWO_MAX_CLIENTS") {
            config, value, name throws(Failure) in
            config.maxClients = try count(value, name: name, minimum: 1)
        },
        Option(flag: "--log-level", variable: "BIGTWO_LOG_LEVEL") {
            config, value, name throws(Failure) in
            guard let level = LogLevel(rawValue: value.lowercased()) else {
                throw Failure(
                    message: "\(name) must be debug, info, warning or error, not '\(value)'")
            }
            config.logLevel = level
        },
        Option(flag: "--data-dir", variable: "BIGTWO_DATA_DIR") {
            config, value, name throws(Failure) in
            guard !value.isEmpty else { throw Failure(message: "\(name) needs a directory") }
            config.dataDirectory = value
        },
        Option(flag: "--log-segment-mb", variable: "BIGTWO_LOG_SEGMENT_MB") {
            config, value, name throws(Failure) in
            config.logSegmentMegabytes = try count(value, name: name, minimum: 1)
        },
        Option(flag: "--turn-seconds", variable: "BIGTWO_TURN_SECONDS") {
            config, value, name throws(Failure) in
            config.turnSeconds = try count(value, name: name, minimum: 0)
        },
        Option(flag: "--reconnect-seconds", variable: "BIGTWO_RECONNECT_SECONDS") {
            config, value, name throws(Failure) in
            config.reconnectSeconds = try count(value, name: name, minimum: 0)
        },
        Option(flag: "--request-rate", variable: "BIGTWO_REQUEST_RATE") {
            config, value, name throws(Failure) in
            config.requestsPerSecond = try count(value, name: name, minimum: 1)
            config.requestBurst = config.requestsPerSecond * 2
        },
    ]

    /// Parses `arguments` (without the program name) over `environment`.
    public static func parse(arguments: [String], environment: [String: String])
        throws(Failure) -> Command
    {
        var config = ServerConfiguration(dataDirectory: defaultDataDirectory)
        for option in options {
            if let value = environment[option.variable] {
                try option.apply(&config, value, option.variable)
            }
        }
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--help" || argument == "-h" { return .help }
            var flag = argument
            var value: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                flag = String(argument[..<equals])
                value = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.flag == flag }) else {
                throw Failure(message: "unknown option '\(argument)' (try --help)")
            }
            if value == nil {
                guard index < arguments.count else {
                    throw Failure(message: "\(flag) needs a value")
                }
                value = arguments[index]
                index += 1
            }
            try option.apply(&config, value ?? "", flag)
        }
        return .run(config)
    }

    private static func count(_ text: String, name: String, minimum: Int) throws(Failure) -> Int {
        guard let value = Int(text), value >= minimum else {
            throw Failure(message: "\(name) must be a whole number ≥ \(minimum), not '\(text)'")
        }
        return value
    }

    private static func seed(_ text: String, name: String) throws(Failure) -> UInt64 {
        let lower = text.lowercased()
        let value =
            lower.hasPrefix("0x") ? UInt64(lower.dropFirst(2), radix: 16) : UInt64(lower)
        guard let value else {
            throw Failure(message: "\(name) must be a 64-bit number (decimal or 0x hex)")
        }
        return value
    }
}
