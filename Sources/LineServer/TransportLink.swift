import Foundation

/// What a ``ConnectionTransport`` may do with its connection, during a call on the
/// connection's queue: open the handler, hand it lines, write bytes, set a timer, close.
public struct TransportLink {
    let connection: Connection

    /// The peer's address as `"a.b.c.d:port"`.
    public var peer: String { connection.peer }

    /// True until the connection begins to close; writes are ignored after that.
    public var isOpen: Bool { connection.acceptsOutput }

    /// True once ``openHandler(as:)`` made the connection's handler.
    public var hasHandler: Bool { connection.handlerOpened }

    /// Makes the connection's handler and tells it the connection opened; from now on the
    /// connection is the handler's, speaking `peerProtocol`. Called at most once.
    public func openHandler(as peerProtocol: PeerProtocol) {
        connection.openHandler(as: peerProtocol)
    }

    /// Gives the connection over to plain lines for good: the transport is dropped, the
    /// handler opens, and `bytes` (already read) are its first input.
    public func useLines(replaying bytes: UnsafeRawBufferPointer) {
        connection.useLines(replaying: bytes)
    }

    /// Hands `line` (without a line ending) to the handler, as a line read from the peer.
    public func deliver(line: Data) {
        connection.deliverFromTransport(line)
    }

    /// Tells the handler the peer sent a message longer than the line limit (see
    /// ``ConnectionHandler/connectionLineTooLong(_:)``); the transport closes afterwards.
    public func reportLineTooLong() {
        connection.reportLineTooLong()
    }

    /// Tells the handler the peer left a message unfinished too long (see
    /// ``ConnectionHandler/connectionLineTimedOut(_:)``); the transport closes afterwards.
    public func reportLineTimedOut() {
        connection.reportLineTimedOut()
    }

    /// Queues `bytes` to be sent as they are, under the connection's output limit.
    public func write(_ bytes: UnsafeRawBufferPointer) {
        connection.enqueueBytes(bytes)
    }

    /// Closes the connection for `reason`, with its output flushed first or dropped.
    public func close(reason: CloseReason, flush: Bool) {
        connection.close(flush: flush, reason: reason)
    }

    /// Calls `body` on the connection's queue after `delay`, in a turn of its own, unless
    /// the connection has closed or changed transport by then.
    public func after(_ delay: Duration, _ body: @escaping @Sendable (TransportLink) -> Void) {
        connection.afterDelay(delay, body)
    }
}
