/// A move in a Big Two deal: play some cards, or pass.
public enum BigTwoMove: Hashable, Sendable, CustomStringConvertible {
    /// Play these cards.
    case play(CardSet)
    /// Pass.
    case pass

    public var description: String {
        switch self {
        case .play(let cards): "play \(cards.notation)"
        case .pass: "pass"
        }
    }
}

/// One accepted move, as recorded in a deal's history.
public struct BigTwoMoveRecord: Hashable, Sendable {
    /// The seat that moved.
    public let seat: Int
    /// The combination played, or nil for a pass.
    public let play: Combination?

    /// The move as a `BigTwoMove`.
    public var move: BigTwoMove { play.map { .play($0.cards) } ?? .pass }
}
