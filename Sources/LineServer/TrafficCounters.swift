import Synchronization

/// Running totals of one server's traffic, kept with atomic adds so that every connection's
/// queue can count without a lock. Read them with ``snapshot``.
public final class TrafficCounters: Sendable {
    private let linesIn = Atomic<Int>(0)
    private let bytesIn = Atomic<Int>(0)
    private let messagesOut = Atomic<Int>(0)
    private let bytesOut = Atomic<Int>(0)
    private let writeCalls = Atomic<Int>(0)
    private let closedByPeer = Atomic<Int>(0)
    private let closedForOverflow = Atomic<Int>(0)
    private let closedForLongLine = Atomic<Int>(0)
    private let closedByServer = Atomic<Int>(0)
    private let closedOnError = Atomic<Int>(0)

    /// Creates counters at zero.
    public init() {}

    /// The totals so far. Each figure is exact; figures read together may be a few events
    /// apart when traffic flows meanwhile.
    public var snapshot: TrafficSnapshot {
        TrafficSnapshot(
            linesIn: linesIn.load(ordering: .relaxed),
            bytesIn: bytesIn.load(ordering: .relaxed),
            messagesOut: messagesOut.load(ordering: .relaxed),
            bytesOut: bytesOut.load(ordering: .relaxed),
            writeCalls: writeCalls.load(ordering: .relaxed),
            closes: TrafficSnapshot.Closes(
                peerClosed: closedByPeer.load(ordering: .relaxed),
                outboundOverflow: closedForOverflow.load(ordering: .relaxed),
                lineTooLong: closedForLongLine.load(ordering: .relaxed),
                closedByServer: closedByServer.load(ordering: .relaxed),
                error: closedOnError.load(ordering: .relaxed)))
    }

    func received(bytes: Int, lines: Int) {
        bytesIn.add(bytes, ordering: .relaxed)
        if lines > 0 { linesIn.add(lines, ordering: .relaxed) }
    }

    func queuedMessage() {
        messagesOut.add(1, ordering: .relaxed)
    }

    func wrote(bytes: Int) {
        writeCalls.add(1, ordering: .relaxed)
        if bytes > 0 { bytesOut.add(bytes, ordering: .relaxed) }
    }

    func closed(_ reason: CloseReason) {
        switch reason {
        case .peerClosed: closedByPeer.add(1, ordering: .relaxed)
        case .outboundOverflow: closedForOverflow.add(1, ordering: .relaxed)
        case .lineTooLong: closedForLongLine.add(1, ordering: .relaxed)
        case .closedByServer: closedByServer.add(1, ordering: .relaxed)
        case .error: closedOnError.add(1, ordering: .relaxed)
        }
    }
}

/// The traffic totals of a server at one moment.
public struct TrafficSnapshot: Sendable, Equatable {
    /// How many connections ended, by reason.
    public struct Closes: Sendable, Equatable {
        /// The peer closed or reset the connection.
        public var peerClosed: Int
        /// The peer read too slowly and was dropped.
        public var outboundOverflow: Int
        /// The peer sent a line over the limit.
        public var lineTooLong: Int
        /// The server closed it (its handler asked, or shutdown).
        public var closedByServer: Int
        /// A socket call failed.
        public var error: Int
    }

    /// Complete lines received.
    public var linesIn: Int
    /// Bytes received.
    public var bytesIn: Int
    /// Messages queued for sending (each `send` call counts once).
    public var messagesOut: Int
    /// Bytes written to sockets.
    public var bytesOut: Int
    /// `send` system calls made on client sockets, including ones that took nothing.
    public var writeCalls: Int
    /// Connections ended, by reason.
    public var closes: Closes
}
