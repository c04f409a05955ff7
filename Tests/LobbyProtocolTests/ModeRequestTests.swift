import Foundation
import LobbyProtocol
import Testing

@Suite struct ModeRequestTests {
    func parse(_ line: String) -> Result<ClientRequest, ProtocolFailure>? {
        RequestParser.parse(Data(line.utf8))?.map(\.request)
    }

    @Test func plainModeCommands() {
        #expect(parse("mode text") == .success(.mode(.text(ascii: false))))
        #expect(parse("MODE Text ASCII") == .success(.mode(.text(ascii: true))))
        #expect(parse("mode json") == .success(.mode(.json)))
    }

    @Test func jsonModeRequests() {
        #expect(parse(#"{"type":"mode","mode":"text"}"#) == .success(.mode(.text(ascii: false))))
        #expect(
            parse(#"{"type":"mode","mode":"text","ascii":true}"#)
                == .success(.mode(.text(ascii: true))))
        #expect(parse(#"{"type":"mode","mode":"json"}"#) == .success(.mode(.json)))
    }

    @Test func badModesAreRefusedWithStableCodes() throws {
        for line in ["mode", "mode xml", "mode text fancy", #"{"type":"mode","mode":"xml"}"#] {
            let result = try #require(parse(line))
            guard case .failure(let failure) = result else {
                Issue.record("\(line) was accepted")
                continue
            }
            #expect(failure.code == (line == "mode" ? .missingField : .invalidField), "\(line)")
        }
    }
}
