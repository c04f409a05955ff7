import CardGames

/// The answer to `hint`: the moves the asking seat may make at its turn, and only its own.
/// Each kind of table fills its own fields.
public struct HintReply: Sendable {
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
    /// The moves, in the fields of the table's kind; each kind's file also gives them as
    /// properties of this type.
    public var moves: (any GameHintMoves)?

    /// A hint for `seat` at `table`, its moves to be filled in.
    public init(table: Int, seat: Int) {
        self.table = table
        self.seat = seat
    }

    /// The moves, if they are of `type`.
    public func moves<Moves: GameHintMoves>(_ type: Moves.Type) -> Moves? { moves as? Moves }

    /// Sets the moves to `moves`; moves all absent clear them only if they are of the same
    /// type.
    public mutating func setMoves<Moves: GameHintMoves>(_ moves: Moves) {
        if !moves.isEmpty {
            self.moves = moves
        } else if self.moves is Moves {
            self.moves = nil
        }
    }
}

extension HintReply: Equatable {
    /// Equal when the table, seat and moves are.
    public static func == (lhs: HintReply, rhs: HintReply) -> Bool {
        guard lhs.table == rhs.table, lhs.seat == rhs.seat else { return false }
        return PayloadEquality.equal(lhs.moves, rhs.moves)
    }
}

extension HintReply: Codable {
    private enum CodingKeys: String, CodingKey {
        case table, seat
    }

    /// Reads the table and seat, and the moves of the first kind whose fields are present
    /// (a hint does not name its kind; no two kinds share a field).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        table = try container.decode(Int.self, forKey: .table)
        seat = try container.decode(Int.self, forKey: .seat)
        for kind in TableKind.allCases {
            let moves = try kind.hintMoves.init(from: decoder)
            if !moves.isEmpty {
                self.moves = moves
                return
            }
        }
    }

    /// Writes the table and seat, and the moves beside them.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(table, forKey: .table)
        try container.encode(seat, forKey: .seat)
        try moves?.encode(to: encoder)
    }
}
