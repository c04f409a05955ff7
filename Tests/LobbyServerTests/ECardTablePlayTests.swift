import CardGames
import Foundation
import LobbyProtocol
import Locking
import Testing

@testable import LobbyServer

@Suite("Playing at E-Card tables")
struct ECardTablePlayTests {
    /// The `create` line of an E-Card table.
    static func create(
        slavePayout: Int = 5, stake: Int = 1, hands: Int = 12, swap: Int = 3, games: Int = 1,
        extra: String = ""
    ) -> String {
        #"{"type":"create","kind":"ecard","games":\#(games),"ecard":{"slave_payout":"#
            + #"\#(slavePayout),"emperor_payout":\#(stake),"hands_per_match":\#(hands),"#
            + #""swap_interval":\#(swap)}\#(extra)}"#
    }

    @Test(
        "a whole match against the bot: sides swap every 3 hands, payouts and totals add up",
        arguments: [(5, 1, UInt64(21)), (10, 3, UInt64(22))])
    func matchAgainstBot(slavePayout: Int, stake: Int, seed: UInt64) throws {
        let server = try TestServer(seed: seed)
        let ann = try server.login("ann")
        let created = try ann.request(
            Self.create(slavePayout: slavePayout, stake: stake), expect: "created")
        guard case .created(let notice) = created.event else { throw TestFailure("created") }
        #expect(notice.seat == 0)
        #expect(notice.table.kind == .ecard)
        #expect(notice.table.seats.count == 2)
        #expect(notice.table.ecard?.slavePayout == slavePayout)
        #expect(notice.table.ecard?.emperorPayout == stake)
        #expect(notice.table.options == nil && notice.table.rules == nil)
        let sam = try server.login("sam")
        try sam.request("watch 1", expect: "watching")
        try ann.send("start")
        let referee = ECardReferee(slavePayout: slavePayout, stake: stake)
        let human = ECardHuman(ann, seat: 0, referee: referee, seed: seed)
        try human.play(untilMatches: 1)
        let watcher = ECardHuman(sam, seat: nil, referee: referee, seed: 0)
        try watcher.play(untilMatches: 1)

        #expect(human.allProblems == [])
        #expect(watcher.allProblems == [])
        let seen = human.referee
        #expect(seen.handsDecided == 12)
        #expect(seen.emperorSeats == [0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1])
        #expect(seen.emperorWins > 0 && seen.slaveWins > 0)
        #expect(seen.tableTotals.reduce(0, +) == 0)
        let wins = seen.reveals.compactMap(\.payout)
        #expect(Set(wins) == [stake, slavePayout * stake])
        #expect(watcher.referee.reveals == seen.reveals)
        #expect(HiddenECardCards.leaks(in: ann.lines, seat: 0) == [])
        #expect(HiddenECardCards.leaks(in: sam.lines, seat: nil) == [])
        guard case .tables(let list) = try sam.request("list", expect: "tables").event else {
            throw TestFailure("tables")
        }
        #expect(list.tables.isEmpty)
    }

    @Test("two people play two matches at one table; a spectator sees every reveal, no card")
    func twoPeople() throws {
        let server = try TestServer(seed: 31)
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        let cat = try server.login("cat")
        try ann.request(Self.create(hands: 4, swap: 2, games: 2), expect: "created")
        let joined = try bob.request("join 1", expect: "joined")
        guard case .joined(let seat) = joined.event else { throw TestFailure("joined") }
        #expect(seat.seat == 1)
        try cat.request("watch 1", expect: "watching")
        try bob.send("start")
        let referee = ECardReferee(handsPerMatch: 4, swapInterval: 2)
        let people = [
            ECardHuman(ann, seat: 0, referee: referee, seed: 1),
            ECardHuman(bob, seat: 1, referee: referee, seed: 2),
            ECardHuman(cat, seat: nil, referee: referee, seed: 3),
        ]
        let failures = Locked<[String]>([])
        let done = DispatchGroup()
        for person in people {
            done.enter()
            Thread {
                do {
                    try person.play(untilMatches: 2)
                } catch {
                    failures.withLock { $0.append("\(error)") }
                }
                done.leave()
            }.start()
        }
        done.wait()
        #expect(failures.value == [])
        for person in people {
            #expect(person.allProblems == [])
            #expect(person.referee.reveals == people[0].referee.reveals)
            #expect(person.referee.tableTotals == people[0].referee.tableTotals)
        }
        #expect(people[0].referee.handsDecided == 8)
        #expect(people[0].referee.emperorSeats == [0, 0, 1, 1, 0, 0, 1, 1])
        #expect(HiddenECardCards.leaks(in: ann.lines, seat: 0) == [])
        #expect(HiddenECardCards.leaks(in: bob.lines, seat: 1) == [])
        #expect(HiddenECardCards.leaks(in: cat.lines, seat: nil) == [])
    }

    @Test("a player who leaves mid-match is replaced by a bot that plays the match out")
    func leaverReplaced() throws {
        let server = try TestServer(seed: 33)
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        try ann.request(Self.create(hands: 4), expect: "created")
        try bob.request("join 1", expect: "joined")
        try ann.send("start")
        try bob.waitFor("ecard_hand")
        try bob.request("leave", expect: "left")
        let human = ECardHuman(ann, seat: 0, referee: ECardReferee(handsPerMatch: 4), seed: 5)
        try human.play(untilMatches: 1)
        #expect(human.allProblems == [])
        #expect(human.referee.handsDecided == 4)
        let takeover = ann.lines.compactMap { line -> SeatControl? in
            guard case .seat(let control) = try? ann.decoder.decode(line).event else { return nil }
            return control
        }
        let left = SeatControl(table: 1, seat: 1, player: "bob", bot: true, reason: "left")
        #expect(takeover == [left])
        #expect(HiddenECardCards.leaks(in: ann.lines, seat: 0) == [])
    }

    @Test("an all-bot E-Card table plays its matches by itself for a spectator")
    func allBots() throws {
        let server = try TestServer(seed: 41, botDelayMilliseconds: 2)
        let ann = try server.login("ann")
        let line = Self.create(hands: 6, games: 2, extra: #","all_bots":true,"bots":"random""#)
        guard case .created(let notice) = try ann.request(line, expect: "created").event else {
            throw TestFailure("created")
        }
        #expect(notice.seat == nil)
        #expect(notice.table.bots == "random")
        try ann.request("watch 1", expect: "watching")
        var ends: [MatchEnd] = []
        var reveals = 0
        while ends.count < 2 {
            switch try ann.next().event {
            case .matchEnd(let end): ends.append(end)
            case .ecardReveal: reveals += 1
            default: break
            }
        }
        #expect(ends.map(\.games) == [1, 2])
        #expect(ends.allSatisfy { $0.totals.reduce(0, +) == 0 })
        #expect(reveals >= 6)
        #expect(HiddenECardCards.leaks(in: ann.lines, seat: nil) == [])
    }

    @Test("a timed-out player gets a card laid for them, marked timed_out")
    func turnTimer() throws {
        let server = try TestServer(seed: 51)
        let ann = try server.login("ann")
        try ann.request(Self.create(extra: #","turn_seconds":1"#), expect: "created")
        try ann.send("start")
        var turn: ECardTurnNotice?
        while turn == nil {
            if case .ecardTurn(let notice) = try ann.next().event, notice.seat == 0 {
                turn = notice
            }
        }
        #expect(turn?.first == true)
        #expect(turn?.deadline != nil)
        guard case .ecardLaid(let laid) = try ann.waitFor("ecard_laid").event else {
            throw TestFailure("ecard_laid")
        }
        #expect(laid.seat == 0 && laid.timedOut == true)
        guard case .ecardLaid(let answer) = try ann.waitFor("ecard_laid").event else {
            throw TestFailure("ecard_laid")
        }
        #expect(answer.seat == 1 && answer.timedOut == nil)
        try ann.waitFor("ecard_reveal")
        #expect(HiddenECardCards.leaks(in: ann.lines, seat: 0) == [])
    }
}
