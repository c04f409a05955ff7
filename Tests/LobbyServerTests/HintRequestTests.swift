import CardGames
import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// `hint` through a real socket: at your turn, your legal moves (Big Two: weakest first, from
/// your own hand only); at any other time a clear refusal that changes nothing.
@Suite("The hint request")
struct HintRequestTests {
    static func hint(_ message: ServerMessage) throws -> HintReply {
        guard case .hint(let hint) = message.event else { throw TestFailure("not a hint") }
        return hint
    }

    @Test("Big Two: every legal play from your own hand, weakest first, and whether to pass")
    func bigTwoHint() throws {
        let server = try TestServer(seed: 24)
        let ann = try server.login("ann")
        try ann.request("create turn=0 games=1", expect: "created")
        ann.seat = 0
        try ann.request("start", expect: "deal_start")
        var checked = 0
        _ = try ann.playDeal { snapshot in
            let reply = try ann.request(#"{"type":"hint","id":"h"}"#, expect: "hint")
            #expect(reply.id == .text("h"))
            let hint = try Self.hint(reply)
            let hand = CardSet(snapshot.hand ?? [])
            let options = snapshot.table.options ?? .standard
            let rules = BigTwoRules(options: options)
            let table = snapshot.deal?.tablePlay.flatMap { rules.classify(CardSet($0)) }
            let mustInclude = snapshot.deal?.played.isEmpty == true ? options.lowestCard : nil
            let legal = rules.legalPlays(hand: hand, over: table, mustInclude: mustInclude)
            let plays = hint.plays ?? []
            #expect(hint.table == 1 && hint.seat == 0)
            #expect(Set(plays.map { CardSet($0.cards) }) == Set(legal.map(\.cards)))
            #expect(plays.count == legal.count)
            #expect(plays.allSatisfy { hand.isSuperset(of: CardSet($0.cards)) }, "own cards only")
            let sizes = plays.map(\.cards.count)
            #expect(sizes == sizes.sorted(), "fewest cards first")
            let singles = plays.filter { $0.cards.count == 1 }.compactMap { rules.classify(CardSet($0.cards)) }
            #expect(singles.map(\.strength) == singles.map(\.strength).sorted(), "lowest first")
            #expect(hint.canPass == (table != nil))
            #expect(hint.cells == nil && hint.lays == nil && hint.cards == nil)
            checked += 1
        }
        #expect(checked > 0)
    }

    @Test("refusals: before hello, away from a table, watching, not your turn, a reserved seat")
    func refusals() throws {
        let server = try TestServer(seed: 24)
        let stranger = try server.connect()
        #expect(try stranger.errorCode(for: #"{"type":"hint"}"#) == .notLoggedIn)
        let ann = try server.login("ann")
        #expect(try ann.errorCode(for: "hint") == .notSeated)
        try ann.request("create turn=0 games=1", expect: "created")
        #expect(try ann.errorCode(for: "hint") == .noDeal)
        ann.seat = 0
        try ann.request("start", expect: "deal_start")
        let eve = try server.login("eve")
        try eve.request("watch 1", expect: "watching")
        #expect(try eve.errorCode(for: "hint") == .spectatorCannotAct)
        let cat = try server.login("cat")
        try cat.request("join 1 1", expect: "joined")
        let reserved = try { () throws -> ErrorReply in
            try cat.send("hint")
            return try cat.errorReply()
        }()
        #expect(reserved.code == .notYourTurn)
        #expect(reserved.message.contains("next deal"), "\(reserved.message)")
        // Once the table waits for ann, nobody else may ask.
        while true {
            if case .turn(let turn) = try ann.next().event, turn.seat == 0 { break }
        }
        let early = try { () throws -> ErrorReply in
            try cat.send("hint")
            return try cat.errorReply()
        }()
        #expect(early.code == .notYourTurn)
        #expect(try Self.hint(try ann.request("hint", expect: "hint")).plays?.isEmpty == false)
    }

    @Test("the small games: empty cells, face-down cards, cards in hand, segments and chips")
    func smallGameHints() throws {
        let server = try TestServer(seed: 24)
        let ann = try server.login("ann")
        try ann.request("create tictactoe turn=0 games=1", expect: "created")
        try ann.send("start")
        _ = try ann.waitFor("tictactoe_turn")
        try ann.request("mark 5", expect: "tictactoe_mark")
        _ = try ann.waitFor("tictactoe_turn")
        try ann.waitFor("tictactoe_turn")
        let board = try #require(try ann.state().tictactoe?.board)
        let empty = Array(board).indices.filter { Array(board)[$0] == "." }.map { $0 + 1 }
        #expect(try Self.hint(try ann.request("hint", expect: "hint")).cells == empty)
        try ann.request("leave", expect: "left")

        try ann.request("create memory pairs=3 turn=0 games=1", expect: "created")
        try ann.send("start")
        _ = try ann.waitFor("memory_turn")
        #expect(try Self.hint(try ann.request("hint", expect: "hint")).cards == Array(1...6))
        try ann.request("flip 2", expect: "memory_flip")
        #expect(try Self.hint(try ann.request("hint", expect: "hint")).cards == [1, 3, 4, 5, 6])
        try ann.request("leave", expect: "left")

        try ann.request("create roulette segments=6 seats=1 stake=20 turn=0", expect: "created")
        try ann.send("start")
        _ = try ann.waitFor("roulette_turn")
        let wheel = try Self.hint(try ann.request("hint", expect: "hint"))
        #expect(wheel.segments == Array(1...6) && wheel.maxChips == 20)
        try ann.request("leave", expect: "left")

        try ann.request("create ecard turn=0", expect: "created")
        try ann.send("start")
        _ = try ann.waitFor("ecard_turn")
        let lays = try Self.hint(try ann.request("hint", expect: "hint")).lays
        #expect(lays == ["emperor", "citizen"] || lays == ["citizen", "slave"], "\(lays ?? [])")
    }

    @Test("the largest hint (thirteen cards of one suit, leading) stays under 100 KB")
    func largestHint() {
        let hand = CardSet(Rank.allCases.map { Card($0, .hearts) })
        let plays = BigTwoRules(options: .standard).legalPlays(hand: hand, over: nil)
        var hint = HintReply(table: 1, seat: 0)
        hint.plays = plays.map { HintReply.Play(cards: $0.cards.cards, combo: $0.kind.name) }
        hint.canPass = false
        let line = ServerMessageEncoder().line(.hint(hint))
        #expect(plays.count > 1_000)
        #expect(line.count < 100_000, "\(plays.count) plays, \(line.count) bytes")
    }

    @Test("text mode: one line of your plays, weakest first")
    func textHint() throws {
        let server = try TestServer(seed: 24)
        let ann = try server.textLogin("ann")
        try ann.send("create turn=0 games=1")
        _ = try ann.readLines { $0.hasPrefix("you created") }
        try ann.send("start")
        _ = try ann.readLines { $0.hasPrefix("your turn") }
        try ann.send("hint")
        let line = try #require(try ann.readLines { $0.hasPrefix("hint") }.last)
        #expect(line.hasPrefix("hint, weakest first: "), "\(line)")
        let entries = line.dropFirst("hint, weakest first: ".count).components(separatedBy: ", ")
        for entry in entries where entry != "pass" && !entry.hasPrefix("…") {
            let cards = entry.split(separator: " ").prefix { !$0.hasPrefix("(") }
            #expect(cards.allSatisfy { (try? Card(parsing: $0)) != nil }, "\(entry)")
        }
    }
}
