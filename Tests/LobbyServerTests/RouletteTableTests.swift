import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport

@testable import LobbyServer

@Suite("Playing at roulette tables")
struct RouletteTableTests {
    @Test("a person bets against bots; every spin verifies and chips add up; logged")
    func rounds() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        let log = try GameLog(directory: directory.url)
        let server = try TestServer(seed: 12, recorder: log)
        let ann = try server.login("ann")
        let created = try ann.request(
            "create roulette segments=6 seats=3 stake=20 games=3", expect: "created")
        guard case .created(let notice) = created.event else { throw TestFailure("created") }
        #expect(notice.table.kind == .roulette && notice.table.seats.count == 3)
        let sam = try server.login("sam")
        try sam.request("watch 1", expect: "watching")
        try ann.send("start")
        var commitment = ""
        var spins: [RouletteSpinNotice] = []
        var bets: [[RouletteStake]] = [[], [], []]
        var totals = [0, 0, 0]
        while spins.count < 3 {
            switch try ann.next().event {
            case .rouletteRound(let round):
                #expect(round.segments == 6 && round.maxStake == 20)
                commitment = round.commitment
                bets = [[], [], []]
            case .rouletteTurn(let turn) where turn.seat == 0:
                try ann.send("bet 5 on 2, 3 on 6")
            case .rouletteBet(let bet):
                bets[bet.seat] = bet.bets
                #expect(bet.bets.reduce(0) { $0 + $1.chips } <= 20)
            case .rouletteSpin(let spin):
                let seed = try #require(DealSeed(hex: spin.seed))
                #expect(spin.commitment == commitment && seed.commitment == commitment)
                #expect(
                    RouletteWheel.verify(
                        seed: seed, commitment: commitment, segments: 6, result: spin.result)
                        == .valid)
                let expected = bets.map { seatBets in
                    seatBets.reduce(0) { net, bet in
                        net + (bet.segment == spin.result ? bet.chips * 5 : -bet.chips)
                    }
                }
                #expect(spin.payouts == expected)
                totals = zip(totals, spin.payouts).map { $0 + $1 }
                #expect(spin.totals == totals)
                spins.append(spin)
            case .error(let reply):
                throw TestFailure("\(reply.code): \(reply.message)")
            default:
                break
            }
        }
        #expect(
            bets[0] == [RouletteStake(segment: 2, chips: 5), RouletteStake(segment: 6, chips: 3)])
        var watched: [RouletteSpinNotice] = []
        while watched.count < 3 {
            if case .rouletteSpin(let spin) = try sam.next().event { watched.append(spin) }
        }
        #expect(watched == spins)
        let records = log.records
        #expect(records.count == 3 && records.allSatisfy { $0.kind == .roulette })
        #expect(records.allSatisfy { $0.players == ["ann", "bot:random", "bot:random"] })
        for record in records {
            if case .failure(let error) = DealReplay.replay(record) {
                Issue.record("round \(record.deal) does not replay: \(error)")
            }
        }
    }

    @Test("a person whose betting time runs out bets nothing that round")
    func bettingTime() throws {
        let server = try TestServer(seed: 14)
        let ann = try server.login("ann")
        try ann.request(
            #"{"type":"create","kind":"roulette","seats":2,"games":1,"turn_seconds":1}"#,
            expect: "created")
        try ann.send("start")
        guard case .rouletteTurn(let turn) = try ann.waitFor("roulette_turn").event else {
            throw TestFailure("turn")
        }
        #expect(turn.seat == 0 && turn.deadline != nil)
        guard case .rouletteBet(let bet) = try ann.waitFor("roulette_bet").event else {
            throw TestFailure("bet")
        }
        #expect(bet.seat == 0 && bet.bets.isEmpty && bet.timedOut == true)
        guard case .rouletteSpin(let spin) = try ann.waitFor("roulette_spin").event else {
            throw TestFailure("spin")
        }
        #expect(spin.payouts[0] == 0)
    }

    @Test("bad bets get clear errors and change nothing")
    func errors() throws {
        let server = try TestServer(seed: 13)
        let ann = try server.login("ann")
        #expect(try ann.errorCode(for: "create roulette segments=1") == .invalidField)
        #expect(try ann.errorCode(for: "create roulette seats=9") == .invalidField)
        #expect(try ann.errorCode(for: "create segments=12") == .invalidField)
        try ann.request("create roulette segments=12 seats=2 stake=10", expect: "created")
        let bob = try server.login("bob")
        try bob.request("join 1", expect: "joined")
        try ann.send("start")
        try ann.waitFor("roulette_turn")
        #expect(try bob.errorCode(for: "bet 1 on 1") == .notYourTurn)
        #expect(try ann.errorCode(for: "bet 5 on 13") == .invalidField)
        #expect(try ann.errorCode(for: "bet 0 on 3") == .invalidField)
        #expect(try ann.errorCode(for: "bet 6 on 3, 5 on 4") == .overLimit)
        #expect(try ann.errorCode(for: "bet five on 3") == .invalidField)
        #expect(try ann.errorCode(for: "bet") == .missingField)
        #expect(try ann.errorCode(for: "flip 3") == .wrongTableKind)
        #expect(try ann.state().roulette?.bets == [[], []])
        guard
            case .rouletteBet(let bet) = try ann.request(
                #"{"type":"bet","segment":3,"chips":5,"id":4}"#, expect: "roulette_bet"
            ).event
        else { throw TestFailure("bet") }
        #expect(bet.bets == [RouletteStake(segment: 3, chips: 5)])
        #expect(try ann.errorCode(for: "bet 1 on 1") == .notYourTurn)
        #expect(try bob.state().roulette?.bets == [[RouletteStake(segment: 3, chips: 5)], []])
    }

    @Test("a bet holds at most 36 bets, and chips are limited by max_stake alone")
    func betLimits() throws {
        let server = try TestServer(seed: 14)
        let ann = try server.login("ann")
        try ann.request("create roulette segments=36 seats=2 stake=100", expect: "created")
        let bob = try server.login("bob")
        try bob.request("join 1", expect: "joined")
        try ann.send("start")
        try ann.waitFor("roulette_turn")
        /// A JSON bet of one chip on each of `segments`.
        func bets(_ segments: [Int]) -> String {
            let items = segments.map { #"{"segment":\#($0),"chips":1}"# }
            return #"{"type":"bet","bets":["# + items.joined(separator: ",") + "]}"
        }
        // 37 bets are too many, and the refusal says so (not that a segment is wrong).
        try ann.send(bets(Array(1...36) + [7]))
        let tooMany = try ann.errorReply()
        #expect(tooMany.code == .invalidField && tooMany.message.contains("at most 36 bets"))
        #expect(try ann.errorCode(for: "bet 2000000 on 3") == .overLimit)
        #expect(
            try ann.errorCode(for: #"{"type":"bet","segment":3,"chips":1,"bets":[]}"#)
                == .invalidField)
        #expect(try ann.state().roulette?.bets == [[], []])
        // 36 bets are taken, two of them on one segment.
        guard
            case .rouletteBet(let all) = try ann.request(
                bets(Array(1...35) + [7]), expect: "roulette_bet"
            ).event
        else { throw TestFailure("bet") }
        #expect(all.bets.count == 36)
        // An empty list bets nothing and ends the turn.
        try bob.send("bet none")
        var none: RouletteBetNotice?
        while none == nil {
            if case .rouletteBet(let bet) = try bob.next().event, bet.seat == 1 { none = bet }
        }
        #expect(none?.bets == [])
    }
}
