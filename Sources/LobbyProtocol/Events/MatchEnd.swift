/// A table finished the number of games it was created for.
public struct MatchEnd: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// Games played.
    public var games: Int
    /// Final totals per seat.
    public var totals: [Int]
    /// Each seat's person's own total at the table, nil for a seat no person holds; present
    /// only when some person's differs from their seat's total (see protocol.md, *Totals*).
    public var playerTotals: [Int?]?

    public init(table: Int, games: Int, totals: [Int], playerTotals: [Int?]? = nil) {
        self.table = table
        self.games = games
        self.totals = totals
        self.playerTotals = playerTotals
    }
}
