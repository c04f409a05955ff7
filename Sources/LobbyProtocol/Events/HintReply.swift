import CardGames

/// The answer to `hint`: the moves the asking seat may make at its turn, and only its own.
/// Each kind of table fills its own field.
public struct HintReply: Sendable, Codable, Equatable {
    /// One legal Big Two play.
    public struct Play: Sendable, Codable, Equatable {
        /// The cards, weakest first (send them as `play`'s `cards`).
        public var cards: [Card]
        /// `single`, `pair`, `triple`, `straight`, `flush`, `full_house`, `four_of_a_kind` or
        /// `straight_flush`.
        public var combo: String

        /// Creates a play.
        public init(cards: [Card], combo: String) {
            self.cards = cards
            self.combo = combo
        }
    }

    /// Table id.
    public var table: Int
    /// The asking seat.
    public var seat: Int
    /// Big Two: every legal play, weakest first (fewest cards, then the lower kind, then the
    /// lower combination).
    public var plays: [Play]?
    /// Big Two: whether `pass` is legal.
    public var canPass: Bool?
    /// E-Card: the cards that may be laid (`emperor`, `citizen`, `slave`).
    public var lays: [String]?
    /// Tic-tac-toe: the empty cells, 1 to 9.
    public var cells: [Int]?
    /// Memory: the face-down cards that may be flipped, from 1.
    public var cards: [Int]?
    /// Roulette: the segments that may be bet on, from 1.
    public var segments: [Int]?
    /// Roulette: the most chips the seat may bet in all this round.
    public var maxChips: Int?

    /// A hint for `seat` at `table`, its moves to be filled in.
    public init(table: Int, seat: Int) {
        self.table = table
        self.seat = seat
    }
}
