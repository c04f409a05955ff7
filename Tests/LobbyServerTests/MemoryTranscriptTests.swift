import Testing

/// The memory transcripts of docs/games/memory.md, in JSON and in text mode, are what a real server
/// writes: a game of three pairs against the bot that remembers everything, with one flip refused.
/// Set BIGTWO_UPDATE_TRANSCRIPT=1 to rewrite them.
@Suite("protocol.md memory transcripts")
struct MemoryTranscriptTests {
    /// What the scripted player has seen: the faces of flipped cards, the pairs found and
    /// the card face up this turn. It flips a pair it knows, else a card it has not seen.
    struct Notes {
        let cards: Int
        var faces: [Int: String] = [:]
        var found: Set<Int> = []
        var firstUp: Int?
        var refused = false

        /// Learns from a flip of `card` showing `face`; `result` is nil for a turn's first
        /// card, else `pair` or `miss`.
        mutating func flipped(_ card: Int, face: String, result: String?) {
            faces[card] = face
            if result == "pair", let first = firstUp { found.formUnion([first, card]) }
            firstUp = result == nil ? card : nil
        }

        /// The moves to make now, each written by `write` from a card number: the card to flip,
        /// and once, before it, the card already up this turn (refused).
        mutating func moves(_ write: (Int) -> String) -> [Transcript.Move] {
            var moves = [Transcript.Move(text: write(choice))]
            if !refused, let up = firstUp {
                refused = true
                moves.insert(Transcript.Move(text: write(up), refused: true), at: 0)
            }
            return moves
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
        let session = try Transcript.json(
            creating:
                #"{"type":"create","kind":"memory","pairs":3,"seats":2,"games":1,"turn_seconds":0,"name":"pairs","id":2}"#
        )
        var notes = Notes(cards: 6)
        try session.playJSON(from: 4) { event in
            if case .memoryFlip(let flip) = event {
                notes.flipped(flip.card, face: flip.face, result: flip.result)
            }
            guard case .memoryTurn(let turn) = event, turn.seat == 0 else { return [] }
            return notes.moves { #""type":"flip","card":\#($0)"# }
        }
        #expect(session.lines.contains { $0.contains(#""code":"card_face_up""#) })
        #expect(session.lines.contains { $0.contains(#""type":"memory_end""#) })
        let heading = "#### Memory transcript, JSON mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }

    @Test("the text-mode transcript")
    func text() throws {
        let session = try Transcript.text(
            creating: "create memory pairs=3 seats=2 games=1 turn=0 name=pairs")
        var notes = Notes(cards: 6)
        try session.playText(turn: "your turn") { received in
            for line in received {
                guard let range = line.range(of: "flipped card ") else { continue }
                let words = line[range.upperBound...].split(separator: " ")
                guard words.count > 1, let card = Int(words[0].dropLast()) else { continue }
                let result = ["pair", "miss"].first { line.hasSuffix(" \($0)") }
                notes.flipped(card, face: String(words[1].prefix(1)), result: result)
            }
            return notes.moves { "flip \($0)" }
        }
        #expect(session.lines.contains { $0.hasPrefix("← error (card_face_up)") })
        let heading = "#### Memory transcript, text mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }
}
