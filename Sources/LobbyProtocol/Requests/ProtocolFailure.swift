/// A request that could not be accepted: the error code, a message for people, and the
/// request id when one could be read.
public struct ProtocolFailure: Error, Equatable, Sendable {
    /// The stable error code.
    public let code: ErrorCode
    /// What went wrong, in words; names the offending field or token.
    public let message: String
    /// The request's id, when the line was readable enough to find it.
    public var id: RequestID?

    /// Creates a failure.
    public init(_ code: ErrorCode, _ message: String, id: RequestID? = nil) {
        self.code = code
        self.message = message
        self.id = id
    }
}
