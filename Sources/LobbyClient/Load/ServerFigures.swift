import Foundation
import LobbyProtocol
import Locking

/// What the server itself reports over a load run, from its `stats` before and after: the
/// cost per deal and per message next to the client's own figures.
public struct ServerFigures: Codable, Sendable, Equatable {
    /// Server processor time used during the run, in milliseconds.
    public var cpuMs: Double
    /// Server processor milliseconds per finished deal (0 when no deal finished).
    public var cpuMsPerDeal: Double
    /// Server processor microseconds per line sent.
    public var cpuUsPerMessage: Double
    /// Deals the server finished during the run.
    public var dealsFinished: Int
    /// Lines the server received and sent during the run.
    public var messagesIn: Int
    public var messagesOut: Int
    /// Bytes the server sent during the run.
    public var bytesOut: Int
    /// Write system calls during the run, and per line sent.
    public var writeCalls: Int
    public var writeCallsPerMessage: Double
    /// Requests refused with `rate_limited` and connections dropped as too slow, during the run.
    public var rateLimited: Int
    public var slowDisconnects: Int
    /// The most threads the server had at any sample, and its resident set at the end.
    public var peakThreads: Int
    public var rssBytes: Int

    /// The figures between two `stats` replies; `peakThreads` is the largest thread count
    /// seen in any sample taken meanwhile.
    public init(before: StatsReply, after: StatsReply, peakThreads: Int? = nil) {
        cpuMs = (after.cpuSeconds - before.cpuSeconds) * 1_000
        dealsFinished = after.dealsFinished - before.dealsFinished
        messagesIn = after.messagesIn - before.messagesIn
        messagesOut = after.messagesOut - before.messagesOut
        bytesOut = after.bytesOut - before.bytesOut
        writeCalls = after.writeCalls - before.writeCalls
        rateLimited = after.rateLimited - before.rateLimited
        slowDisconnects =
            after.disconnects.outboundOverflow - before.disconnects.outboundOverflow
        cpuMsPerDeal = dealsFinished > 0 ? cpuMs / Double(dealsFinished) : 0
        cpuUsPerMessage = messagesOut > 0 ? cpuMs * 1_000 / Double(messagesOut) : 0
        writeCallsPerMessage = messagesOut > 0 ? Double(writeCalls) / Double(messagesOut) : 0
        self.peakThreads = max(peakThreads ?? 0, before.threads, after.threads)
        rssBytes = after.rssBytes
    }
}

/// A connection that only asks the server for `stats`, so a load run can report the server's
/// side; it tracks the largest thread count among its samples.
final class ServerStatsProbe: Sendable {
    private let connection: LobbyConnection
    private let first: StatsReply
    /// The most threads any sample saw.
    private let peak: Locked<Int>

    /// Probes made by this process, for unique names.
    private static let made = Locked(0)

    /// Connects, says hello (a connection that never does is closed after the server's hello
    /// deadline, long before a long run ends) and takes the first sample; throws when the
    /// server does not answer `stats`.
    init(address: ServerAddress) throws(ClientError) {
        connection = try LobbyConnection.connect(host: address.host, port: address.port)
        connection.start { _ in }
        let number = Self.made.withLock { count in
            count += 1
            return count
        }
        _ = try connection.call(.hello(name: "stats\(getpid() % 100_000)x\(number)", token: nil))
        first = try Self.ask(connection)
        peak = Locked(first.threads)
    }

    /// Takes a sample now (a failed one is skipped) and returns it.
    @discardableResult
    func sample() -> StatsReply? {
        guard let stats = try? Self.ask(connection) else { return nil }
        peak.withLock { $0 = max($0, stats.threads) }
        return stats
    }

    /// The figures since the probe connected; nil when the last sample failed.
    func figures() -> ServerFigures? {
        guard let last = sample() else { return nil }
        return ServerFigures(before: first, after: last, peakThreads: peak.value)
    }

    func close() { connection.close() }

    private static func ask(_ connection: LobbyConnection) throws(ClientError) -> StatsReply {
        let reply = try connection.call(.stats)
        guard case .stats(let stats) = reply.event else {
            throw .server(code: "unexpected", message: "stats got \(reply.event.type)")
        }
        return stats
    }
}
