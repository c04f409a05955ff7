import Testing

/// The roulette transcripts of docs/games/roulette.md, in JSON and in text mode, are what a real
/// server writes: one round beside a bot, with a bet over the limit refused. Set
/// BIGTWO_UPDATE_TRANSCRIPT=1 to rewrite them.
@Suite("protocol.md roulette transcripts")
struct RouletteTranscriptTests {
    @Test("the JSON transcript")
    func json() throws {
        let session = try Transcript.json(
            creating:
                #"{"type":"create","kind":"roulette","segments":6,"seats":2,"max_stake":20,"games":1,"turn_seconds":0,"name":"wheel","id":2}"#
        )
        try session.playJSON(from: 4) { event in
            guard case .rouletteTurn(let turn) = event, turn.seat == 0 else { return [] }
            return [
                .init(
                    text: #""type":"bet","bets":[{"segment":2,"chips":15},{"segment":5,"chips":10}]"#,
                    refused: true),
                .init(text: #""type":"bet","bets":[{"segment":2,"chips":5},{"segment":5,"chips":3}]"#),
            ]
        }
        #expect(session.lines.contains { $0.contains(#""code":"over_limit""#) })
        #expect(session.lines.contains { $0.contains(#""type":"roulette_spin""#) })
        let heading = "#### Roulette transcript, JSON mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }

    @Test("the text-mode transcript")
    func text() throws {
        let session = try Transcript.text(
            creating: "create roulette segments=6 seats=2 stake=20 games=1 turn=0 name=wheel")
        try session.playText(turn: "your bets") { _ in
            [.init(text: "bet 15 on 2, 10 on 5", refused: true), .init(text: "bet 5 on 2, 3 on 5")]
        }
        #expect(session.lines.contains { $0.hasPrefix("← error (over_limit)") })
        let heading = "#### Roulette transcript, text mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }
}
