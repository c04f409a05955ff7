import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport
import WireJSON

/// The game log's fast line encoder writes exactly what the wire encoder writes, and the
/// headline read by `history` agrees with the whole record.
@Suite struct DealReplayLineEncodingTests {
    private static func records() throws -> [DealRecord] {
        var records = (1...30).map { n in
            randomDealRecord(
                dealNumber: n, players: ["ann", "b\"o\\b", "bot:easy", "çà 🂡 /x\u{1}"],
                options: n % 2 == 0 ? .standard : .taiwan)
        }
        var match = try ECardMatch(options: ECardOptions(handsPerMatch: 2, swapInterval: 1))
        _ = try match.lay(.citizen, by: 0)
        _ = try match.lay(.citizen, by: 1)
        _ = try match.lay(.slave, by: 1)
        _ = try match.lay(.citizen, by: 0)
        records.append(
            DealRecord.eCardHand(
                record: 41, table: -3, tableName: "", matchNumber: 2, players: ["x", "bot:mixed"],
                match: match, handNumber: 1, finishedAt: -5))
        let seed = DealSeed.derived(masterSeed: 1, dealNumber: 1)
        let deal = BigTwoDeal(hands: Dealer.deal(seed: seed, seats: 3), options: .standard)
        records.append(
            DealRecord.abandonedBigTwo(
                record: 42, table: 1, tableName: "tab\tle", dealNumber: 1,
                players: ["a", "b", "c"], rules: "custom", seed: seed, deal: deal,
                finishedAt: Int64.max))
        records.append(
            DealRecord(
                record: 43, finishedAt: 9, table: 2, tableName: "m", kind: .memory, deal: 1,
                players: ["ann", "bot:perfect"], pairs: 8, seed: seed.hex,
                commitment: seed.commitment, moves: [DealMove(seat: 0, cards: "3")],
                result: DealOutcome(winner: 0, scores: [1, 0])))
        records.append(
            DealRecord(
                record: 44, finishedAt: 9, table: 3, tableName: "r", kind: .roulette, deal: 2,
                players: ["ann"], segments: 12, seed: seed.hex, commitment: seed.commitment,
                moves: [], result: DealOutcome(winner: -1, scores: [0])))
        return records
    }

    @Test func fastLinesEqualTheWireEncodersBytes() throws {
        let fast = DealRecordLineEncoder()
        let wire = WireCodec.makeEncoder()
        for record in try Self.records() {
            let expected = Array(try wire.encode(record))
            #expect(try fast.encode(record) == expected, "record \(record.record)")
        }
    }

    @Test func aHeadlineHoldsEverythingHistoryShows() throws {
        let encoder = DealRecordLineEncoder()
        for record in try Self.records() {
            let headline = try DealRecordHeadline.decode(Data(try encoder.encode(record)))
            #expect(headline.moveCount == record.moves.count)
            #expect(headline.record.summary(moveCount: headline.moveCount) == record.summary)
            #expect(headline.record.handSummary == record.handSummary)
        }
    }
}
