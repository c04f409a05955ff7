import Foundation
import Glibc
import LobbyProtocol
import Locking

/// `bigtwo-client killsoak`: the server killed with SIGKILL and restarted on the same data
/// directory, again and again at random moments, while soak clients play, reconnect and
/// resume with their tokens. Afterwards every deal announced to a client must have exactly one
/// record in the game log, and `verify` must pass over it.
public enum KillSoakCommand {
    /// Runs the kill soak and prints the report as the last line of `output`; returns the exit
    /// status (0 only for a clean run).
    public static func run(_ options: KillSoakOptions, output: TextOutput, progress: TextOutput)
        -> Int32
    {
        let guardian = ChildServerGuard()
        do {
            let report = try killSoak(options, progress: progress, onServer: guardian.watch)
            output.line(ReportLine.text(report))
            return report.passed ? 0 : 1
        } catch {
            progress.line("killsoak failed: \(error.description)")
            return 1
        }
    }

    /// Runs the kill soak and returns its report; `onServer` hears of each server process
    /// started (nil once the last one has stopped).
    public static func killSoak(
        _ options: KillSoakOptions, progress: TextOutput,
        onServer: (Int32?) -> Void = { _ in }
    ) throws(ClientError) -> KillSoakReport {
        let started = Date()
        var arguments = [
            "--data-dir", options.dataDirectory, "--bot-delay-ms",
            "\(options.botDelayMilliseconds)", "--log-level", "error",
        ]
        if let kilobytes = options.journalCompactKilobytes {
            arguments += ["--journal-compact-kb", "\(kilobytes)"]
        }
        var server = try ServerRunner.start(executable: options.server, arguments: arguments)
        onServer(server.processIdentifier)
        let port = server.port
        var soakOptions = options.soak
        soakOptions.address = ServerAddress(host: "127.0.0.1", port: port)
        let witness = SoakWitness()
        let soak = SoakRun(options: soakOptions, progress: progress, witness: witness)
        soak.start()

        var kills = 0
        while kills < options.kills {
            let wait = Double(options.intervalMilliseconds) * .random(in: 0.5...1.5) / 1_000
            if soak.wait(seconds: wait) { break }
            server.stop(signal: SIGKILL)
            kills += 1
            progress.line("killsoak: kill \(kills) of \(options.kills)")
            Thread.sleep(forTimeInterval: .random(in: 0...0.3))
            server = try ServerRunner.start(
                executable: options.server, arguments: arguments, port: port)
            onServer(server.processIdentifier)
        }
        if kills < options.kills {
            progress.line("killsoak: the soak ended after \(kills) kill(s); play more --games")
        }
        let outcome = soak.result()
        server.stop(signal: SIGTERM)
        onServer(nil)

        let audit = try GameLogAudit(directory: options.dataDirectory)
        let commitments = witness.commitments
        let verified = try GameLogVerifier.run(directory: options.dataDirectory)
        verified.lines.filter { !$0.hasPrefix("all ") }.prefix(10).forEach(progress.line)
        let report: SoakReport
        switch outcome {
        case .success(let finished): report = finished
        case .failure(let error): throw error
        }
        return KillSoakReport(
            kills: kills, killsRequested: options.kills, dealsAnnounced: commitments.count,
            records: audit.records, lost: commitments.subtracting(audit.commitments).count,
            duplicated: audit.duplicated, violations: report.violations, errors: report.errors,
            completed: witness.finishedSessions == report.clients
                && report.seconds < soakOptions.timeout,
            verified: verified.allValid,
            seconds: Date().timeIntervalSince(started))
    }
}

/// What the soak clients saw, gathered from every client's reader thread: the commitments
/// announced to them (in `deal_start`, or in the snapshot of a deal under way), and the
/// sessions (by token) whose match ended. A client that misses a `deal_end` because the server
/// was killed just after the deal's record was stored still sees its match end.
final class SoakWitness: Sendable {
    /// The commitments seen, and the tokens of the sessions whose match ended.
    private let noted = Locked((seen: Set<String>(), finished: Set<String>()))

    /// Notes a message a client applied, and the client's state after it.
    func note(_ message: ServerMessage, state: SessionState) {
        var commitment: String?
        switch message.event {
        case .dealStart(let start): commitment = start.commitment
        case .state(let snapshot): commitment = snapshot.deal?.commitment
        default: break
        }
        noted.withLock { noted in
            if let commitment { noted.seen.insert(commitment) }
            if state.matchOver, let token = state.token { noted.finished.insert(token) }
        }
    }

    var commitments: Set<String> { noted.withLock { $0.seen } }

    /// The number of sessions whose match ended.
    var finishedSessions: Int { noted.withLock { $0.finished.count } }
}

/// A soak running on a thread of its own while the server is killed around it.
final class SoakRun: Sendable {
    private let options: SoakOptions
    private let progress: TextOutput
    private let witness: SoakWitness
    private let done = DispatchSemaphore(value: 0)
    /// Set once, when the soak ends.
    private let outcome = Locked<Result<SoakReport, ClientError>?>(nil)

    init(options: SoakOptions, progress: TextOutput, witness: SoakWitness) {
        self.options = options
        self.progress = progress
        self.witness = witness
    }

    /// Starts the soak.
    func start() {
        Thread.detachNewThread { [self] in
            let result: Result<SoakReport, ClientError>
            do throws(ClientError) {
                result = .success(
                    try SoakCommand.soak(options, progress: progress) { [witness] message, state in
                        witness.note(message, state: state)
                    })
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            done.signal()
        }
    }

    /// Waits up to `seconds` for the soak to end; true when it has.
    func wait(seconds: Double) -> Bool {
        guard done.wait(timeout: .now() + seconds) == .success else { return false }
        done.signal()
        return true
    }

    /// Waits for the soak to end and returns its outcome.
    func result() -> Result<SoakReport, ClientError> {
        done.wait()
        done.signal()
        return outcome.value ?? .failure(.usage("the soak did not run"))
    }
}
