import CardGames
import CommandOptions
import Foundation
import LobbyProtocol

/// Options of `killsoak`.
public struct KillSoakOptions: Equatable, Sendable {
    /// The `bigtwo-server` executable to run, kill and restart.
    public var server: String
    /// The server's data directory (created if missing).
    public var dataDirectory: String
    /// SIGKILLs to send.
    public var kills: Int
    /// The mean time between a start and the next kill, in milliseconds; each wait is drawn
    /// between half and one and a half times it.
    public var intervalMilliseconds: Int
    /// The server's pause before bot moves (`--bot-delay-ms`).
    public var botDelayMilliseconds: Int
    /// The server's journal compaction size (`--journal-compact-kb`), or nil for its default.
    public var journalCompactKilobytes: Int?
    /// The soak played meanwhile (its address is filled in once the server listens).
    public var soak: SoakOptions

    /// Creates options directly.
    public init(
        server: String, dataDirectory: String, kills: Int = 10,
        intervalMilliseconds: Int = 1_500, botDelayMilliseconds: Int = 10,
        journalCompactKilobytes: Int? = nil, soak: SoakOptions
    ) throws(ClientError) {
        guard kills > 0, intervalMilliseconds > 0 else {
            throw .usage("--kills and --interval-ms must be positive")
        }
        self.server = server
        self.dataDirectory = dataDirectory
        self.kills = kills
        self.intervalMilliseconds = intervalMilliseconds
        self.botDelayMilliseconds = botDelayMilliseconds
        self.journalCompactKilobytes = journalCompactKilobytes
        self.soak = soak
    }

    /// The server executable beside this program's own.
    static var siblingServer: String {
        let own = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        return own.deletingLastPathComponent().appendingPathComponent("bigtwo-server").path
    }

    /// What the `killsoak` flags say, before the options are checked as a whole.
    struct Flags: Sendable {
        var server = KillSoakOptions.siblingServer
        var dataDirectory = ""
        var kills = 10
        var interval = 1_500
        var botDelay = 10
        var compactKilobytes: Int?
        var clients = 16
        var games = 400
        var tables: Int?
        var seed: UInt64 = 1
        var timeout = 600
    }

    /// Every option of `killsoak`.
    static let options: [Option<Flags>] = [
        .value(
            "server", .string("PATH"), at: \.server,
            help: "the bigtwo-server executable (default: the one beside this program)"),
        .value(
            "data-dir", .string("DIR"), at: \.dataDirectory,
            help: "the server's data directory (required; created if missing)"),
        .value("kills", .count(minimum: 1), at: \.kills, help: "SIGKILLs to send"),
        .value(
            "interval-ms", .count("MS", minimum: 1), at: \.interval,
            help: "mean time from a start to the next kill (each wait is 0.5x to 1.5x it)"),
        .value(
            "bot-delay-ms", .count("MS"), at: \.botDelay,
            help: "the server's pause before bot moves"),
        .value(
            "journal-compact-kb", .count("KB", minimum: 1), at: \.compactKilobytes,
            unset: "the server's default", help: "the server's journal compaction size"),
        .value(
            "clients", short: "c", .count(minimum: 1), at: \.clients,
            help: "soak connections to open"),
        .value(
            "games", short: "g", .count(minimum: 1), at: \.games,
            help: "deals to play in total"),
        .value(
            "tables", .count(minimum: 1), at: \.tables, unset: "one per four clients",
            help: "tables to spread the clients over"),
        .value("seed", .seed(), at: \.seed, help: "seed of the bots' choices"),
        .value(
            "timeout", .count("S", minimum: 1), at: \.timeout,
            help: "give up on the soak after this many seconds"),
    ]

    /// The `killsoak` command.
    static let command = Command(
        name: "\(ClientCommand.program) killsoak",
        summary: "Crash test: runs the server, kill -9s and restarts it on the same data "
            + "directory at random moments while soak clients play and resume; then checks "
            + "that every announced deal has exactly one record and that verify passes. "
            + "Exits 1 on any failure.",
        arguments: [], options: options)

    /// Parses the options of `killsoak`.
    static func parse(_ arguments: [String], environment: [String: String])
        throws(UsageError) -> ClientCommand
    {
        try command.clientCommand(arguments, environment: environment, defaults: Flags()) {
            flags throws(UsageError) in
            guard !flags.dataDirectory.isEmpty else {
                throw command.failure("--data-dir is required")
            }
            do throws(ClientError) {
                let soak = try SoakOptions(
                    clients: flags.clients, games: flags.games, tables: flags.tables,
                    seed: flags.seed, timeout: Double(flags.timeout))
                return .killSoak(
                    try KillSoakOptions(
                        server: flags.server, dataDirectory: flags.dataDirectory,
                        kills: flags.kills, intervalMilliseconds: flags.interval,
                        botDelayMilliseconds: flags.botDelay,
                        journalCompactKilobytes: flags.compactKilobytes, soak: soak))
            } catch {
                throw command.failure(error.description)
            }
        }
    }
}
