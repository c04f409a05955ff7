import Foundation
import Synchronization

/// Running totals of a ``TCPServer``'s traffic, for operators: updated by every connection
/// and readable from any thread as a ``Snapshot``.
public final class ServerCounters: @unchecked Sendable {
    /// Why the server ended or refused a connection, as counted in ``Snapshot/disconnects``.
    public enum Disconnect: String, Sendable, CaseIterable, Comparable {
        /// The peer closed or reset its connection.
        case peerClosed = "peer_closed"
        /// The peer read too slowly and its outbound buffer overflowed.
        case slowClient = "slow_client"
        /// The peer sent a line over the length limit.
        case lineTooLong = "line_too_long"
        /// The peer left a line unfinished, or stayed idle, for too long.
        case idleTimeout = "idle_timeout"
        /// The peer kept sending far past its budget.
        case flooding = "flood"
        /// The peer broke the rules of its protocol.
        case protocolViolation = "protocol_error"
        /// Refused on arrival: the server was full or out of file descriptors.
        case serverFull = "server_full"
        /// Closed, silent and not needed, to make room for a new connection when full.
        case idleEvicted = "idle_evicted"
        /// Refused on arrival: its address already had as many connections as allowed.
        case perAddressCap = "per_address_cap"
        /// Closed by the server's own choice, such as a handler closing it or shutdown.
        case closedByServer = "closed_by_server"
        /// A socket call failed.
        case socketError = "socket_error"

        /// The kind of disconnect a connection's close reason counts as.
        public init(_ reason: CloseReason) {
            switch reason {
            case .peerClosed: self = .peerClosed
            case .outboundOverflow: self = .slowClient
            case .lineTooLong: self = .lineTooLong
            case .idleTimeout: self = .idleTimeout
            case .flooding: self = .flooding
            case .evicted: self = .idleEvicted
            case .protocolViolation: self = .protocolViolation
            case .closedByServer: self = .closedByServer
            case .error: self = .socketError
            }
        }

        /// Orders by declaration, so listings come out in a fixed order.
        public static func < (lhs: Disconnect, rhs: Disconnect) -> Bool {
            let all = allCases
            return all.firstIndex(of: lhs)! < all.firstIndex(of: rhs)!
        }
    }

    /// The counters at one moment.
    public struct Snapshot: Sendable, Equatable {
        /// Connections being served now (refused ones not included).
        public var connectionsOpen = 0
        /// Connections accepted and served since the start.
        public var connectionsAccepted = 0
        /// Connections refused on arrival since the start (full, per-address cap).
        public var connectionsRejected = 0
        /// Complete lines received.
        public var linesIn = 0
        /// Bytes received.
        public var bytesIn = 0
        /// Bytes written to sockets.
        public var bytesOut = 0
        /// Messages (lines handed to ``Connection/send(_:)``, however many one call carries)
        /// queued for sending.
        public var messagesOut = 0
        /// `send` system calls made; with coalescing, fewer than ``messagesOut``.
        public var writeCalls = 0
        /// Connections ended or refused, by reason; reasons never seen are absent.
        public var disconnects: [Disconnect: Int] = [:]

        /// Creates an all-zero snapshot.
        public init() {}
    }

    private let open = Atomic<Int>(0)
    private let accepted = Atomic<Int>(0)
    private let rejected = Atomic<Int>(0)
    private let linesIn = Atomic<Int>(0)
    private let bytesIn = Atomic<Int>(0)
    private let bytesOut = Atomic<Int>(0)
    private let messagesOut = Atomic<Int>(0)
    private let writeCalls = Atomic<Int>(0)
    /// Guards `disconnects`, which change only when a connection ends. An `NSLock` rather
    /// than `Mutex`, as the thread sanitizer understands it.
    private let lock = NSLock()
    private var disconnects: [Disconnect: Int] = [:]

    /// Creates counters at zero.
    public init() {}

    /// The counters now. Each figure is exact; figures read a moment apart may disagree
    /// by the traffic of that moment.
    public var snapshot: Snapshot {
        var snapshot = Snapshot()
        snapshot.connectionsOpen = open.load(ordering: .relaxed)
        snapshot.connectionsAccepted = accepted.load(ordering: .relaxed)
        snapshot.connectionsRejected = rejected.load(ordering: .relaxed)
        snapshot.linesIn = linesIn.load(ordering: .relaxed)
        snapshot.bytesIn = bytesIn.load(ordering: .relaxed)
        snapshot.bytesOut = bytesOut.load(ordering: .relaxed)
        snapshot.messagesOut = messagesOut.load(ordering: .relaxed)
        snapshot.writeCalls = writeCalls.load(ordering: .relaxed)
        snapshot.disconnects = lock.withLock { disconnects }
        return snapshot
    }

    func connectionAccepted() {
        accepted.add(1, ordering: .relaxed)
        open.add(1, ordering: .relaxed)
    }

    func connectionClosed(_ reason: CloseReason) {
        open.subtract(1, ordering: .relaxed)
        count(Disconnect(reason))
    }

    func connectionRejected(_ reason: Disconnect) {
        rejected.add(1, ordering: .relaxed)
        count(reason)
    }

    func received(bytes: Int, lines: Int) {
        bytesIn.add(bytes, ordering: .relaxed)
        if lines > 0 { linesIn.add(lines, ordering: .relaxed) }
    }

    func queuedMessages(_ count: Int) {
        messagesOut.add(count, ordering: .relaxed)
    }

    func wrote(bytes: Int, calls: Int) {
        bytesOut.add(bytes, ordering: .relaxed)
        writeCalls.add(calls, ordering: .relaxed)
    }

    private func count(_ reason: Disconnect) {
        lock.withLock { disconnects[reason, default: 0] += 1 }
    }
}
