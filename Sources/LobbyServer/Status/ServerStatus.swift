import Foundation
import Locking
import WebServer

/// What the server knows is wrong with it now, for `GET /health` and its operators: any part
/// of the server (the game log, the journal, the disk) reports a problem under a name of its
/// own and clears it once it is over.
///
/// `/health` answers 200 while nothing is failing, with `"status":"degraded"` and the problems
/// when some are only degraded (say, a full disk: games go on, records wait), and 503 as soon
/// as one is failing (the server cannot serve its players), so a container's health check
/// restarts it only then.
public final class ServerStatus: Sendable {
    /// How bad a problem is.
    public enum Severity: String, Sendable, Codable, Comparable {
        /// The server still serves its players, less well (records delayed, say).
        case degraded
        /// The server cannot serve its players.
        case failing

        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .degraded && rhs == .failing
        }
    }

    /// One problem, as reported.
    public struct Problem: Sendable, Codable, Equatable {
        /// A stable name, such as `disk_full`, under which it is reported and cleared.
        public var name: String
        public var severity: Severity
        /// What is wrong, for people.
        public var detail: String
    }

    private let reported = Locked<[String: Problem]>([:])

    public init() {}

    /// Reports (or updates) the problem `name`.
    public func report(_ name: String, _ severity: Severity, _ detail: String) {
        reported.withLock { $0[name] = Problem(name: name, severity: severity, detail: detail) }
    }

    /// The problem `name` is over.
    public func clear(_ name: String) {
        reported.withLock { $0[name] = nil }
    }

    /// The problems now, by name.
    public var problems: [Problem] {
        reported.withLock { $0.values.sorted { $0.name < $1.name } }
    }

    /// The answer to `GET /health`: `{"problems":[…],"status":"ok"}` (or `degraded`, or
    /// `failing` with 503), from the problems reported and the `current` ones that parts of
    /// the server watch themselves.
    public func healthReport(adding current: [Problem] = []) -> HealthReport {
        struct Body: Encodable {
            var status: String
            var problems: [Problem]
        }
        let problems = (problems + current).sorted { $0.name < $1.name }
        let worst = problems.map(\.severity).max()
        let body = Body(status: worst?.rawValue ?? "ok", problems: problems)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let text = (try? encoder.encode(body)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        return HealthReport(
            status: worst == .failing ? 503 : 200, contentType: "application/json; charset=utf-8",
            body: text + "\n")
    }
}
