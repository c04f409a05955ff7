/// The kind of a WebSocket frame (RFC 6455 §5.2); the other eight values are reserved.
public enum WebSocketOpcode: UInt8, Sendable {
    /// A later fragment of a text or binary message.
    case continuation = 0x0
    /// The first (or only) frame of a UTF-8 text message.
    case text = 0x1
    /// The first (or only) frame of a binary message.
    case binary = 0x2
    /// The closing handshake: an optional status code and UTF-8 reason.
    case close = 0x8
    /// Asks the other end for a pong with the same payload.
    case ping = 0x9
    /// The answer to a ping, or an unsolicited heartbeat.
    case pong = 0xA

    /// Close, ping and pong: at most 125 bytes, never fragmented, allowed between the
    /// fragments of a message.
    public var isControl: Bool { rawValue & 0x8 != 0 }
}
