import Foundation
import LobbyProtocol

/// `bench --mode canary`: `ping` latency while many all-bot tables play, each sending its
/// events to a watcher. The tables play at the server's bot delay.
enum CanaryBench {
    /// Deals each all-bot table is asked to play: enough to stay busy for the whole run.
    static let gamesPerTable = 1_000

    static func run(_ options: BenchOptions) throws(ClientError) -> BenchReport {
        try run(options) { _, _, elapsed in elapsed >= options.seconds }
    }

    /// The canary until `done` holds: it is asked before each ping, with the pings answered
    /// so far, the lines the tables' owners and watchers received meanwhile, and the seconds
    /// since the first ping.
    static func run(
        _ options: BenchOptions,
        until done: (_ answered: Int, _ backgroundLines: Int, _ elapsed: Double) -> Bool
    ) throws(ClientError) -> BenchReport {
        let tag = String(getpid() % 10_000)
        var owners: [RawLineSocket] = []
        var watchers: [RawLineSocket] = []
        defer { (owners + watchers).forEach { $0.close() } }
        var tableIDs: [Int] = []
        var madeByOwner = 0
        while tableIDs.count < options.tables {
            if owners.isEmpty || madeByOwner < 0 {
                let owner = try RawLineSocket(address: options.address)
                owner.send(#"{"type":"hello","name":"own\#(tag)x\#(owners.count)"}"#)
                _ = try owner.readLine { $0.contains(#""type":"welcome""#) }
                owners.append(owner)
                madeByOwner = 0
            }
            let owner = owners[owners.count - 1]
            owner.send(
                #"{"type":"create","all_bots":true,"games":\#(gamesPerTable),"name":"canary"}"#)
            let reply = try owner.readLine {
                $0.contains(#""type":"created""#) || ListLoadBench.isError($0)
            }
            guard !ListLoadBench.isError(reply) else {
                // One player may run only so many all-bot tables: the next owner goes on.
                if madeByOwner == 0 { throw .server(code: "create", message: reply) }
                madeByOwner = -1
                continue
            }
            guard case .created(let notice)? = (try? ServerMessageDecoder().decode(reply))?.event
            else { throw .server(code: "create", message: reply) }
            tableIDs.append(notice.table.id)
            madeByOwner += 1
        }
        for (index, table) in tableIDs.enumerated() {
            let watcher = try RawLineSocket(address: options.address)
            watcher.send(#"{"type":"hello","name":"watch\#(tag)x\#(index)"}"#)
            watcher.send(#"{"type":"watch","table":\#(table)}"#)
            let reply = try watcher.readLine {
                $0.contains(#""type":"watching""#) || ListLoadBench.isError($0)
            }
            if ListLoadBench.isError(reply) { throw .server(code: "watch", message: reply) }
            watchers.append(watcher)
        }
        let probe = try? ServerStatsProbe(address: options.address)
        defer { probe?.close() }
        let drain = LineDrain((owners + watchers).map(\.fd))
        defer { drain.stop() }
        let started = Date()
        let (latencies, errors) = try PacedProbe.run(
            .ping, rate: options.probeRate, address: options.address
        ) { answered, elapsed in done(answered, drain.linesReceived, elapsed) }
        return PacedProbe.report(
            .canary, latencies: latencies, errors: errors,
            seconds: Date().timeIntervalSince(started), tables: tableIDs.count,
            backgroundLines: drain.stop(), server: probe?.figures())
    }
}
