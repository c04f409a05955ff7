import Foundation
import LobbyProtocol
import WireJSON

/// What the game log's index keeps of a record: enough to place it in `history`, in each
/// player's list and on the leaderboards. The rest of the record stays on disk.
struct IndexedRecord: Sendable {
    var record: Int
    var kind: TableKind
    var table: Int
    var deal: Int
    var hand: Int?
    /// The hands of an E-Card match (its options' `hands_per_match`).
    var handsPerMatch: Int?
    var players: [String]
    /// The winning seat and each seat's score, when the record has a result.
    var winner: Int?
    var scores: [Int]

    /// The fields of `record`.
    init(_ record: DealRecord) {
        self.record = record.record
        kind = record.kind
        table = record.table
        deal = record.deal
        hand = record.hand
        handsPerMatch = record.ecard?.handsPerMatch
        players = record.players
        winner = record.result?.winner
        scores = record.result?.scores ?? []
    }

    private init(
        record: Int, kind: TableKind, table: Int, deal: Int, hand: Int?, handsPerMatch: Int?,
        players: [String], winner: Int?, scores: [Int]
    ) {
        self.record = record
        self.kind = kind
        self.table = table
        self.deal = deal
        self.hand = hand
        self.handsPerMatch = handsPerMatch
        self.players = players
        self.winner = winner
        self.scores = scores
    }
}

extension IndexedRecord {
    /// The fields of the record on one game log line, read straight from its bytes: the
    /// members the index needs are read, and every other one is only checked to be well-formed
    /// JSON and skipped. Nil when the line is not a JSON object with the members every record
    /// has (`record`, `finished_at`, `table`, `table_name`, `kind`, `deal`, `players`,
    /// `moves`), each of its type.
    ///
    /// A log opened without its checkpoint reads every line this way: decoding a whole record
    /// costs tens of times more, and the moves, most of each line, matter only to `verify`,
    /// which checks every record in full.
    static func read(_ line: UnsafeRawBufferPointer) -> IndexedRecord? {
        var scanner = JSONScanner(line.bindMemory(to: UInt8.self))
        var record: Int?
        var kind: TableKind?
        var table: Int?
        var deal: Int?
        var hand: Int?
        var handsPerMatch: Int?
        var players: [String]?
        var winner: Int?
        var scores: [Int] = []
        var required = 0
        scanner.skipSpace()
        let read = scanner.object { scanner, key in
            switch RecordKey(key) {
            case .record:
                record = scanner.integer()
                required |= 1
                return record != nil
            case .table:
                table = scanner.integer()
                required |= 2
                return table != nil
            case .deal:
                deal = scanner.integer()
                required |= 4
                return deal != nil
            case .kind:
                kind = scanner.string().flatMap(TableKind.init(rawValue:))
                required |= 8
                return kind != nil
            case .players:
                players = scanner.strings()
                required |= 16
                return players != nil
            case .finishedAt:
                required |= 32
                return scanner.integer() != nil
            case .tableName:
                required |= 64
                return scanner.skipString()
            case .moves:
                required |= 128
                return scanner.peek == UInt8(ascii: "[") && scanner.skipValue()
            case .hand:
                if scanner.takeNull() { return true }
                hand = scanner.integer()
                return hand != nil
            case .ecard:
                if scanner.takeNull() { return true }
                handsPerMatch = scanner.member("hands_per_match")
                return handsPerMatch != nil
            case .result:
                if scanner.takeNull() { return true }
                guard let outcome = scanner.outcome() else { return false }
                (winner, scores) = (outcome.winner, outcome.scores)
                return true
            case .other:
                return scanner.skipValue()
            }
        }
        scanner.skipSpace()
        guard read, scanner.atEnd, required == 255, let record, let kind, let table, let deal,
            let players
        else { return nil }
        return IndexedRecord(
            record: record, kind: kind, table: table, deal: deal, hand: hand,
            handsPerMatch: handsPerMatch, players: players, winner: winner, scores: scores)
    }
}

/// The members of a record line the index reads.
private enum RecordKey {
    case record, table, deal, kind, players, finishedAt, tableName, moves, hand, ecard, result
    case other

    /// The member `key` names (`other` for the rest).
    init(_ key: UnsafeBufferPointer<UInt8>) {
        func named(_ word: StaticString) -> Bool { JSONScanner.equals(key, word) }
        switch key.count {
        case 4 where named("deal"): self = .deal
        case 4 where named("kind"): self = .kind
        case 4 where named("hand"): self = .hand
        case 5 where named("table"): self = .table
        case 5 where named("moves"): self = .moves
        case 5 where named("ecard"): self = .ecard
        case 6 where named("record"): self = .record
        case 6 where named("result"): self = .result
        case 7 where named("players"): self = .players
        case 10 where named("table_name"): self = .tableName
        case 11 where named("finished_at"): self = .finishedAt
        default: self = .other
        }
    }
}

extension JSONScanner {
    /// The whole number `name` of the object starting here (nil when the object is not
    /// well-formed or lacks it); the object's other members are checked and skipped.
    fileprivate mutating func member(_ name: StaticString) -> Int? {
        var found: Int?
        guard
            object({ scanner, key in
                guard JSONScanner.equals(key, name) else { return scanner.skipValue() }
                found = scanner.integer()
                return found != nil
            })
        else { return nil }
        return found
    }

    /// A result object's `winner` and `scores` (both required).
    fileprivate mutating func outcome() -> (winner: Int, scores: [Int])? {
        var winner: Int?
        var scores: [Int]?
        guard
            object({ scanner, key in
                if JSONScanner.equals(key, "winner") {
                    winner = scanner.integer()
                    return winner != nil
                }
                if JSONScanner.equals(key, "scores") {
                    scores = scanner.integers()
                    return scores != nil
                }
                return scanner.skipValue()
            }), let winner, let scores
        else { return nil }
        return (winner, scores)
    }
}
