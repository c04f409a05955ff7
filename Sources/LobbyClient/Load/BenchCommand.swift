import Foundation
import LobbyProtocol
import Locking

/// `bigtwo-client bench`: closed-loop `ping` round trips from many connections, or a probe's
/// latency under list load or beside many busy tables (``BenchMode``).
public enum BenchCommand {
    /// Runs the bench and prints the report as the last line of `output`.
    public static func run(_ options: BenchOptions, output: TextOutput, progress: TextOutput)
        -> Int32
    {
        do {
            let report = try bench(options)
            output.line(ReportLine.text(report))
            return report.errors == 0 ? 0 : 1
        } catch {
            progress.line("bench failed: \(error.description)")
            return 1
        }
    }

    /// Runs the bench and returns its report.
    public static func bench(_ options: BenchOptions) throws(ClientError) -> BenchReport {
        switch options.mode {
        case .ping: try pings(options)
        case .listLoad: try ListLoadBench.run(options)
        case .canary: try CanaryBench.run(options)
        case .chat: try ChatLoadBench.run(options)
        case .watchers: try WatcherBench.run(options)
        case .hello: try HelloBench.run(options)
        case .fuzz: try FuzzBench.run(options)
        case .idle: try IdleBench.run(options)
        }
    }

    private static let runs = Locked(0)

    /// A tag for the names of one run's sessions, its own among this process's runs and
    /// (mostly) other processes': the server holds a finished run's names for resuming.
    static func runTag() -> String {
        let run = runs.withLock { count in
            count += 1
            return count
        }
        return "\(getpid() % 10_000)r\(run)"
    }

    /// Closed-loop pings from `options.clients` connections.
    private static func pings(_ options: BenchOptions) throws(ClientError) -> BenchReport {
        var sessions: [ClientSession] = []
        defer { sessions.forEach { $0.close() } }
        let tag = runTag()
        for index in 0..<options.clients {
            let session = ClientSession(address: options.address, name: "bench\(tag)x\(index)")
            session.resumes = false
            session.webSocket = options.webSocket
            try session.connect()
            sessions.append(session)
        }
        let baseline = sessions.map { $0.traffic.latencies.samples.count }
        let probe = try? ServerStatsProbe(address: options.address)
        defer { probe?.close() }
        let started = Date()
        let deadline = started.addingTimeInterval(options.seconds)
        let group = DispatchGroup()
        let failures = Counter()
        for session in sessions {
            group.enter()
            let thread = Thread {
                while Date() < deadline {
                    guard let reply = try? session.call(.ping), case .pong = reply.event else {
                        failures.increment()
                        break
                    }
                }
                group.leave()
            }
            thread.start()
        }
        group.wait()
        let seconds = Date().timeIntervalSince(started)
        var latencies = LatencyRecorder()
        for (session, skip) in zip(sessions, baseline) {
            for sample in session.traffic.latencies.samples.dropFirst(skip) {
                latencies.record(sample)
            }
        }
        let requests = latencies.samples.count
        return BenchReport(
            clients: options.clients, seconds: seconds, requests: requests,
            requestsPerSecond: seconds > 0 ? Double(requests) / seconds : 0,
            latencyMs: latencies.summary, errors: failures.value, server: probe?.figures())
    }
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let count = Locked(0)

    func increment() { add(1) }

    func add(_ amount: Int) { count.withLock { $0 += amount } }

    var value: Int { count.value }
}
