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
            var row = standings[name] ?? LeaderboardRow(name: name, deals: 0, wins: 0, score: 0)
            row.deals += 1
            if seats.contains(record.result.winner) { row.wins += 1 }
            row.score += seats.reduce(0) { total, seat in
                total + (seat < record.result.scores.count ? record.result.scores[seat] : 0)
            }
            standings[name] = row
        }
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
        standings.values.sorted { lhs, rhs in
            lhs.score != rhs.score ? lhs.score > rhs.score : lhs.name < rhs.name
        }
    }
}
