import Foundation
import Synchronization
import WebSocket

/// Running totals of the web side of a port, for `stats`: connections that spoke HTTP,
/// replies by status, WebSocket sessions, and close codes both ways. Counted from any
/// connection's queue, read from any thread.
public final class WebCounters: @unchecked Sendable {
    /// The totals at one moment.
    public struct Snapshot: Sendable, Equatable {
        /// Connections whose first bytes were an HTTP request (WebSocket ones included).
        public var httpConnections = 0
        /// Replies sent, by status (101 for each WebSocket upgrade).
        public var httpResponses: [Int: Int] = [:]
        /// WebSocket sessions opened.
        public var webSocketConnections = 0
        /// WebSocket sessions open now.
        public var webSocketsOpen = 0
        /// Close codes received from peers; 1005 for a close frame without a code, 1006 for a
        /// session that ended without one.
        public var closeCodesReceived: [UInt16: Int] = [:]
        /// Close codes the server sent.
        public var closeCodesSent: [UInt16: Int] = [:]

        public init() {}
    }

    private let httpConnections = Atomic<Int>(0)
    private let webSocketConnections = Atomic<Int>(0)
    private let webSocketsOpen = Atomic<Int>(0)
    /// Guards the three tables, which change once per request or close. An `NSLock` rather
    /// than `Mutex`, as the thread sanitizer understands it.
    private let lock = NSLock()
    private var responses: [Int: Int] = [:]
    private var received: [UInt16: Int] = [:]
    private var sent: [UInt16: Int] = [:]

    public init() {}

    /// The totals now.
    public var snapshot: Snapshot {
        var snapshot = Snapshot()
        snapshot.httpConnections = httpConnections.load(ordering: .relaxed)
        snapshot.webSocketConnections = webSocketConnections.load(ordering: .relaxed)
        snapshot.webSocketsOpen = webSocketsOpen.load(ordering: .relaxed)
        lock.withLock {
            snapshot.httpResponses = responses
            snapshot.closeCodesReceived = received
            snapshot.closeCodesSent = sent
        }
        return snapshot
    }

    func httpConnectionStarted() { httpConnections.add(1, ordering: .relaxed) }

    func responded(_ status: Int) { lock.withLock { responses[status, default: 0] += 1 } }

    func webSocketOpened() {
        webSocketConnections.add(1, ordering: .relaxed)
        webSocketsOpen.add(1, ordering: .relaxed)
    }

    func webSocketClosed() { webSocketsOpen.subtract(1, ordering: .relaxed) }

    func closeReceived(_ code: WebSocketCloseCode) {
        lock.withLock { received[code.rawValue, default: 0] += 1 }
    }

    func closeSent(_ code: WebSocketCloseCode) {
        lock.withLock { sent[code.rawValue, default: 0] += 1 }
    }
}
