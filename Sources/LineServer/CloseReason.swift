/// Why a connection ended, as reported to its handler.
public enum CloseReason: Sendable, Equatable, Hashable {
    /// The peer closed its side of the connection, or reset it.
    case peerClosed
    /// The peer read too slowly and its outbound buffer would have passed the limit.
    case outboundOverflow
    /// The peer sent a line longer than the configured maximum.
    case lineTooLong
    /// The peer left a line unfinished for longer than the configured timeout, or its handler
    /// found it idle for too long.
    case idleTimeout
    /// Its handler found the peer sending far more than it may, for too long.
    case flooding
    /// The server was full: this connection, which its handler let go and which had been
    /// silent longest, made room for a new one.
    case evicted
    /// The peer broke the rules of its protocol (a malformed WebSocket frame, say), so the
    /// connection could not go on.
    case protocolViolation
    /// The server closed the connection: its handler asked to, or the server shut down.
    case closedByServer
    /// A socket call failed with this `errno`.
    case error(Int32)
}
