/// A status code of a close frame (RFC 6455 §7.4, and the IANA registry it set up).
public struct WebSocketCloseCode: RawRepresentable, Hashable, Sendable, Comparable,
    CustomStringConvertible
{
    public let rawValue: UInt16

    public init(rawValue: UInt16) {
        self.rawValue = rawValue
    }

    /// The purpose of the connection was fulfilled.
    public static let normal = WebSocketCloseCode(rawValue: 1000)
    /// The endpoint is going away: a server shutting down, a page left.
    public static let goingAway = WebSocketCloseCode(rawValue: 1001)
    /// The peer broke the protocol.
    public static let protocolError = WebSocketCloseCode(rawValue: 1002)
    /// The peer sent a kind of data the endpoint does not take (here: binary messages).
    public static let unsupportedData = WebSocketCloseCode(rawValue: 1003)
    /// No status code was in the close frame. Only ever reported, never sent.
    public static let noStatus = WebSocketCloseCode(rawValue: 1005)
    /// The connection ended without a close frame. Only ever reported, never sent.
    public static let abnormal = WebSocketCloseCode(rawValue: 1006)
    /// A text message, or a close reason, was not valid UTF-8.
    public static let invalidPayload = WebSocketCloseCode(rawValue: 1007)
    /// The peer broke a rule of the endpoint's (such as idling or flooding).
    public static let policyViolation = WebSocketCloseCode(rawValue: 1008)
    /// A message was larger than the endpoint takes.
    public static let messageTooBig = WebSocketCloseCode(rawValue: 1009)
    /// The client needed an extension the server did not agree to.
    public static let mandatoryExtension = WebSocketCloseCode(rawValue: 1010)
    /// The server met a condition it could not handle.
    public static let internalError = WebSocketCloseCode(rawValue: 1011)

    /// Whether a peer may put this code in a close frame: the codes defined by the RFC and
    /// registered since for use on the wire (1000–1003, 1007–1014) and the ranges for
    /// libraries and applications (3000–4999). 1004 is reserved, 1005, 1006 and 1015 are for
    /// reports only, and everything else is unassigned.
    public var isAllowedOnWire: Bool {
        switch rawValue {
        case 1000...1003, 1007...1014, 3000...4999: true
        default: false
        }
    }

    public static func < (lhs: WebSocketCloseCode, rhs: WebSocketCloseCode) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    public var description: String { String(rawValue) }
}
