import Testing

/// The E-Card transcripts of protocol.md, in JSON and in text mode, are what a real server
/// writes: a one-hand match against the equilibrium bot, with a card the player does not
/// hold refused. Set BIGTWO_UPDATE_TRANSCRIPT=1 to rewrite them.
@Suite("protocol.md E-Card transcripts")
struct ECardTranscriptTests {
    static let create =
        #"{"type":"create","kind":"ecard","ecard":{"hands_per_match":1},"games":1,"turn_seconds":0,"name":"duel","id":2}"#

    /// A citizen while one is held, else the side's own card; and the card the side lacks.
    static func cards(holding held: [String]) -> (lay: String, lacking: String) {
        let lay = held.contains("citizen") ? "citizen" : held.first ?? "citizen"
        return (lay, held.contains("slave") ? "emperor" : "slave")
    }

    @Test("the JSON transcript")
    func json() throws {
        let session = try Transcript(showingGreeting: true)
        try session.request(jsonHello("ann"), until: "welcome")
        try session.request(Self.create, until: "created")
        try session.send(#"{"type":"start","id":3}"#)
        var held: [String] = []
        var id = 4
        var refused = false
        playing: while true {
            switch try session.receiveMessage().event {
            case .ecardHand(let hand):
                held = hand.cards ?? []
            case .ecardReveal(let reveal):
                if let index = held.firstIndex(of: reveal.cards[0]) { held.remove(at: index) }
            case .ecardTurn(let turn) where turn.seat == 0:
                let cards = Self.cards(holding: held)
                if !refused {
                    refused = true
                    try session.request(
                        #"{"type":"lay","card":"\#(cards.lacking)","id":\#(id)}"#, until: "error")
                    id += 1
                }
                try session.send(#"{"type":"lay","card":"\#(cards.lay)","id":\#(id)}"#)
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
        #expect(session.lines.contains { $0.contains(#""code":"card_not_in_hand""#) })
        #expect(session.lines.contains { $0.contains(#""winning_side""#) })
        let heading = "#### E-Card transcript, JSON mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }

    @Test("the text-mode transcript")
    func text() throws {
        let session = try Transcript(showingGreeting: false)
        try session.exchange("hello ann") { $0.hasPrefix("welcome") }
        try session.exchange(Self.create) { $0.hasPrefix("you created") }
        let turnOrEnd: (String) -> Bool = { $0.hasPrefix("your turn") || $0.hasPrefix("you left") }
        var received = try session.exchange("start", until: turnOrEnd)
        var refused = false
        while let turn = received.last, turn.hasPrefix("your turn") {
            let range = try #require(turn.range(of: "you hold "))
            let cards = Self.cards(
                holding: turn[range.upperBound...].split(separator: " ").map(String.init))
            if !refused {
                refused = true
                try session.exchange("lay \(cards.lacking)") { $0.hasPrefix("error") }
            }
            received = try session.exchange("lay \(cards.lay)", until: turnOrEnd)
        }
        try session.exchange("history") { $0.hasPrefix("#1 ") }
        #expect(session.lines.contains { $0.hasPrefix("← error (card_not_in_hand)") })
        let heading = "#### E-Card transcript, text mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }
}
