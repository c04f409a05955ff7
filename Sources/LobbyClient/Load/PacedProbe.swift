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
        let connection = try LobbyConnection.connect(host: address.host, port: address.port)
        connection.start { _ in }
        defer { connection.close() }
        _ = try connection.call(.ping)
        let interval = 1.0 / Double(rate)
        let start = Date()
        var latencies = LatencyRecorder()
        var errors = 0
        var sent = 0
        while Date().timeIntervalSince(start) < seconds {
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
