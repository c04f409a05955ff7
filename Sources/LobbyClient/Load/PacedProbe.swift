import Foundation
import LobbyProtocol

/// Sends one request at a steady rate on its own connection and records each round trip:
/// the latency a lone, light client sees while the server is under some other load.
enum PacedProbe {
    /// Runs for `seconds`, sending `request` `rate` times a second (the next one goes as soon
    /// as the last is answered when the server falls behind). Returns the round trips and the
    /// number of failed requests.
    static func run(
        _ request: ClientRequest, rate: Int, seconds: Double, address: ServerAddress
    ) throws(ClientError) -> (latencies: LatencyRecorder, errors: Int) {
        try run(request, rate: rate, address: address) { _, elapsed in elapsed >= seconds }
    }

    /// Like ``run(_:rate:seconds:address:)``, until `done` holds: it is asked before each
    /// request, with the requests answered so far and the seconds since the first was sent.
    static func run(
        _ request: ClientRequest, rate: Int, address: ServerAddress,
        until done: (_ answered: Int, _ elapsed: Double) -> Bool
    ) throws(ClientError) -> (latencies: LatencyRecorder, errors: Int) {
        let connection = try LobbyConnection.connect(host: address.host, port: address.port)
        connection.start { _ in }
        defer { connection.close() }
        // Logged in, so that a run longer than the server's hello time is not cut short.
        let name = "probe\(getpid() % 100_000)x\(Int.random(in: 0..<1_000_000))"
        _ = try connection.call(.hello(name: name, token: nil))
        let interval = 1.0 / Double(rate)
        let start = Date()
        var latencies = LatencyRecorder()
        var errors = 0
        var sent = 0
        while !done(latencies.samples.count, Date().timeIntervalSince(start)) {
            let due = start.addingTimeInterval(Double(sent) * interval)
            let wait = due.timeIntervalSinceNow
            if wait > 0 { usleep(UInt32(wait * 1_000_000)) }
            sent += 1
            let before = DispatchTime.now().uptimeNanoseconds
            guard let reply = try? connection.call(request), reply.event.type != "error" else {
                errors += 1
                continue
            }
            latencies.record(Double(DispatchTime.now().uptimeNanoseconds - before) / 1_000_000)
        }
        return (latencies, errors)
    }

    /// Probes with `request` for the options' time while `background` runs on threads of its
    /// own, `threads` of them, each told its number; the stop is set once the probe is done,
    /// and the background is waited for. Returns the round trips, the failed requests and
    /// the seconds measured.
    static func run(
        _ request: ClientRequest, options: BenchOptions, threads: Int = 1,
        beside background: @escaping @Sendable (_ thread: Int, ListerStop) -> Void
    ) throws(ClientError) -> (latencies: LatencyRecorder, errors: Int, seconds: Double) {
        let stop = ListerStop()
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            Thread {
                background(thread, stop)
                group.leave()
            }.start()
        }
        let started = Date()
        let measured = Result { () throws(ClientError) in
            try run(
                request, rate: options.probeRate, seconds: options.seconds,
                address: options.address)
        }
        stop.set()
        group.wait()
        let (latencies, errors) = try measured.get()
        return (latencies, errors, Date().timeIntervalSince(started))
    }

    /// Calls `body` with 0, 1, 2, … `rate` times a second until `stop` is set.
    static func paced(rate: Double, until stop: ListerStop, _ body: (Int) -> Void) {
        let start = Date()
        var sent = 0
        while !stop.isSet {
            let wait = start.addingTimeInterval(Double(sent) / rate).timeIntervalSinceNow
            if wait > 0 { usleep(UInt32(min(wait, 0.5) * 1_000_000)) }
            guard start.addingTimeInterval(Double(sent) / rate).timeIntervalSinceNow <= 0 else {
                continue
            }
            body(sent)
            sent += 1
        }
    }

    /// The report of a probe run in `mode` beside `tables` tables.
    static func report(
        _ mode: BenchMode, latencies: LatencyRecorder, errors: Int, seconds: Double,
        tables: Int, backgroundLines: Int, server: ServerFigures?
    ) -> BenchReport {
        let count = latencies.samples.count
        return BenchReport(
            clients: 1, seconds: seconds, requests: count,
            requestsPerSecond: seconds > 0 ? Double(count) / seconds : 0,
            latencyMs: latencies.summary, errors: errors, mode: mode.rawValue, tables: tables,
            backgroundLines: backgroundLines, server: server)
    }
}
