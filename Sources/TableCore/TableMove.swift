import CardGames
import LobbyProtocol

/// A move a seated person asks for; each kind of table accepts its own and answers the others
/// with `wrong_table_kind`.
public enum TableMove: Sendable, Equatable {
    /// Big Two: play these cards.
    case play([Card])
    /// Big Two: pass.
    case pass
    /// E-Card: lay this card face down.
    case lay(ECardCard)
    /// Tic-tac-toe: mark the cell with this index (0 to 8).
    case mark(Int)
    /// Tic-tac-toe: one more round.
    case again
    /// Tic-tac-toe: ask to reset the score.
    case restart
    /// Memory: flip these cards (indices from 0), one or two, in order.
    case flip([Int])
    /// Roulette: the seat's bets for the round.
    case bet([RouletteStake])

    /// The kind of table the move belongs to.
    public var kind: TableKind {
        switch self {
        case .play, .pass: .bigtwo
        case .lay: .ecard
        case .mark, .again, .restart: .tictactoe
        case .flip: .memory
        case .bet: .roulette
        }
    }

    /// The request's word, as a person types it.
    public var word: String {
        switch self {
        case .play: "play"
        case .pass: "pass"
        case .lay: "lay"
        case .mark: "mark"
        case .again: "again"
        case .restart: "restart"
        case .flip: "flip"
        case .bet: "bet"
        }
    }

    /// The refusal of this move at table `table`, which plays `kind`, or
    /// nil when the move belongs there; `hint` tells what the table takes instead.
    public func wrongKind(at table: Int, playing kind: TableKind, hint: String = "")
        -> ProtocolFailure?
    {
        guard self.kind != kind else { return nil }
        return ProtocolFailure(
            .wrongTableKind,
            "\(word) is for \(self.kind.displayName) tables; table \(table) plays "
                + "\(kind.displayName)\(hint)")
    }
}
