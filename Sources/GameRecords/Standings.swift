import LobbyProtocol

/// One game's leaderboard, kept ranked as records arrive: highest score first, then by name.
/// A changed row moves to its new rank by binary search, so reading the top rows never sorts.
///
/// An index rebuilt from the segments adds its records with ``tally(_:won:score:)`` instead,
/// and ranks the rows once at the end (``rank()``): a row moved at every record went past
/// every row whose score lay between its old and new one, hundreds with thousands of players,
/// and that was most of the cost of rebuilding.
struct Standings: Equatable {
    /// Every player's row, in rank order (once ranked after a ``tally(_:won:score:)``).
    private(set) var ranked: [LeaderboardRow] = []
    /// Each player's row, by name.
    private var rows: [String: LeaderboardRow] = [:]
    /// True when `rows` holds tallies `ranked` does not show yet.
    private(set) var needsRanking = false

    /// A leaderboard holding `ranked` (already in rank order, names distinct).
    init(ranked: [LeaderboardRow] = []) {
        self.ranked = ranked
        rows = Dictionary(ranked.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// The row of `name`, if it has one.
    func row(_ name: String) -> LeaderboardRow? { rows[name] }

    /// Adds one deal (or hand) of `name`'s: won or not, with its score change.
    /// A new player's row is inserted at its rank; a known player's row moves from its old
    /// rank to its new one past the rows in between only (scores change little per deal).
    mutating func add(_ name: String, won: Bool, score: Int) {
        rank()
        guard let old = rows[name] else {
            let row = LeaderboardRow(name: name, deals: 1, wins: won ? 1 : 0, score: score)
            rows[name] = row
            ranked.insert(row, at: insertionPoint(of: row))
            return
        }
        var row = old
        row.deals += 1
        if won { row.wins += 1 }
        row.score += score
        rows[name] = row
        var rank = insertionPoint(of: old)
        ranked[rank] = row
        while rank > 0 && Self.precedes(row, ranked[rank - 1]) {
            ranked.swapAt(rank, rank - 1)
            rank -= 1
        }
        while rank < ranked.count - 1 && Self.precedes(ranked[rank + 1], row) {
            ranked.swapAt(rank, rank + 1)
            rank += 1
        }
    }

    /// Adds one deal (or hand) of `name`'s as ``add(_:won:score:)`` does, to the row only:
    /// `ranked` shows it after ``rank()``.
    mutating func tally(_ name: String, won: Bool, score: Int) {
        needsRanking = true
        func count(_ row: inout LeaderboardRow) {
            row.deals += 1
            if won { row.wins += 1 }
            row.score += score
        }
        count(&rows[name, default: LeaderboardRow(name: name, deals: 0, wins: 0, score: 0)])
    }

    /// Puts every row in rank order, after tallies; nothing to do otherwise.
    mutating func rank() {
        guard needsRanking else { return }
        ranked = rows.values.sorted(by: Self.precedes)
        needsRanking = false
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

    /// Rows, not ranks, so that a board awaiting ``rank()`` equals the ranked one.
    static func == (lhs: Standings, rhs: Standings) -> Bool { lhs.rows == rhs.rows }
}
