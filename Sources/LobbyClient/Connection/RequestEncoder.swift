import Foundation
import LobbyProtocol

/// Encodes client requests as JSON lines in the wire form the server parses (the schema is
/// LobbyProtocol's: `ClientRequest.encode(to:)`).
public struct RequestEncoder: Sendable {
    private let encoder = RequestLineEncoder()

    /// Creates an encoder.
    public init() {}

    /// The request with its id as one JSON line, with the trailing newline.
    public func line(_ request: ClientRequest, id: RequestID?) -> Data {
        Data(encoder.line(request, id: id))
    }
}
