import Foundation

/// The protocol of a connection whose bytes are not plain lines from the first byte: it reads
/// the peer's bytes, hands the connection's handler each message as a line, and frames the
/// lines the handler sends. A transport may also answer on its own (an HTTP request, a
/// WebSocket ping) without ever opening a handler, or hand the connection back to plain
/// lines (``TransportLink/useLines(replaying:)``).
///
/// A connection made with a transport opens no handler until its transport asks for one
/// (``TransportLink/openHandler(as:)``). Every method runs on the connection's queue; the
/// transport acts only through the ``TransportLink`` it is given, and only during the call.
public protocol ConnectionTransport: AnyObject, Sendable {
    /// The connection is open; called once, before any other method.
    func transportDidOpen(_ link: TransportLink)

    /// Bytes arrived from the peer.
    func transport(_ link: TransportLink, didReceive bytes: UnsafeRawBufferPointer)

    /// The handler sent `lines` (one or more, each ending with `"\n"`), as presented by its
    /// ``ConnectionHandler/connection(_:willSend:)``: write them in the transport's framing
    /// with ``TransportLink/write(_:)``, or drop them.
    func transport(_ link: TransportLink, send lines: UnsafeRawBufferPointer)

    /// True while the transport holds part of a message (a request head, a frame) whose rest
    /// has not arrived; the connection then ends it after ``unfinishedInputTimeout``.
    var holdsUnfinishedInput: Bool { get }

    /// How long input may stay unfinished; nil for no limit.
    var unfinishedInputTimeout: Duration? { get }

    /// Input stayed unfinished past ``unfinishedInputTimeout``: say so if the protocol can,
    /// then close.
    func transportInputTimedOut(_ link: TransportLink)

    /// The connection begins to close for `reason`, with its output still to be flushed: the
    /// last moment to write (a WebSocket close frame). Not called for a close that drops the
    /// output.
    func transport(_ link: TransportLink, willClose reason: CloseReason)

    /// The server refuses the connection (it is full): send `line`'s meaning in the peer's
    /// protocol, then close.
    func transport(_ link: TransportLink, refuse line: Data)

    /// The connection has closed and its socket with it; called once, after every other
    /// method, just before the handler hears of it.
    func transportDidClose(reason: CloseReason)
}

extension ConnectionTransport {
    /// Holds nothing.
    public var holdsUnfinishedInput: Bool { false }

    /// No limit.
    public var unfinishedInputTimeout: Duration? { nil }

    /// Closes with ``CloseReason/idleTimeout``.
    public func transportInputTimedOut(_ link: TransportLink) {
        link.close(reason: .idleTimeout, flush: true)
    }

    /// Does nothing.
    public func transport(_ link: TransportLink, willClose reason: CloseReason) {}

    /// Does nothing.
    public func transportDidClose(reason: CloseReason) {}

    /// Writes `line` as it is and closes.
    public func transport(_ link: TransportLink, refuse line: Data) {
        line.withUnsafeBytes { link.write($0) }
        link.close(reason: .closedByServer, flush: true)
    }
}

/// The protocol a connection's peer speaks, as its transport named it when it opened the
/// handler: ``lines`` for plain lines, and whatever a transport module defines.
public struct PeerProtocol: Hashable, Sendable, CustomStringConvertible {
    /// A short name, such as `lines`.
    public let name: String

    /// A protocol called `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// Newline-terminated lines over the bare TCP stream.
    public static let lines = PeerProtocol("lines")

    public var description: String { name }
}
