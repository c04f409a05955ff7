import CardGames
import Foundation
import LobbyProtocol

/// What `history` shows of a game log record, read without its moves and options: the
/// record's other fields, and how many moves it has. Decoding it is several times faster than
/// decoding the whole ``DealRecord``.
public struct DealRecordHeadline: Decodable, Sendable, Equatable {
    /// The record without its moves and options.
    public var record: DealRecord
    /// The number of moves the record holds.
    public var moveCount: Int

    /// The headline of one game log line.
    public static func decode(_ line: Data) throws -> DealRecordHeadline {
        try JSONDecoder().decode(DealRecordHeadline.self, from: line)
    }

    private enum Keys: String, CodingKey {
        case record, table, kind, deal, hand, players, rules, seed, commitment, moves, result
        case abandoned, ecard
        case finishedAt = "finished_at"
        case tableName = "table_name"
    }

    private enum OutcomeKeys: String, CodingKey {
        case winner, scores
        case winningSide = "winning_side"
        case decidingPlay = "deciding_play"
    }

    /// A move whose content is not needed.
    private struct Skipped: Decodable {
        init(from decoder: any Decoder) throws {}
    }

    public init(from decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: Keys.self)
        var outcome: DealOutcome?
        if keys.contains(.result) {
            let result = try keys.nestedContainer(keyedBy: OutcomeKeys.self, forKey: .result)
            outcome = DealOutcome(
                winner: try result.decode(Int.self, forKey: .winner),
                scores: try result.decode([Int].self, forKey: .scores),
                winningSide: try result.decodeIfPresent(ECardSide.self, forKey: .winningSide),
                decidingPlay: try result.decodeIfPresent(Int.self, forKey: .decidingPlay))
        }
        let handsPerMatch = try keys.decodeIfPresent(HandsPerMatch.self, forKey: .ecard)
        record = DealRecord(
            record: try keys.decode(Int.self, forKey: .record),
            finishedAt: try keys.decode(Int64.self, forKey: .finishedAt),
            table: try keys.decode(Int.self, forKey: .table),
            tableName: try keys.decode(String.self, forKey: .tableName),
            kind: try keys.decode(TableKind.self, forKey: .kind),
            deal: try keys.decode(Int.self, forKey: .deal),
            hand: try keys.decodeIfPresent(Int.self, forKey: .hand),
            players: try keys.decode([String].self, forKey: .players),
            rules: try keys.decodeIfPresent(String.self, forKey: .rules),
            ecard: handsPerMatch.map { ECardOptions(handsPerMatch: $0.count) },
            seed: try keys.decodeIfPresent(String.self, forKey: .seed),
            commitment: try keys.decodeIfPresent(String.self, forKey: .commitment),
            moves: [], result: outcome,
            abandoned: try keys.decodeIfPresent(Bool.self, forKey: .abandoned))
        moveCount = try keys.decode([Skipped].self, forKey: .moves).count
    }

    /// The length of an E-Card match, the one E-Card option a headline keeps.
    private struct HandsPerMatch: Decodable {
        var count: Int

        private enum Keys: String, CodingKey { case count = "hands_per_match" }

        init(from decoder: any Decoder) throws {
            count = try decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .count)
        }
    }
}
