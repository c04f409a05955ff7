import Testing

/// The memory transcripts of protocol.md, in JSON and in text mode, are what a real server
/// writes: a game of three pairs against the bot that remembers everything, with one flip
/// refused. Set BIGTWO_UPDATE_TRANSCRIPT=1 to rewrite them.
@Suite("protocol.md memory transcripts")
struct MemoryTranscriptTests {
    /// What the scripted player has seen: the faces of flipped cards, the pairs found and
    /// the card face up this turn. It flips a pair it knows, else a card it has not seen.
    struct Notes {
        let cards: Int
        var faces: [Int: String] = [:]
        var found: Set<Int> = []
        var firstUp: Int?

        /// Learns from a flip of `card` showing `face`; `result` is nil for a turn's first
        /// card, else `pair` or `miss`.
        mutating func flipped(_ card: Int, face: String, result: String?) {
            faces[card] = face
            if result == "pair", let first = firstUp { found.formUnion([first, card]) }
            firstUp = result == nil ? card : nil
        }

        /// The card to flip next.
        var choice: Int {
            let down = (1...cards).filter { !found.contains($0) && $0 != firstUp }
            let known = down.filter { faces[$0] != nil }
            if let first = firstUp {
                if let match = known.first(where: { faces[$0] == faces[first] }) { return match }
            } else if let pair = known.first(where: { card in
                known.contains { $0 != card && faces[$0] == faces[card] }
            }) {
                return pair
            }
            return down.first { faces[$0] == nil } ?? down[0]
        }
    }

    @Test("the JSON transcript")
    func json() throws {
        let session = try Transcript(showingGreeting: true)
        try session.request(jsonHello("ann"), until: "welcome")
        try session.request(
            #"{"type":"create","kind":"memory","pairs":3,"seats":2,"games":1,"turn_seconds":0,"name":"pairs","id":2}"#,
            until: "created")
        try session.send(#"{"type":"start","id":3}"#)
        var notes = Notes(cards: 6)
        var id = 4
        var refused = false
        playing: while true {
            switch try session.receiveMessage().event {
            case .memoryFlip(let flip):
                notes.flipped(flip.card, face: flip.face, result: flip.result)
            case .memoryTurn(let turn) where turn.seat == 0:
                if !refused, let up = notes.firstUp {
                    refused = true
                    try session.request(
                        #"{"type":"flip","card":\#(up),"id":\#(id)}"#, until: "error")
                    id += 1
                }
                try session.send(#"{"type":"flip","card":\#(notes.choice),"id":\#(id)}"#)
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
        #expect(session.lines.contains { $0.contains(#""code":"card_face_up""#) })
        #expect(session.lines.contains { $0.contains(#""type":"memory_end""#) })
        let heading = "#### Memory transcript, JSON mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }

    @Test("the text-mode transcript")
    func text() throws {
        let session = try Transcript(showingGreeting: false)
        try session.exchange("hello ann") { $0.hasPrefix("welcome") }
        try session.exchange("create memory pairs=3 seats=2 games=1 turn=0 name=pairs") {
            $0.hasPrefix("you created")
        }
        let turnOrEnd: (String) -> Bool = { $0.hasPrefix("your turn") || $0.hasPrefix("you left") }
        var received = try session.exchange("start", until: turnOrEnd)
        var notes = Notes(cards: 6)
        var refused = false
        while true {
            for line in received {
                guard let range = line.range(of: "flipped card ") else { continue }
                let words = line[range.upperBound...].split(separator: " ")
                guard let card = Int(words[0].dropLast()), words.count > 1 else { continue }
                let result = ["pair", "miss"].first { line.hasSuffix(" \($0)") }
                notes.flipped(card, face: String(words[1].prefix(1)), result: result)
            }
            if received.last?.hasPrefix("you left") == true { break }
            if !refused, let up = notes.firstUp {
                refused = true
                try session.exchange("flip \(up)") { $0.hasPrefix("error") }
            }
            received = try session.exchange("flip \(notes.choice)", until: turnOrEnd)
        }
        try session.exchange("history") { $0.hasPrefix("#1 ") }
        #expect(session.lines.contains { $0.hasPrefix("← error (card_face_up)") })
        let heading = "#### Memory transcript, text mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }
}
