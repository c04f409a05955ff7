import Testing

/// The tic-tac-toe transcripts of protocol.md, in JSON and in text mode, are what a real
/// server writes: a round against the perfect bot, with one mark refused. Set
/// BIGTWO_UPDATE_TRANSCRIPT=1 to rewrite them.
@Suite("protocol.md tic-tac-toe transcripts")
struct TicTacToeTranscriptTests {
    /// The first empty cell (1 to 9) of a nine-character board.
    static func firstEmptyCell(_ board: String) -> Int {
        (board.firstIndex(of: ".").map { board.distance(from: board.startIndex, to: $0) } ?? 0)
            + 1
    }

    /// The first marked cell (1 to 9) of a nine-character board.
    static func firstTakenCell(_ board: String) -> Int {
        (board.firstIndex { $0 != "." }.map { board.distance(from: board.startIndex, to: $0) }
            ?? 0) + 1
    }

    @Test("the JSON transcript")
    func json() throws {
        let session = try Transcript(showingGreeting: true)
        try session.request(jsonHello("ann"), until: "welcome")
        try session.request(
            #"{"type":"create","kind":"tictactoe","first":"o","games":1,"turn_seconds":0,"name":"noughts","id":2}"#,
            until: "created")
        try session.send(#"{"type":"start","id":3}"#)
        var board = String(repeating: ".", count: 9)
        var id = 4
        var refused = false
        playing: while true {
            switch try session.receiveMessage().event {
            case .tictactoeMark(let mark):
                board = mark.board
            case .tictactoeTurn(let turn) where turn.seat == 0:
                if !refused && board.contains(where: { $0 != "." }) {
                    refused = true
                    try session.request(
                        #"{"type":"mark","cell":\#(Self.firstTakenCell(board)),"id":\#(id)}"#,
                        until: "error")
                    id += 1
                }
                try session.send(
                    #"{"type":"mark","cell":\#(Self.firstEmptyCell(board)),"id":\#(id)}"#)
                id += 1
            case .left:
                break playing
            case .error(let error):
                throw TestFailure("unexpected \(error.code)")
            default:
                break
            }
        }
        try session.request(#"{"type":"history","id":\#(id)}"#, until: "history")
        #expect(refused)
        #expect(session.lines.contains { $0.contains(#""code":"cell_taken""#) })
        #expect(session.lines.contains { $0.contains(#""type":"tictactoe_result""#) })
        let heading = "#### Tic-tac-toe transcript, JSON mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }

    @Test("the text-mode transcript")
    func text() throws {
        let session = try Transcript(showingGreeting: false)
        try session.exchange("hello ann") { $0.hasPrefix("welcome") }
        try session.exchange("create tictactoe first=o games=1 turn=0 name=noughts") {
            $0.hasPrefix("you created")
        }
        var received = try session.exchange("start") { $0.hasPrefix("your move") }
        var board = String(repeating: ".", count: 9)
        var refused = false
        while true {
            for line in received {
                if let range = line.range(of: "board ") {
                    board = line[range.upperBound...].prefix(11).replacingOccurrences(
                        of: "/", with: "")
                }
            }
            if received.last?.hasPrefix("you left") == true { break }
            if !refused && board.contains(where: { $0 != "." }) {
                refused = true
                try session.exchange("mark \(Self.firstTakenCell(board))") {
                    $0.hasPrefix("error")
                }
            }
            received = try session.exchange("mark \(Self.firstEmptyCell(board))") {
                $0.hasPrefix("your move") || $0.hasPrefix("you left")
            }
        }
        try session.exchange("history") { $0.hasPrefix("#1 ") }
        #expect(session.lines.contains { $0.hasPrefix("← error (cell_taken)") })
        let heading = "#### Tic-tac-toe transcript, text mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }
}
