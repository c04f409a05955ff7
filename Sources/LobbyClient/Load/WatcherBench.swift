import Foundation
import LobbyProtocol

/// `bench --mode watchers`: `ping` latency while many connections watch one busy all-bot
/// table (at the server's bot delay), reading what it sends them or, with
/// `--stalled-watchers`, never reading it. Watchers the table refuses (past its cap) are
/// counted in the report's errors.
enum WatcherBench {
    static func run(_ options: BenchOptions) throws(ClientError) -> BenchReport {
        let tag = String(getpid() % 10_000)
        let owner = try RawLineSocket(address: options.address)
        defer { owner.close() }
        owner.send(#"{"type":"hello","name":"busy\#(tag)"}"#)
        owner.send(#"{"type":"create","all_bots":true,"games":1000000,"name":"busy"}"#)
        let reply = try owner.readLine {
            $0.contains(#""type":"created""#) || ListLoadBench.isError($0)
        }
        guard case .created(let notice)? = (try? ServerMessageDecoder().decode(reply))?.event
        else { throw .server(code: "create", message: reply) }
        let watchers = try BenchSessions.logIn(options.watchers, prefix: "see\(tag)x", at: options)
        defer { watchers.forEach { $0.close() } }
        var refused = 0
        for watcher in watchers {
            watcher.send(#"{"type":"watch","table":\#(notice.table.id)}"#)
            let answer = try watcher.readLine {
                $0.contains(#""type":"watching""#) || ListLoadBench.isError($0)
            }
            if ListLoadBench.isError(answer) { refused += 1 }
        }
        let probe = try? ServerStatsProbe(address: options.address)
        defer { probe?.close() }
        let drain = LineDrain(options.stalledWatchers ? [owner.fd] : [owner.fd] + watchers.map(\.fd))
        defer { _ = drain.stop() }
        let started = Date()
        let (latencies, errors) = try PacedProbe.run(
            .ping, rate: options.probeRate, seconds: options.seconds, address: options.address)
        return PacedProbe.report(
            .watchers, latencies: latencies, errors: errors + refused,
            seconds: Date().timeIntervalSince(started), tables: 1,
            backgroundLines: drain.stop(), server: probe?.figures())
    }
}
