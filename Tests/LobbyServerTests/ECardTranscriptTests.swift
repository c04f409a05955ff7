import Testing

/// The E-Card transcripts of docs/games/ecard.md, in JSON and in text mode, are what a real server
/// writes: a one-hand match against the equilibrium bot, with a card the player does not hold
/// refused. Set BIGTWO_UPDATE_TRANSCRIPT=1 to rewrite them.
@Suite("protocol.md E-Card transcripts")
struct ECardTranscriptTests {
    static let create =
        #"{"type":"create","kind":"ecard","ecard":{"hands_per_match":1},"games":1,"turn_seconds":0,"name":"duel","id":2}"#

    /// The scripted player: it lays a citizen while it holds one, else its side's own card,
    /// and once, first, the card its side lacks (refused).
    struct Player {
        var held: [String] = []
        var refused = false

        /// The moves to make now, each written by `write` from a card name.
        mutating func moves(_ write: (String) -> String) -> [Transcript.Move] {
            let card = held.contains("citizen") ? "citizen" : held.first ?? "citizen"
            var moves = [Transcript.Move(text: write(card))]
            if !refused {
                refused = true
                let lacking = held.contains("slave") ? "emperor" : "slave"
                moves.insert(Transcript.Move(text: write(lacking), refused: true), at: 0)
            }
            return moves
        }
    }

    @Test("the JSON transcript")
    func json() throws {
        let session = try Transcript.json(creating: Self.create)
        var player = Player()
        try session.playJSON(from: 4) { event in
            switch event {
            case .ecardHand(let hand):
                player.held = hand.cards ?? []
            case .ecardReveal(let reveal):
                if let index = player.held.firstIndex(of: reveal.cards[0]) {
                    player.held.remove(at: index)
                }
            case .ecardTurn(let turn) where turn.seat == 0:
                return player.moves { #""type":"lay","card":"\#($0)""# }
            default:
                break
            }
            return []
        }
        #expect(session.lines.contains { $0.contains(#""code":"card_not_in_hand""#) })
        #expect(session.lines.contains { $0.contains(#""winning_side""#) })
        let heading = "#### E-Card transcript, JSON mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }

    @Test("the text-mode transcript")
    func text() throws {
        let session = try Transcript.text(creating: Self.create)
        var player = Player()
        try session.playText(turn: "your turn") { received in
            let turn = try #require(received.last)
            let range = try #require(turn.range(of: "you hold "))
            player.held = turn[range.upperBound...].split(separator: " ").map(String.init)
            return player.moves { "lay \($0)" }
        }
        #expect(session.lines.contains { $0.hasPrefix("← error (card_not_in_hand)") })
        let heading = "#### E-Card transcript, text mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }
}
