import Foundation
import LobbyProtocol

/// `bench --mode idle`: what sessions that only stay connected cost the server. `--clients`
/// sessions say `hello` (over TCP lines, or with `--websocket` over WebSockets to `/ws`) and
/// then say nothing for `--seconds`, answering only the server's pings; the server's resident
/// set and thread count from `stats` before they connect and at the end are reported, with
/// the resident bytes per session. The sessions' connections are read by a few shared
/// threads, so the client side stays small too. A server must allow that many connections
/// from one address (`--max-per-address`, `--max-clients`).
enum IdleBench {
    /// Threads that read all the idle sessions' connections.
    static let readerThreads = 2

    static func run(_ options: BenchOptions) throws(ClientError) -> BenchReport {
        let probe = try ServerStatsProbe(address: options.address)
        defer { probe.close() }
        guard let before = probe.sample() else { throw .server(code: "stats", message: "none") }
        let tag = BenchCommand.runTag()
        let readers = ReaderGroup.shared(threads: readerThreads)
        var sessions: [ClientSession] = []
        defer { sessions.forEach { $0.close() } }
        var failures = 0
        let started = Date()
        for index in 0..<options.clients {
            let session = ClientSession(address: options.address, name: "idle\(tag)x\(index)")
            session.resumes = false
            session.keepsRecentActions = false
            session.readers = readers
            session.webSocket = options.webSocket
            do throws(ClientError) {
                try session.connect()
                sessions.append(session)
            } catch {
                failures += 1
            }
        }
        let connectSeconds = Date().timeIntervalSince(started)
        let holdUntil = Date().addingTimeInterval(options.seconds)
        var peakThreads = before.threads
        var last = probe.sample()
        while Date() < holdUntil {
            Thread.sleep(forTimeInterval: min(1, max(0, holdUntil.timeIntervalSinceNow)))
            if let sample = probe.sample() {
                peakThreads = max(peakThreads, sample.threads)
                last = sample
            }
        }
        guard let held = last else { throw .server(code: "stats", message: "none at the end") }
        // A session the server dropped while it was meant to be held (a missed pong, say).
        let dropped = sessions.filter { $0.isFinished || $0.disconnects > 0 }.count
        let seconds = Date().timeIntervalSince(started)
        var report = BenchReport(
            clients: options.clients, seconds: seconds, requests: sessions.count,
            requestsPerSecond: connectSeconds > 0 ? Double(sessions.count) / connectSeconds : 0,
            latencyMs: LatencySummary(p50: 0, p99: 0, max: 0), errors: failures + dropped,
            server: ServerFigures(before: before, after: held, peakThreads: peakThreads))
        report.mode = BenchMode.idle.rawValue
        report.idle = IdleFigures(
            sessions: sessions.count - dropped, webSocket: options.webSocket, before: before,
            held: held, peakThreads: peakThreads)
        return report
    }
}

/// What `bench --mode idle` found: the server's memory and threads with no session of the
/// bench's, and with its idle sessions held.
public struct IdleFigures: Codable, Sendable, Equatable {
    /// Sessions held to the end.
    public var sessions: Int
    /// True when they were WebSockets, false for TCP lines.
    public var webSocket: Bool
    /// The server's resident set before the sessions connected, and with them held.
    public var rssBeforeBytes: Int
    public var rssBytes: Int
    /// The growth of the resident set per session held (0 without sessions).
    public var rssPerSessionBytes: Int
    /// The server's threads before, with the sessions held, and the most seen meanwhile.
    public var threadsBefore: Int
    public var threads: Int
    public var peakThreads: Int
    /// Connections and WebSockets the server had open with the sessions held.
    public var connections: Int
    public var websocketsOpen: Int

    /// The figures from the `stats` taken before and with the sessions held.
    init(sessions: Int, webSocket: Bool, before: StatsReply, held: StatsReply, peakThreads: Int) {
        self.sessions = sessions
        self.webSocket = webSocket
        rssBeforeBytes = before.rssBytes
        rssBytes = held.rssBytes
        rssPerSessionBytes = sessions > 0 ? (held.rssBytes - before.rssBytes) / sessions : 0
        threadsBefore = before.threads
        threads = held.threads
        self.peakThreads = peakThreads
        connections = held.connections
        websocketsOpen = held.web?.websocketsOpen ?? 0
    }
}
