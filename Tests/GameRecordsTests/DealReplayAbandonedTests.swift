import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import WireJSON

/// Replaying abandoned Big Two deals: moves checked against the re-deal, no result.
@Suite struct DealReplayAbandonedTests {
    private static func abandoned(moves: Int) throws -> DealRecord {
        let seed = DealSeed.derived(masterSeed: 5, dealNumber: 3)
        var deal = BigTwoDeal(hands: Dealer.deal(seed: seed, seats: 4), options: .standard)
        for _ in 0..<moves {
            let move = try #require(deal.legalMoves().first)
            try deal.apply(move, by: deal.currentSeat)
        }
        return DealRecord.abandonedBigTwo(
            table: 1, tableName: "t", dealNumber: 3, players: ["a", "b", "c", "d"], seed: seed,
            deal: deal, finishedAt: 9)
    }

    @Test func anAbandonedDealReplaysWithoutAResult() throws {
        for moves in [0, 1, 6] {
            let record = try Self.abandoned(moves: moves)
            #expect(record.isAbandoned && record.result == nil && record.moves.count == moves)
            #expect(DealReplay.replay(record) == .success(nil))
        }
    }

    @Test func anAbandonedRecordIsCheckedLikeAnyOther() throws {
        var illegal = try Self.abandoned(moves: 2)
        illegal.moves[1].cards = illegal.moves[0].cards
        guard case .failure(.illegalMove(index: 1, _)) = DealReplay.replay(illegal) else {
            Issue.record("a repeated card should be illegal")
            return
        }
        var withResult = try Self.abandoned(moves: 1)
        withResult.result = DealOutcome(winner: 0, scores: [0, 0, 0, 0])
        #expect(DealReplay.replay(withResult) == .failure(.resultOnAbandoned))
        var eCard = try Self.abandoned(moves: 0)
        eCard.kind = .ecard
        #expect(DealReplay.replay(eCard) == .failure(.abandonedHand))
        var finished = try Self.abandoned(moves: 0)
        finished.abandoned = nil
        #expect(DealReplay.replay(finished) == .failure(.missingField("result")))
    }

    @Test func theAbandonedFlagIsWrittenOnlyWhenSet() throws {
        let encoder = WireCodec.makeEncoder()
        let line = String(decoding: try encoder.encode(try Self.abandoned(moves: 1)), as: UTF8.self)
        #expect(line.contains("\"abandoned\":true") && !line.contains("\"result\""))
        let decoded = try WireCodec.makeDecoder().decode(DealRecord.self, from: Data(line.utf8))
        #expect(decoded == (try Self.abandoned(moves: 1)))
    }
}
