import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport
import WireJSON

@Suite struct DealReplayTests {
    static let variants: [BigTwoOptions] = [
        .standard, .taiwan,
        BigTwoOptions(
            passLocksOut: true, lastCardRule: true, firstLeadSingle: true, scoring: .hongKong),
    ]

    /// Random deals under several rule sets, through the JSON line and back.
    static func records(count: Int, options: BigTwoOptions, masterSeed: UInt64) -> [DealRecord] {
        let encoder = WireCodec.makeEncoder()
        let decoder = WireCodec.makeDecoder()
        return (1...count).map { n in
            let record = randomDealRecord(dealNumber: n, options: options, masterSeed: masterSeed)
            return try! decoder.decode(DealRecord.self, from: encoder.encode(record))
        }
    }

    @Test(arguments: 0..<3)
    func randomDealsReplayToTheirRecordedResults(variant: Int) {
        let options = Self.variants[variant]
        let records = Self.records(count: 70, options: options, masterSeed: UInt64(variant + 1))
        for record in records {
            #expect(record.options == options)
            #expect(DealReplay.replay(record) == .success(record.result))
        }
        let liable = records.filter { $0.result?.liableSeat != nil }.count
        let winners = Set(records.map(\.result?.winner))
        #expect(winners.count == 4)
        #expect(options.lastCardRule == (liable > 0))
    }

    @Test func changedMoveIsRejected() throws {
        let record = randomDealRecord(dealNumber: 3)
        let playIndex = try #require(record.moves.firstIndex { $0.cards != DealMove.passWord })
        var swapped = record
        swapped.moves[playIndex].cards = DealMove.passWord
        #expect(DealReplay.replay(swapped) == .failure(.illegalMove(
            index: playIndex, reason: BigTwoError.cannotPassWhenLeading.description)))

        var wrongSeat = record
        wrongSeat.moves[5].seat = (wrongSeat.moves[5].seat + 1) % 4
        guard case .failure(.illegalMove(index: 5, _)) = DealReplay.replay(wrongSeat) else {
            Issue.record("a move by the wrong seat was accepted")
            return
        }

        var garbled = record
        garbled.moves[2].cards = "3X"
        #expect(DealReplay.replay(garbled) == .failure(.unreadableMove(index: 2)))

        var cut = record
        cut.moves.removeLast()
        #expect(DealReplay.replay(cut) == .failure(.unfinished))

        var extended = record
        extended.moves.append(DealMove(seat: 0, cards: DealMove.passWord))
        #expect(DealReplay.replay(extended) == .failure(.moveAfterEnd(index: record.moves.count)))
    }

    @Test func changedSeedOrCommitmentIsRejected() {
        let record = randomDealRecord(dealNumber: 4)
        let other = DealSeed.derived(masterSeed: 99, dealNumber: 4)

        var seedOnly = record
        seedOnly.seed = other.hex
        #expect(DealReplay.replay(seedOnly) == .failure(.commitmentMismatch))

        var both = record
        both.seed = other.hex
        both.commitment = other.commitment
        guard case .failure(.illegalMove) = DealReplay.replay(both) else {
            Issue.record("the moves of one deal replayed on another deal")
            return
        }

        var garbled = record
        garbled.seed = "zz"
        #expect(DealReplay.replay(garbled) == .failure(.invalidSeed))

        var missing = record
        missing.commitment = nil
        #expect(DealReplay.replay(missing) == .failure(.missingField("commitment")))
    }

    @Test func changedResultIsRejected() throws {
        let record = randomDealRecord(dealNumber: 5)
        let result = try #require(record.result)
        var claimed = record
        var changed = result
        changed.scores = result.scores.map { -$0 }
        claimed.result = changed
        #expect(DealReplay.replay(claimed) == .failure(.resultMismatch(
            recorded: changed, replayed: result)))
    }

    /// Every hand of E-Card matches played with random cards, recorded and replayed.
    @Test func eCardHandsReplayToTheirRecordedResults() throws {
        var rng = Xoshiro256StarStar(seed: 11)
        let optionSets = [
            ECardOptions.standard,
            ECardOptions(handsPerMatch: 7, swapInterval: 2, slavePayout: 10, emperorPayout: 3),
        ]
        var replayed = 0
        for (matchNumber, options) in optionSets.enumerated() {
            var match = try ECardMatch(options: options)
            var records: [DealRecord] = []
            while let seat = match.seatToLay {
                let cards = match.hand(of: seat).cards
                let card = cards[Int(rng.nextBounded(UInt64(cards.count)))]
                let event = try match.lay(card, by: seat)
                if case .revealed(let reveal) = event, let result = reveal.handResult {
                    records.append(
                        DealRecord.eCardHand(
                            table: 2, tableName: "e", matchNumber: matchNumber + 1,
                            players: ["ann", "bot:mixed"], match: match,
                            handNumber: result.handNumber, finishedAt: 0))
                }
            }
            #expect(records.count == options.handsPerMatch)
            for record in records {
                #expect(DealReplay.replay(record) == .success(record.result))
                replayed += 1
            }
            let sums = records.reduce([0, 0]) { sums, record in
                let scores = record.result?.scores ?? [0, 0]
                return [sums[0] + scores[0], sums[1] + scores[1]]
            }
            #expect(sums == match.totals)
        }
        #expect(replayed == 19)
    }

    @Test func tamperedECardHandIsRejected() throws {
        var match = try ECardMatch(options: .standard)
        _ = try match.lay(.citizen, by: 0)
        _ = try match.lay(.citizen, by: 1)
        _ = try match.lay(.slave, by: 1)
        _ = try match.lay(.citizen, by: 0)
        let record = DealRecord.eCardHand(
            table: 2, tableName: "e", matchNumber: 1, players: ["ann", "bob"], match: match,
            handNumber: 1, finishedAt: 0)
        #expect(record.moves.map(\.cards) == ["citizen", "citizen", "slave", "citizen"])
        #expect(record.moves.map(\.seat) == [0, 1, 1, 0])
        let result = try #require(record.result)
        #expect(result.winner == 0 && result.scores == [1, -1])
        #expect(result.winningSide == .emperor && result.decidingPlay == 2)
        #expect(DealReplay.replay(record) == .success(record.result))

        var slave = record
        slave.moves[3].cards = "slave"
        #expect(DealReplay.replay(slave) == .failure(.illegalMove(
            index: 3, reason: "\(ECardError.cardNotInHand(.slave))")))

        var emperor = record
        emperor.moves[3].cards = "emperor"
        var slaveWins = result
        slaveWins.winner = 1
        slaveWins.scores = [-5, 5]
        slaveWins.winningSide = .slave
        #expect(DealReplay.replay(emperor) == .failure(.resultMismatch(
            recorded: result, replayed: slaveWins)))
    }
}

/// A Big Two deal cut off before its end: recorded as abandoned, it replays; unmarked, or
/// with cards left that the moves do not give, it does not.
@Suite struct AbandonedDealReplayTests {
    static func cutOff() throws -> DealRecord {
        let seed = DealSeed.derived(masterSeed: 5, dealNumber: 1)
        var deal = BigTwoDeal(hands: Dealer.deal(seed: seed), options: .standard)
        for _ in 0..<6 {
            let move = try #require(deal.legalMoves().first)
            _ = try deal.apply(move, by: deal.currentSeat)
        }
        return DealRecord.abandonedBigTwo(
            table: 1, tableName: "t", dealNumber: 1, players: ["ann", "bot:smart", "b", "c"],
            seed: seed, deal: deal, finishedAt: 0)
    }

    @Test func anAbandonedDealReplays() throws {
        let record = try Self.cutOff()
        #expect(record.abandoned == true && record.result == nil)
        #expect(DealReplay.replay(record) == .success(nil))
    }

    @Test func anUnfinishedDealNotMarkedAbandonedFails() throws {
        var record = try Self.cutOff()
        record.abandoned = nil
        #expect(DealReplay.replay(record) == .failure(.missingField("result")))
    }

    @Test func anAbandonedDealClaimingAResultFails() throws {
        var record = try Self.cutOff()
        record.result = DealOutcome(winner: 0, scores: [0, 0, 0, 0], cardsLeft: [13, 13, 13, 13])
        #expect(DealReplay.replay(record) == .failure(.resultOnAbandoned))
    }
}
