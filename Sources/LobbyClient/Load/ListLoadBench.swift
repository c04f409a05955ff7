import Foundation
import LobbyProtocol
import Locking

/// `bench --mode list-load`: `help` latency while the lobby lists many tables to several
/// connections many times a second. `list` answers from descriptions the tables pushed, so
/// neither request should wait on a table.
enum ListLoadBench {
    static func run(_ options: BenchOptions) throws(ClientError) -> BenchReport {
        let tag = String(getpid() % 10_000)
        var creators: [RawLineSocket] = []
        var listers: [RawLineSocket] = []
        defer {
            for creator in creators { creator.send(#"{"type":"leave"}"#) }
            (creators + listers).forEach { $0.close() }
        }
        for index in 0..<options.tables {
            let creator = try RawLineSocket(address: options.address)
            creators.append(creator)
            creator.send(#"{"type":"hello","name":"wait\#(tag)x\#(index)"}"#)
            creator.send(#"{"type":"create","name":"waiting \#(index)","turn_seconds":0}"#)
            let reply = try creator.readLine { $0.contains(#""type":"created""#) || isError($0) }
            if isError(reply) { throw .server(code: "create", message: reply) }
        }
        for index in 0..<options.listers {
            let lister = try RawLineSocket(address: options.address)
            lister.send(#"{"type":"hello","name":"list\#(tag)x\#(index)"}"#)
            _ = try lister.readLine { $0.contains(#""type":"welcome""#) }
            listers.append(lister)
        }
        let probe = try? ServerStatsProbe(address: options.address)
        defer { probe?.close() }
        let drain = LineDrain(listers.map(\.fd) + creators.map(\.fd))
        defer { drain.stop() }
        let stop = ListerStop()
        let group = DispatchGroup()
        for lister in listers {
            group.enter()
            let thread = Thread {
                sendLists(lister, rate: options.listRate, until: stop)
                group.leave()
            }
            thread.start()
        }
        let started = Date()
        let measured = Result { () throws(ClientError) in
            try PacedProbe.run(
                .help, rate: options.probeRate, seconds: options.seconds,
                address: options.address)
        }
        stop.set()
        group.wait()
        let seconds = Date().timeIntervalSince(started)
        let (latencies, errors) = try measured.get()
        return PacedProbe.report(
            .listLoad, latencies: latencies, errors: errors, seconds: seconds,
            tables: options.tables, backgroundLines: drain.stop(), server: probe?.figures())
    }

    static func isError(_ line: String) -> Bool { line.contains(#""type":"error""#) }

    /// Sends `list` at a steady rate until told to stop.
    private static func sendLists(_ lister: RawLineSocket, rate: Int, until stop: ListerStop) {
        let interval = 1.0 / Double(rate)
        let start = Date()
        var sent = 0
        while !stop.isSet {
            let wait = start.addingTimeInterval(Double(sent) * interval).timeIntervalSinceNow
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
            guard lister.send(#"{"type":"list"}"#) else { return }
            sent += 1
        }
    }
}

/// A flag the measuring thread sets to end the background threads.
final class ListerStop: Sendable {
    private let flag = Locked(false)

    var isSet: Bool { flag.value }

    func set() { flag.withLock { $0 = true } }
}
