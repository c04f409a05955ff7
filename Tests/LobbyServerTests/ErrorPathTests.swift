import CardGames
import LobbyProtocol
import Testing

@testable import LobbyServer

@Suite("Errors leave the game unchanged and the session usable")
struct ErrorPathTests {
    @Test("framing and syntax errors name the problem and keep the session")
    func syntaxErrors() throws {
        let server = try TestServer()
        let ann = try server.connect()
        // Before hello a reply takes its line's form: these JSON lines get JSON.
        #expect(try ann.errorCode(for: #"{"type":"list"}"#) == .notLoggedIn)
        #expect(try ann.errorCode(for: "{not json") == .badJSON)
        try ann.request(jsonHello("ann"), expect: "welcome")
        // A JSON hello chose JSON: plain lines now get JSON too.
        try ann.client.sendRaw([0xC3, 0x28, 0x41, 0x0A])
        #expect(try ann.errorReply().code == .notUTF8)
        #expect(try ann.errorCode(for: "frobnicate") == .unknownType)
        #expect(try ann.errorCode(for: jsonHello("ann")) == .alreadyLoggedIn)
        try ann.send(#"{"type":"join","id":"j1"}"#)
        let missing = try ann.errorReply()
        #expect(missing.code == .missingField)
        #expect(missing.message.contains("'table'"))
        try ann.send(#"{"type":"join","table":"x","id":2}"#)
        let wrong = try ann.errorReply()
        #expect(wrong.code == .invalidField)
        #expect(wrong.message.contains("'table'"))
        try ann.send(#"{"type":"nope","id":9}"#)
        guard case .error(let unknown) = try ann.waitFor("error").event else {
            Issue.record("expected a 'error' event")
            return
        }
        #expect(unknown.code == .unknownType)
        #expect(try ann.errorCode(for: "join 99") == .noSuchTable)
        #expect(try ann.errorCode(for: "create ecard payout=7") == .invalidField)
        #expect(try ann.errorCode(for: "play 3d") == .notSeated)
        let pong = try ann.request(#"{"type":"ping","id":"p"}"#, expect: "pong")
        #expect(pong.id == .text("p"))
    }

    @Test("a line over 64 KiB gets line_too_long and the connection closes")
    func longLine() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        try ann.client.sendRaw([UInt8](repeating: UInt8(ascii: "a"), count: 70_000) + [0x0A])
        let line = try ann.client.readLine()
        #expect(line?.contains("line_too_long") == true)
        let end = try ann.client.readLine()
        #expect(end == nil)
        let bob = try server.login("bob")
        #expect(try bob.request("list", expect: "tables").event.type == "tables")
    }

    @Test("every rule error maps to its code and changes nothing")
    func ruleErrors() throws {
        let server = try TestServer(seed: 5)
        let ann = try server.login("ann")
        try ann.request("create", expect: "created")
        ann.seat = 0
        try ann.send("start")
        var seen = Set<ErrorCode>()
        _ = try ann.playDeal { (before: Snapshot) throws in
            for (line, code) in Self.badMoves(for: before) {
                #expect(try ann.errorCode(for: line) == code, "\(line)")
                seen.insert(code)
            }
            #expect(try ann.state() == before)
        }
        let expected: Set<ErrorCode> = [
            .cardsNotInHand, .duplicateCards, .notACombination, .wrongSize, .doesNotBeat,
            .cannotPassWhenLeading, .mustIncludeLowestCard, .emptyPlay,
        ]
        #expect(seen == expected)
    }

    /// Moves the engine must refuse in this position, with the code each should get.
    static func badMoves(for snapshot: Snapshot) -> [(String, ErrorCode)] {
        let options = snapshot.table.options ?? .standard
        let hand = snapshot.hand ?? []
        guard let deal = snapshot.deal, let low = hand.first else { return [] }
        var moves: [(String, ErrorCode)] = [
            ("play " + Card.deck.first { !hand.contains($0) }!.notation, .cardsNotInHand),
            ("play \(low.notation) \(low.notation)", .duplicateCards),
            (#"{"type":"play","cards":[]}"#, .emptyPlay),
        ]
        if let other = hand.first(where: { $0.rank != low.rank }) {
            moves.append(("play \(low.notation) \(other.notation)", .notACombination))
        }
        let firstPlay = deal.played.isEmpty
        if firstPlay, hand.count > 1 {
            moves.append(("play " + hand[1].notation, .mustIncludeLowestCard))
        }
        if deal.leading {
            moves.append(("pass", .cannotPassWhenLeading))
        } else if let table = deal.tablePlay, !firstPlay {
            if table.count == 1 {
                if let weaker = hand.first(where: {
                    options.strength(of: $0) < options.strength(of: table[0])
                }) {
                    moves.append(("play " + weaker.notation, .doesNotBeat))
                }
                let ranks = Dictionary(grouping: hand, by: \.rank)
                if let pair = ranks.values.first(where: { $0.count >= 2 }) {
                    moves.append(("play \(pair[0].notation) \(pair[1].notation)", .wrongSize))
                }
            } else {
                moves.append(("play " + low.notation, .wrongSize))
            }
        }
        return moves
    }
}
