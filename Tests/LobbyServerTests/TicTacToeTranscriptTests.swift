import Testing

/// The tic-tac-toe transcripts of docs/games/tictactoe.md, in JSON and in text mode, are what a
/// real server writes: a round against the perfect bot, with one mark refused. Set
/// BIGTWO_UPDATE_TRANSCRIPT=1 to rewrite them.
@Suite("protocol.md tic-tac-toe transcripts")
struct TicTacToeTranscriptTests {
    /// The scripted player: it marks the first empty cell, and once, when a cell is taken,
    /// first tries that cell (refused).
    struct Player {
        var board = String(repeating: ".", count: 9)
        var refused = false

        /// The moves to make now, each written by `write` from a cell number (1 to 9).
        mutating func moves(_ write: (Int) -> String) -> [Transcript.Move] {
            let cells = Array(board)
            var moves = [Transcript.Move(text: write((cells.firstIndex(of: ".") ?? 0) + 1))]
            if !refused, let taken = cells.firstIndex(where: { $0 != "." }) {
                refused = true
                moves.insert(Transcript.Move(text: write(taken + 1), refused: true), at: 0)
            }
            return moves
        }
    }

    @Test("the JSON transcript")
    func json() throws {
        let session = try Transcript.json(
            creating:
                #"{"type":"create","kind":"tictactoe","first":"o","games":1,"turn_seconds":0,"name":"noughts","id":2}"#
        )
        var player = Player()
        try session.playJSON(from: 4) { event in
            if case .tictactoeMark(let mark) = event { player.board = mark.board }
            guard case .tictactoeTurn(let turn) = event, turn.seat == 0 else { return [] }
            return player.moves { #""type":"mark","cell":\#($0)"# }
        }
        #expect(session.lines.contains { $0.contains(#""code":"cell_taken""#) })
        #expect(session.lines.contains { $0.contains(#""type":"tictactoe_result""#) })
        let heading = "#### Tic-tac-toe transcript, JSON mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }

    @Test("the text-mode transcript")
    func text() throws {
        let session = try Transcript.text(
            creating: "create tictactoe first=o games=1 turn=0 name=noughts")
        var player = Player()
        try session.playText(turn: "your move") { received in
            // The board is drawn as three rows, `  1 . . O`, under the column letters.
            let rows = received.filter { $0.range(of: #"^  [123] [.OX] [.OX] [.OX]$"#, options: .regularExpression) != nil }
            if rows.count >= 3 {
                player.board = rows.suffix(3).map { $0.dropFirst(4).replacingOccurrences(of: " ", with: "") }
                    .joined().lowercased()
            }
            return player.moves { "mark \($0)" }
        }
        #expect(session.lines.contains { $0.hasPrefix("← error (cell_taken)") })
        let heading = "#### Tic-tac-toe transcript, text mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }
}
