/// Each person's own total at a table: the scores of the games credited to them.
///
/// A game (deal, hand, round) is credited to whoever held each seat when it began, as the
/// game log's `players` name them and as history and the leaderboards count it. The seat itself
/// keeps its running total whoever plays it, so a person who takes a seat over mid-match has a
/// total of their own beside the seat's (protocol.md, *Totals*).
public struct PersonTotals: Sendable, Equatable {
    /// One person's total, as a checkpoint saves it.
    public struct Entry: Codable, Sendable, Equatable {
        /// The person's name at the table.
        public var name: String
        /// Their own total there.
        public var total: Int
    }

    private var totals: [String: Int] = [:]
    /// The people per seat of the game under way (nil for a bot), noted when it began.
    private var credited: [String?] = []

    /// No one has a total yet.
    public init() {}

    /// Totals taken up from a checkpoint, with the people per seat of the game under way
    /// when it was cut during one.
    public init(entries: [Entry], credited: [String?] = []) {
        for entry in entries { totals[entry.name, default: 0] += entry.total }
        self.credited = credited
    }

    /// The people per seat the game under way is credited to, for a checkpoint cut during it.
    public var creditedNames: [String?] { credited }

    /// Every person's total, by name, for a checkpoint.
    public var entries: [Entry] {
        totals.keys.sorted().map { Entry(name: $0, total: totals[$0] ?? 0) }
    }

    /// A game begins with these people per seat: its scores will be theirs.
    mutating func began(names: [String?]) {
        credited = names
    }

    /// The game under way finished with `scores` per seat: each person who held a seat when
    /// it began is credited their seat's score.
    mutating func credit(_ scores: [Int]) {
        for (seat, name) in credited.enumerated() {
            guard let name, scores.indices.contains(seat) else { continue }
            totals[name, default: 0] += scores[seat]
        }
    }

    /// `name`'s own total at the table.
    public func total(of name: String) -> Int { totals[name] ?? 0 }

    /// Each seat's person's own total (nil for a seat without a person), or nil when every
    /// person's equals their seat's total and so says nothing new.
    func perSeat(names: [String?], seatTotals: [Int]) -> [Int?]? {
        let own = names.map { $0.map(total(of:)) }
        let differs = own.indices.contains { seat in
            guard let mine = own[seat] else { return false }
            return !seatTotals.indices.contains(seat) || seatTotals[seat] != mine
        }
        return differs ? own : nil
    }
}
