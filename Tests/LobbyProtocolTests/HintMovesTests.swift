import Foundation
import Testing
import WireJSON

@testable import LobbyProtocol

/// Each kind's `hint` moves travel as that kind's type inside `HintReply`, written flat beside
/// `table` and `seat`, and read back as the kind whose fields are present.
@Suite struct HintMovesTests {
    @Test func eachKindsMovesAreReadBackAsThatKinds() throws {
        let lines = [
            #"{"lays":["citizen","slave"],"seat":1,"table":2}"#,
            #"{"cells":[1,5],"seat":0,"table":3}"#,
            #"{"cards":[2,7],"seat":0,"table":4}"#,
            #"{"max_chips":10,"seat":1,"segments":[1,2,3],"table":5}"#,
            #"{"can_pass":false,"plays":[],"seat":0,"table":1}"#,
        ]
        for (line, kind) in zip(lines, [TableKind.ecard, .tictactoe, .memory, .roulette, .bigtwo]) {
            let hint = try JSONValueDecoder().decode(
                HintReply.self, from: JSONReader.read(Data(line.utf8)))
            #expect(hint.moves.map { ObjectIdentifier(type(of: $0)) }
                == ObjectIdentifier(kind.hintMoves), "\(line)")
            #expect(String(decoding: try WireEncoder().encode(hint), as: UTF8.self) == line)
        }
        var hint = HintReply(table: 5, seat: 0)
        hint.segments = [1]
        hint.cells = nil
        #expect(hint.segments == [1] && hint.cells == nil && hint.maxChips == nil)
    }
}
