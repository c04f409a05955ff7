import CardGames
import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// Plays one whole deal as a client and checks that the transcript of docs/games/bigtwo.md is
/// exactly what the server says. Set BIGTWO_UPDATE_TRANSCRIPT=1 to rewrite the transcript.
@Suite("protocol.md transcript")
struct ProtocolTranscriptTests {
    static let heading = "## Transcript of a game"

    /// Connects, says hello, creates a one-deal table, starts it, and plays the deal to the
    /// end with the first legal move each turn, recording every line both ways.
    func recordGame() throws -> [String] {
        let session = try Transcript(showingGreeting: true)
        try session.send(jsonHello("ann"))
        try session.receive()
        try session.send(#"{"type":"create","id":2,"name":"demo","games":1,"turn_seconds":0}"#)
        try session.receive()
        try session.send("start")
        var requestID = 3
        while true {
            let message = try session.receiveMessage()
            switch message.event {
            case .turn(let turn) where turn.seat == 0:
                try session.send(#"{"type":"state","id":\#(requestID)}"#)
                requestID += 1
                var snapshot: Snapshot?
                while snapshot == nil {
                    if case .state(let state) = try session.receiveMessage().event {
                        snapshot = state
                    }
                }
                let move = TestPlayer.legalMove(in: snapshot!)
                if move.hasPrefix("play ") {
                    let cards = move.dropFirst(5).split(separator: " ").map { "\"\($0)\"" }
                    try session.send(
                        #"{"type":"play","cards":[\#(cards.joined(separator: ","))],"id":\#(requestID)}"#)
                    requestID += 1
                } else {
                    try session.send(move)
                }
            case .matchEnd:
                return session.lines
            case .error(let error):
                throw TestFailure("unexpected error \(error.code)")
            default:
                break
            }
        }
    }

    @Test("the transcript in protocol.md is what a real game produces")
    func transcriptIsTrue() throws {
        let transcript = try recordGame()
        #expect(transcript.contains { $0.contains(#""type":"deal_end""#) })
        #expect(try ProtocolDocument.mismatch(inBlockAfter: Self.heading, lines: transcript) == nil)
    }
}
