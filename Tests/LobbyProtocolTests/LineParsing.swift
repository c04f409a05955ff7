import Foundation
import Testing

@testable import LobbyProtocol

/// Parsing helpers for suites that feed the server's parser one line at a time.
protocol LineParsing {}

extension LineParsing {
    /// The parser's answer for the line.
    func parse(_ line: String) -> Result<RequestEnvelope, ProtocolFailure>? {
        RequestParser.parse(Data(line.utf8))
    }

    /// The request the line parses to; fails the test otherwise.
    func request(_ line: String) throws -> ClientRequest {
        try #require(parse(line)).get().request
    }

    /// The failure the line gets; fails the test when it parses.
    func failure(_ line: String) throws -> ProtocolFailure {
        let result = try #require(parse(line))
        guard case .failure(let failure) = result else {
            Issue.record("expected a failure for \(line)")
            throw ProtocolFailure(.internalError, "no failure")
        }
        return failure
    }
}
