import Foundation

/// What a ``WebSocketFrameDecoder`` found in the bytes it was fed: a whole message or a
/// control frame. Fragments are joined before they are reported.
public enum WebSocketEvent: Sendable, Equatable {
    /// A whole text message, its UTF-8 already checked.
    case text(Data)
    /// A whole binary message.
    case binary(Data)
    /// A ping; the payload is to be sent back in a pong.
    case ping(Data)
    /// A pong (an answer to a ping, or an unsolicited heartbeat).
    case pong(Data)
    /// The peer's close frame: its status code (nil when it sent none) and its reason,
    /// already checked. The decoder reads nothing after it.
    case close(WebSocketCloseCode?, reason: String)
}

/// Why the peer's bytes broke RFC 6455 or the decoder's limit: the code to close with and
/// a reason for the close frame (short enough for its 123 bytes).
public struct WebSocketFailure: Error, Sendable, Equatable {
    /// The status code for the close frame: 1002, 1007 or 1009.
    public var code: WebSocketCloseCode
    /// Why, in a few words.
    public var reason: String

    public init(_ code: WebSocketCloseCode, _ reason: String) {
        self.code = code
        self.reason = reason
    }
}
