import LobbyProtocol

/// The game log's records held in memory, with the aggregates `history` and `leaderboard`
/// read: positions of each player's records and running totals per player. Updated record
/// by record; never re-reads the file.
struct GameLogIndex {
    /// Every record, in log order.
    private(set) var records: [DealRecord] = []
    /// Positions in `records` of each player's records, oldest first.
    private var positionsByPlayer: [String: [Int]] = [:]
    /// Position in `records` of each record number.
    private var positionByNumber: [Int: Int] = [:]
    /// Running totals per player name (bots excluded).
    private var standings: [String: LeaderboardRow] = [:]
    /// The same totals for each kind of game.
    private var standingsByKind: [TableKind: [String: LeaderboardRow]] = [:]

    /// The highest record number seen, or 0.
    private(set) var lastRecordNumber = 0

    /// Adds a record to the index.
    mutating func add(_ record: DealRecord) {
        let position = records.count
        records.append(record)
        positionByNumber[record.record] = position
        lastRecordNumber = max(lastRecordNumber, record.record)
        var seatsByName: [String: [Int]] = [:]
        for (seat, name) in record.players.enumerated() {
            seatsByName[name, default: []].append(seat)
        }
        for (name, seats) in seatsByName {
            positionsByPlayer[name, default: []].append(position)
            guard !DealRecord.isBot(name) else { continue }
            standings[name] = Self.counting(record, seats: seats, into: standings[name], name)
            standingsByKind[record.kind, default: [:]][name] = Self.counting(
                record, seats: seats, into: standingsByKind[record.kind]?[name], name)
        }
    }

    /// `row` (or a fresh one for `name`) with `record` counted for the player in `seats`.
    private static func counting(
        _ record: DealRecord, seats: [Int], into row: LeaderboardRow?, _ name: String
    ) -> LeaderboardRow {
        var row = row ?? LeaderboardRow(name: name, deals: 0, wins: 0, score: 0)
        row.deals += 1
        if seats.contains(record.result.winner) { row.wins += 1 }
        row.score += seats.reduce(0) { total, seat in
            total + (seat < record.result.scores.count ? record.result.scores[seat] : 0)
        }
        return row
    }

    /// The record with this number, if any.
    func record(number: Int) -> DealRecord? {
        positionByNumber[number].map { records[$0] }
    }

    /// Up to `limit` records, most recent first, of `player` or of everyone.
    func recent(player: String?, limit: Int) -> [DealRecord] {
        guard limit > 0 else { return [] }
        guard let player else { return records.suffix(limit).reversed() }
        let positions = positionsByPlayer[player] ?? []
        return positions.suffix(limit).reversed().map { records[$0] }
    }

    /// Every player's totals: highest score first, then by name.
    func leaderboard() -> [LeaderboardRow] {
        Self.ranked(standings)
    }

    /// Every player's totals in each kind of game played, by the kind's wire name.
    func leaderboardsByKind() -> [String: [LeaderboardRow]] {
        Dictionary(
            uniqueKeysWithValues: standingsByKind.map { ($0.key.rawValue, Self.ranked($0.value)) })
    }

    private static func ranked(_ rows: [String: LeaderboardRow]) -> [LeaderboardRow] {
        rows.values.sorted { lhs, rhs in
            lhs.score != rhs.score ? lhs.score > rhs.score : lhs.name < rhs.name
        }
    }
}
