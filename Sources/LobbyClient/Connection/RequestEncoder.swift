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
        Data(bytes(request, id: id))
    }

    /// The same line as bytes; a move with a numeric id is written from fixed pieces.
    func bytes(_ request: ClientRequest, id: RequestID?) -> [UInt8] {
        MoveLine.bytes(request, id: id) ?? encoder.line(request, id: id)
    }
}
