import LobbyProtocol

/// One game's leaderboard, kept ranked as records arrive: highest score first, then by name.
/// A changed row moves to its new rank by binary search, so reading the top rows never sorts.
struct Standings: Equatable {
    /// Every player's row, in rank order.
    private(set) var ranked: [LeaderboardRow] = []
    /// Each player's row, by name.
    private var rows: [String: LeaderboardRow] = [:]

    /// A leaderboard holding `ranked` (already in rank order, names distinct).
    init(ranked: [LeaderboardRow] = []) {
        self.ranked = ranked
        rows = Dictionary(ranked.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The row of `name`, if it has one.
    func row(_ name: String) -> LeaderboardRow? { rows[name] }

    /// Adds one deal (or hand) of `name`'s: won or not, with its score change.
    mutating func add(_ name: String, won: Bool, score: Int) {
        var row = rows[name] ?? LeaderboardRow(name: name, deals: 0, wins: 0, score: 0)
        if let old = rows[name] { ranked.remove(at: insertionPoint(of: old)) }
        row.deals += 1
        if won { row.wins += 1 }
        row.score += score
        rows[name] = row
        ranked.insert(row, at: insertionPoint(of: row))
    }

    /// The rank a row has, or would have, among `ranked`.
    private func insertionPoint(of row: LeaderboardRow) -> Int {
        var low = 0
        var high = ranked.count
        while low < high {
            let middle = (low + high) / 2
            if Self.precedes(ranked[middle], row) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// True when `lhs` ranks above `rhs`.
    static func precedes(_ lhs: LeaderboardRow, _ rhs: LeaderboardRow) -> Bool {
        lhs.score != rhs.score ? lhs.score > rhs.score : lhs.name < rhs.name
    }

    static func == (lhs: Standings, rhs: Standings) -> Bool { lhs.ranked == rhs.ranked }
}
