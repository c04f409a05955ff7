import Foundation
import LobbyProtocol
import Locking

/// `bench --mode hello`: how long a `hello` takes beside many held sessions, and `help`
/// latency meanwhile. First `--held` sessions say `hello` and leave (the server holds each
/// for its seatless time, so give it `--held-sessions` and `--seatless-seconds` to match);
/// then new sessions say `hello` `--hello-rate` times a second while a probe sends `help`.
enum HelloBench {
    static func run(_ options: BenchOptions) throws(ClientError) -> BenchReport {
        let tag = String(getpid() % 10_000)
        let threads = 8
        let failures = Counter()
        let group = DispatchGroup()
        for part in 0..<threads {
            group.enter()
            Thread {
                var index = part
                while index < options.held {
                    if (try? hello(name: "held\(tag)x\(index)", at: options)) == nil {
                        failures.increment()
                    }
                    index += threads
                }
                group.leave()
            }.start()
        }
        group.wait()
        let probe = try? ServerStatsProbe(address: options.address)
        defer { probe?.close() }
        let helloLatencies = LockedLatencies()
        let (latencies, errors, seconds) = try PacedProbe.run(.help, options: options) {
            _, stop in
            PacedProbe.paced(rate: Double(options.helloRate), until: stop) { sent in
                if let took = try? hello(name: "new\(tag)x\(sent)", at: options) {
                    helloLatencies.record(took)
                } else {
                    failures.increment()
                }
            }
        }
        var report = PacedProbe.report(
            .hello, latencies: latencies, errors: errors + failures.value, seconds: seconds,
            tables: 0, backgroundLines: 0, server: probe?.figures())
        report.helloLatencyMs = helloLatencies.summary
        report.held = options.held
        return report
    }

    /// Connects, says `hello` as `name` and leaves; returns the milliseconds the `hello` took.
    static func hello(name: String, at options: BenchOptions) throws(ClientError)
        -> Double
    {
        let socket = try RawLineSocket(address: options.address)
        defer { socket.close() }
        // Sent at once, without waiting for the greeting: a server sharing its port with
        // browsers greets a silent client only after a wait, and greets this one first anyway.
        let before = DispatchTime.now().uptimeNanoseconds
        socket.send(#"{"type":"hello","name":"\#(name)"}"#)
        let greeting = try socket.readLine()
        guard greeting.contains(#""type":"greeting""#) else {
            throw .server(code: "greeting", message: greeting)
        }
        let reply = try socket.readLine()
        guard reply.contains(#""type":"welcome""#) else {
            throw .server(code: "hello", message: reply)
        }
        return Double(DispatchTime.now().uptimeNanoseconds - before) / 1_000_000
    }
}

/// Latencies recorded from several threads.
final class LockedLatencies: Sendable {
    private let recorder = Locked(LatencyRecorder())

    func record(_ milliseconds: Double) { recorder.withLock { $0.record(milliseconds) } }

    var summary: LatencySummary { recorder.withLock { $0.summary } }
}
