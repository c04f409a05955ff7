import LobbyProtocol

/// What a connection delivers to its handler, in arrival order.
public enum ConnectionEvent: Sendable {
    /// A decoded server message.
    case message(ServerMessage)
    /// A line that is not a well-formed server message.
    case malformed(String)
    /// The connection closed (by either side); nothing follows.
    case closed
}
