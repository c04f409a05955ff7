import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Locking
import Testing
import TestSupport

@Suite struct GameLogQueryTests {
    @Test func historyIsMostRecentFirstFilteredByPlayerAndLimited() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        let even = ["ann", "bob", "bot:easy", "cy"]
        let odd = ["dee", "ed", "fay", "cy"]
        for n in 1...6 {
            try log.append(
                madeRecord(
                    table: n, players: n % 2 == 0 ? even : odd, winner: 0,
                    scores: [3, -1, -1, -1]))
        }
        func records(_ query: HistoryQuery) -> [Int] { log.history(query).deals.map(\.record) }
        #expect(records(HistoryQuery()) == [6, 5, 4, 3, 2, 1])
        #expect(records(HistoryQuery(limit: 2)) == [6, 5])
        #expect(records(HistoryQuery(player: "ann")) == [6, 4, 2])
        #expect(records(HistoryQuery(player: "dee", limit: 1)) == [5])
        #expect(records(HistoryQuery(player: "cy")).count == 6)
        #expect(records(HistoryQuery(player: "bot:easy")) == [6, 4, 2])
        #expect(records(HistoryQuery(player: "nobody")).isEmpty)
        #expect(records(HistoryQuery(limit: 0)) == [6])

        let summary = try #require(log.history(HistoryQuery(limit: 1)).deals.first)
        #expect(summary.table == 6 && summary.tableName == "t6" && summary.kind == .bigtwo)
        #expect(summary.players == ["ann", "bob", "bot:easy", "cy"])
        #expect(summary.labels == ["ann", "bob", "bot (easy)", "cy"])
        #expect(summary.winner == 0 && summary.scores == [3, -1, -1, -1])
        #expect(summary.outcome == "ann went out")
    }

    @Test func historyPagesWalkEveryEntryOnceAndStopAtTheEnd() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        let total = HistoryQuery.maximumLimit * 2 + 7
        try log.append(contentsOf: (1...total).map { n in
            madeRecord(players: n % 3 == 0 ? ["ann", "bob"] : ["cy", "bob"], winner: 1,
                scores: [-2, 2])
        })
        #expect(log.history(HistoryQuery(limit: 1000)).deals.count == HistoryQuery.maximumLimit)
        #expect(log.history().deals.count == HistoryQuery.defaultLimit)
        for player in [nil, "ann", "bob"] as [String?] {
            var seen: [Int] = []
            var cursor: Int?
            repeat {
                let page = log.history(HistoryQuery(player: player, limit: 13, cursor: cursor))
                #expect(!page.deals.isEmpty)
                seen += page.deals.map(\.record)
                cursor = page.nextCursor
            } while cursor != nil
            let expected = (1...total).filter { player != "ann" || $0 % 3 == 0 }
            #expect(seen == expected.reversed())
        }
        let beyond = log.history(HistoryQuery(cursor: 0))
        #expect(beyond.deals.isEmpty && beyond.nextCursor == nil)
    }

    @Test func seedAndCommitmentAppearInHistory() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        let stored = try log.append(randomDealRecord(dealNumber: 9))
        let summary = try #require(log.history().deals.first)
        #expect(summary.seed == stored.seed && summary.commitment == stored.commitment)
        #expect(summary.seed == DealSeed.derived(masterSeed: 7, dealNumber: 9).hex)
    }

    @Test func leaderboardSumsPlayersLeavesOutBotsAndOrdersByScoreThenName() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let expected = [
            LeaderboardRow(name: "ann", deals: 3, wins: 2, score: 10),
            LeaderboardRow(name: "bob", deals: 2, wins: 0, score: -4),
            LeaderboardRow(name: "cy", deals: 3, wins: 1, score: -4),
        ]
        do {
            let log = try GameLog(directory: dir.url)
            let players = ["ann", "bob", "cy", "bot:hard"]
            try log.append(madeRecord(players: players, winner: 0, scores: [6, -2, -2, -2]))
            try log.append(madeRecord(players: players, winner: 2, scores: [-1, -2, 4, -1]))
            try log.append(
                madeRecord(players: ["cy", "ann", "bot:easy"], winner: 1, scores: [-6, 5, 1]))
            #expect(log.leaderboard().players == expected)
            #expect(log.leaderboard().kind == .bigtwo)
        }
        #expect(try GameLog(directory: dir.url).leaderboard().players == expected)
    }

    @Test func leaderboardTiesAreOrderedByNameAndPagesFollowTheRanking() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        try log.append(madeRecord(players: ["zed", "amy"], winner: 0, scores: [0, 0]))
        try log.append(madeRecord(players: ["max", "bot:easy"], winner: 0, scores: [0, 0]))
        #expect(log.leaderboard().players.map(\.name) == ["amy", "max", "zed"])
        #expect(log.leaderboard().players.map(\.wins) == [0, 1, 1])
        let first = log.leaderboard(LeaderboardQuery(limit: 2))
        #expect(first.players.map(\.name) == ["amy", "max"] && first.nextCursor == 2)
        let second = log.leaderboard(LeaderboardQuery(limit: 2, cursor: first.nextCursor))
        #expect(second.players.map(\.name) == ["zed"] && second.nextCursor == nil)
        #expect(second.start == 2)
    }

    @Test func eachGameHasItsOwnLeaderboard() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        try log.append(madeRecord(players: ["ann", "bob"], winner: 0, scores: [7, -7]))
        try log.append(madeHand(hand: 1, winner: 1, payout: 1))
        try log.append(madeHand(hand: 2, winner: 0, payout: 5))
        #expect(log.leaderboard().players == [
            LeaderboardRow(name: "ann", deals: 1, wins: 1, score: 7),
            LeaderboardRow(name: "bob", deals: 1, wins: 0, score: -7),
        ])
        let ecard = log.leaderboard(LeaderboardQuery(kind: .ecard))
        #expect(ecard.kind == .ecard)
        #expect(ecard.players == [LeaderboardRow(name: "ann", deals: 2, wins: 1, score: 4)])
    }

    @Test func anECardMatchIsOneHistoryEntryWithItsHandsInside() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        try log.append(madeHand(hand: 1, winner: 1, payout: 1))
        try log.append(madeRecord(players: ["bob", "cy"], winner: 0, scores: [1, -1]))
        try log.append(madeHand(hand: 2, winner: 0, payout: 5))
        try log.append(madeHand(hand: 3, winner: 0, payout: 1))
        try log.append(madeHand(hand: 1, winner: 0, payout: 1))
        let deals = log.history().deals
        #expect(deals.map(\.kind) == [.ecard, .bigtwo, .ecard])
        let match = deals[2]
        #expect(match.hands?.map(\.hand) == [1, 2, 3] && match.handCount == 3)
        #expect(match.hands?.map(\.record) == [1, 3, 4])
        #expect(match.record == 4 && match.scores == [5, -5] && match.winner == 0)
        #expect(match.labels == ["ann", "bot (smart)"])
        #expect(match.hands?[0].outcome == "bot (smart) won with the Emperor on play 1 (+1)")
        #expect(match.hands?[1].outcome == "ann won with the Slave on play 1 (+5)")
        #expect(match.outcome == "ann +5 chips over 3 hand(s)")
        #expect(deals[0].hands?.count == 1)
        #expect(log.history(HistoryQuery(player: "ann")).deals.count == 2)
    }

    @Test func anAbandonedDealIsInHistoryButNotInTheLeaderboard() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        let seed = DealSeed.derived(masterSeed: 3, dealNumber: 1)
        var deal = BigTwoDeal(hands: Dealer.deal(seed: seed, seats: 4), options: .standard)
        let first = try #require(deal.legalMoves().first)
        try deal.apply(first, by: deal.currentSeat)
        let record = DealRecord.abandonedBigTwo(
            table: 1, tableName: "t", dealNumber: 1, players: ["ann", "bob", "cy", "dee"],
            seed: seed, deal: deal, finishedAt: 1)
        try log.append(record)
        let summary = try #require(log.history().deals.first)
        #expect(summary.abandoned == true && summary.winner == nil)
        #expect(summary.seed == seed.hex && summary.scores == [0, 0, 0, 0])
        #expect(summary.outcome == "abandoned after 1 move(s)")
        #expect(log.leaderboard().players.isEmpty)
    }

    @Test func queriesAnswerOffTheCallersQueue() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        try log.append(madeRecord(players: ["ann", "bob"], winner: 0, scores: [1, -1]))
        let caller = DispatchQueue(label: "caller")
        let key = DispatchSpecificKey<Bool>()
        caller.setSpecific(key: key, value: true)
        let answered = DispatchGroup()
        let offCaller = Locked(false)
        answered.enter()
        answered.enter()
        caller.async {
            log.history(HistoryQuery()) { reply in
                let off = DispatchQueue.getSpecific(key: key) == nil && reply.deals.count == 1
                offCaller.withLock { $0 = off }
                answered.leave()
            }
            log.leaderboard(LeaderboardQuery()) { reply in
                if reply.players.count != 2 { offCaller.withLock { $0 = false } }
                answered.leave()
            }
        }
        answered.wait()
        #expect(offCaller.value)
    }

    @Test func theLeaderboardStaysRankedThroughManySmallChanges() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        var rng = Xoshiro256StarStar(seed: 42)
        var totals: [String: LeaderboardRow] = [:]
        var records: [DealRecord] = []
        for _ in 0..<1500 {
            let names = (0..<4).map { _ in "p\(rng.next() % 60)" }
            let winner = Int(rng.next() % 4)
            let scores = (0..<4).map { seat in seat == winner ? 9 : -Int(rng.next() % 4) }
            records.append(madeRecord(players: names, winner: winner, scores: scores))
            for name in Set(names) {
                var row = totals[name] ?? LeaderboardRow(name: name, deals: 0, wins: 0, score: 0)
                let seats = names.indices.filter { names[$0] == name }
                row.deals += 1
                if seats.contains(winner) { row.wins += 1 }
                row.score += seats.map { scores[$0] }.reduce(0, +)
                totals[name] = row
            }
        }
        try log.append(contentsOf: records)
        let expected = totals.values.sorted {
            $0.score != $1.score ? $0.score > $1.score : $0.name < $1.name
        }
        #expect(log.leaderboard(LeaderboardQuery(limit: 100)).players == expected)
    }

    @Test func aMatchAlreadyShownGainsItsNextHand() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        try log.append(madeHand(hand: 1, winner: 1, payout: 1))
        #expect(log.history().deals.first?.hands?.count == 1)
        #expect(log.history().deals.first?.hands?.count == 1)
        try log.append(madeHand(hand: 2, winner: 0, payout: 5))
        let match = try #require(log.history().deals.first)
        #expect(match.hands?.map(\.hand) == [1, 2] && match.scores == [4, -4])
    }
}
