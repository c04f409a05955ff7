import CardGames
import Foundation
import LobbyProtocol

/// `bigtwo-client soak`: many autoplaying clients at many tables, every deal verified and
/// every message checked against the rules. Clients whose connection drops (the server
/// restarting, say) reconnect and resume their seats by themselves.
public enum SoakCommand {
    /// Runs the soak and prints the report as the last line of `output`; returns the exit
    /// status (0 only for a clean, complete run).
    public static func run(_ options: SoakOptions, output: TextOutput, progress: TextOutput)
        -> Int32
    {
        do {
            let report = try soak(options, progress: progress)
            if !report.passed { output.line(failureLine(report)) }
            output.line(ReportLine.text(report))
            return report.passed ? 0 : 1
        } catch {
            // Whoever reads only the standard output still learns why, in words and in JSON.
            output.line("soak failed: \(error.description)")
            output.line(ReportLine.text(SoakFailure(error: error.description)))
            return 1
        }
    }

    /// The one line that says why a finished run did not pass.
    static func failureLine(_ report: SoakReport) -> String {
        var reasons: [String] = []
        if !report.completed { reasons.append("\(report.games) deals not all completed") }
        if report.violations > 0 { reasons.append("\(report.violations) rule violations") }
        if report.disconnects > 0 { reasons.append("\(report.disconnects) disconnects") }
        return "soak failed: " + reasons.joined(separator: ", ")
    }

    /// The JSON line of a run that could not go on: `{"error":"…","passed":false}`.
    struct SoakFailure: Encodable {
        var error: String
        var passed = false
    }

    /// A tag for this run's player names, so that a second soak started while the first
    /// one's sessions are still held takes names of its own: `soak-3f2a0c-0`.
    static func runTag() -> String {
        String(UInt32.random(in: 0...0xFF_FFFF), radix: 16)
    }

    /// Runs the soak and returns its report; violations are written to `progress`. Every
    /// message each client applies is also passed to `observer`.
    public static func soak(
        _ options: SoakOptions, progress: TextOutput, observer: ClientSession.Observer? = nil
    ) throws(ClientError) -> SoakReport {
        guard options.games >= options.tables else {
            throw .usage("--games must be at least --tables (each table plays one deal or more)")
        }
        let level = BotLevel(rawValue: options.bots) ?? .greedy
        let probe = try? ServerStatsProbe(address: options.address)
        defer { probe?.close() }
        if probe == nil { progress.line("soak: the server does not answer stats") }
        let started = Date()
        let clock = ProcessClock.now()
        let readers = ReaderGroup.shared(threads: options.readers)
        var tables: [(sessions: [ClientSession], games: Int)] = []
        defer { tables.flatMap(\.sessions).forEach { $0.close() } }
        var clientIndex = 0
        let tag = runTag()
        for table in 0..<options.tables {
            let clients = share(options.clients, of: options.tables, index: table)
            let games = share(options.games, of: options.tables, index: table)
            var sessions: [ClientSession] = []
            for _ in 0..<clients {
                let player = AutoPlayer(level: level, seed: options.seed &+ UInt64(clientIndex))
                let session = ClientSession(
                    address: options.address, name: "soak-\(tag)-\(clientIndex)", autoplayer: player,
                    observer: observer)
                session.reconnectPolicy = ReconnectPolicy(window: options.reconnectWindow)
                session.readers = readers
                session.webSocket = options.webSocket
                session.keepsRecentActions = false
                session.onReconnect { [name = session.name] event in
                    progress.line("soak: \(name): \(event)")
                }
                try session.connect()
                sessions.append(session)
                clientIndex += 1
            }
            try seat(
                sessions, games: games, bots: options.bots,
                kind: options.kind)
            tables.append((sessions, games))
        }
        progress.line("soak: \(clientIndex) clients at \(tables.count) tables")
        let churn = SessionChurn(rate: options.churn, address: options.address)
        defer { churn.stop() }
        let deadline = started.addingTimeInterval(options.timeout)
        var lastReport = Date()
        var lastRSS = Date()
        var rssSamples: [Int] = []
        var completed = true
        for table in tables {
            for session in table.sessions {
                while !session.wait(timeout: 1, until: { $0.matchOver }) {
                    // A client that gave up reconnecting, or came back as a new session
                    // without its seat, cannot finish its table.
                    let lost = session.state.seat == nil && session.disconnects > 0
                    if Date() > deadline || session.isFinished || lost {
                        completed = false
                        break
                    }
                    if Date().timeIntervalSince(lastReport) >= 1 {
                        lastReport = Date()
                        let stats = probe?.sample()
                        let done = tables.map { $0.sessions[0].state.finishedGames }.reduce(0, +)
                        progress.line("soak: \(done)/\(options.games) deals")
                        if options.rssEvery > 0, let stats,
                            Date().timeIntervalSince(lastRSS) >= Double(options.rssEvery)
                        {
                            lastRSS = Date()
                            rssSamples.append(stats.rssBytes)
                            progress.line(
                                Self.rssLine(stats, at: rssSamples.count * options.rssEvery))
                        }
                    }
                }
            }
        }
        let seconds = Date().timeIntervalSince(started)
        let cost = ProcessClock.now()
        let server = probe?.figures()
        var latencies = LatencyRecorder()
        var messages = 0, errors = 0, violations = 0, disconnects = 0, games = 0
        for table in tables {
            games += table.sessions.map { $0.state.finishedGames }.max() ?? 0
            for session in table.sessions {
                let traffic = session.traffic
                latencies.merge(traffic.latencies)
                messages += traffic.messages
                errors += session.errors
                disconnects += session.disconnects
                let found = session.state.violations
                violations += found.count
                found.prefix(5).forEach { progress.line("violation (\(session.name)): \($0)") }
            }
        }
        return SoakReport(
            clients: clientIndex, tables: tables.count, games: games, seconds: seconds,
            gamesPerSecond: seconds > 0 ? Double(games) / seconds : 0, messages: messages,
            latencyMs: latencies.summary, errors: errors, violations: violations,
            disconnects: disconnects, completed: completed && games >= options.games,
            server: server,
            client: ClientFigures(from: clock, to: cost, deals: games, messages: messages),
            rss: options.rssEvery > 0
                ? RSSFigures(samples: rssSamples, everySeconds: options.rssEvery) : nil)
    }

    /// A progress line with the server's resident set: `soak: 60 s: rss 31.2 MB, …`.
    static func rssLine(_ stats: StatsReply, at seconds: Int) -> String {
        let megabytes = Double(stats.rssBytes) / 1_048_576
        return "soak: \(seconds) s: rss \(String(format: "%.1f", megabytes)) MB, "
            + "\(stats.dealsFinished) deals finished, \(stats.sessions) sessions held, "
            + "\(stats.connections) connections"
    }

    /// Part `index` of `total` split into `parts` nearly equal shares.
    static func share(_ total: Int, of parts: Int, index: Int) -> Int {
        total / parts + (index < total % parts ? 1 : 0)
    }

    /// The first session creates the table, the others join it, then the first starts it.
    private static func seat(
        _ sessions: [ClientSession], games: Int, bots: String, kind: TableKind
    ) throws(ClientError) {
        var create = CreateTable(
            kind: kind, name: "soak", bots: bots, games: games, turnSeconds: 0)
        if kind.choosesSeatCount { create.seats = sessions.count }
        let created = try sessions[0].call(.create(create))
        guard case .created(let notice) = created.event else { throw unexpected(created) }
        for session in sessions.dropFirst() {
            let reply = try session.call(.join(table: notice.table.id, seat: nil))
            guard case .joined = reply.event else { throw unexpected(reply) }
        }
        let reply = try sessions[0].call(.start)
        if case .error = reply.event { throw unexpected(reply) }
    }

    private static func unexpected(_ message: ServerMessage) -> ClientError {
        if case .error(let error) = message.event {
            return .server(code: error.code.rawValue, message: error.message)
        }
        return .server(code: "unexpected", message: "unexpected reply \(message.event.type)")
    }
}
