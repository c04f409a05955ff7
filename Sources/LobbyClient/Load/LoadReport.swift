import Foundation
import LobbyProtocol
import WireJSON

/// The summary `soak` prints as its last line.
public struct SoakReport: Codable, Sendable, Equatable {
    /// Connections opened.
    public var clients: Int
    /// Tables used.
    public var tables: Int
    /// Deals finished and checked.
    public var games: Int
    /// Wall-clock duration.
    public var seconds: Double
    /// Deals per second.
    public var gamesPerSecond: Double
    /// Lines received by all clients.
    public var messages: Int
    /// Request-to-reply latency.
    public var latencyMs: LatencySummary
    /// Error replies received.
    public var errors: Int
    /// Invariant violations found.
    public var violations: Int
    /// Connections lost unexpectedly.
    public var disconnects: Int
    /// True when every table finished its deals in time.
    public var completed: Bool
    /// The server's own figures over the run, from `stats` (nil when it did not answer).
    public var server: ServerFigures?
    /// This process's own cost over the run: every client, its reader threads and checks.
    public var client: ClientFigures?
    /// The server's resident set over the run, with `--rss-every`.
    public var rss: RSSFigures?

    /// True when the run is clean: complete, no violation, no disconnect.
    public var passed: Bool { completed && violations == 0 && disconnects == 0 }
}

/// The summary `bench` prints as its last line.
public struct BenchReport: Codable, Sendable, Equatable {
    /// Connections used.
    public var clients: Int
    /// Wall-clock duration.
    public var seconds: Double
    /// Round trips completed.
    public var requests: Int
    /// Round trips per second.
    public var requestsPerSecond: Double
    /// Round-trip latency.
    public var latencyMs: LatencySummary
    /// Requests that failed.
    public var errors: Int
    /// What was measured: `ping`, `list-load` (the latency is `help`'s) or `canary`.
    public var mode: String = BenchMode.ping.rawValue
    /// Tables set up for the run (list-load and canary).
    public var tables: Int?
    /// Replies the background connections received (`tables` lists or watched events).
    public var backgroundLines: Int?
    /// The server's own figures over the run, from `stats` (nil when it did not answer).
    public var server: ServerFigures?
    /// How long each new session's `hello` took (hello).
    public var helloLatencyMs: LatencySummary?
    /// Sessions held before measuring (hello).
    public var held: Int?
    /// Fuzz lines sent (fuzz).
    public var fuzzLines: Int?
    /// The server's memory and threads with the idle sessions held (idle); then `requests`
    /// counts the sessions that said hello and `requests_per_second` how fast they did.
    public var idle: IdleFigures?
}

/// Encodes reports as one JSON line with sorted snake_case keys.
enum ReportLine {
    static func text(_ report: some Encodable) -> String {
        let data = (try? WireCodec.makeEncoder().encode(report)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self)
    }
}
