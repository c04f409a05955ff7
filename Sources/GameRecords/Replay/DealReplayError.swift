import CardGames
import LobbyProtocol

/// Why a recorded deal does not replay to its recorded result.
public enum DealReplayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The record lacks a field its kind needs (`seed`, `commitment`, `options`, `ecard`,
    /// `hand`), named here.
    case missingField(String)
    /// The recorded options cannot make a game; the reason is the engine's.
    case invalidOptions(String)
    /// The seed is not 64 hexadecimal digits of a valid seed.
    case invalidSeed
    /// The seed does not hash to the recorded commitment.
    case commitmentMismatch
    /// The number of players does not fit the game.
    case invalidSeatCount(Int)
    /// A move's text could not be read.
    case unreadableMove(index: Int)
    /// The engine rejected a move; the reason is the engine's.
    case illegalMove(index: Int, reason: String)
    /// A move follows the end of the deal.
    case moveAfterEnd(index: Int)
    /// The moves run out before the deal is over.
    case unfinished
    /// An abandoned record that is not a Big Two deal (E-Card hands are recorded only once
    /// decided).
    case abandonedHand
    /// An abandoned record that carries a result.
    case resultOnAbandoned
    /// A record marked abandoned whose moves finish the deal.
    case abandonedButFinished
    /// The replay ends differently from the record.
    case resultMismatch(recorded: DealOutcome, replayed: DealOutcome)

    public var description: String {
        switch self {
        case .missingField(let field): "the record has no \(field)"
        case .invalidOptions(let reason): "the options are invalid: \(reason)"
        case .invalidSeed: "the seed is not valid"
        case .commitmentMismatch: "the seed does not match the commitment"
        case .invalidSeatCount(let count): "\(count) players cannot play this game"
        case .unreadableMove(let index): "move \(index + 1) cannot be read"
        case .illegalMove(let index, let reason): "move \(index + 1) is illegal: \(reason)"
        case .moveAfterEnd(let index): "move \(index + 1) comes after the end"
        case .unfinished: "the moves end before the deal does"
        case .abandonedHand: "only a Big Two deal can be recorded as abandoned"
        case .resultOnAbandoned: "an abandoned deal has a result"
        case .abandonedButFinished: "the deal is marked abandoned but its moves finish it"
        case .resultMismatch: "the replay does not reach the recorded result"
        }
    }
}
