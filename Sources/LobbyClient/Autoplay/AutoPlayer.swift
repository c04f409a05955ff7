import CardGames
import LobbyProtocol

/// Chooses moves for a seated client with the engine's bots, from the state the client built
/// out of the events it received.
public struct AutoPlayer: Sendable {
    /// The bot level.
    public let level: BotLevel
    private var bigTwo: any BigTwoBot
    private var random: Xoshiro256StarStar
    private var mixed = ECardMixedBot()
    private var uniform = ECardRandomBot()
    /// True after a turn the client could not follow: the `state` asked for then is answered
    /// with a move when it shows this seat to act.
    private var movesAfterState = false
    /// The memory bot of the game under way, learning from every flip this client sees.
    var memoryBot: MemoryBot?

    /// The random source of the small games' bots.
    var smallGameRandom: Xoshiro256StarStar {
        get { random }
        set { random = newValue }
    }

    /// A player of the given level; `seed` fixes its random choices.
    public init(level: BotLevel, seed: UInt64) {
        self.level = level
        bigTwo = level.makeBigTwoBot(seed: seed)
        random = Xoshiro256StarStar(seed: seed ^ 0x9E37_79B9_7F4A_7C15)
    }

    /// The request to send after `message` was applied to `state`: a move when the message
    /// asks this client's seat to act, else nil.
    public mutating func respond(to message: ServerMessage, in state: SessionState)
        -> ClientRequest?
    {
        guard let seat = state.seat else { return nil }
        if let request = respondAtSmallGame(to: message.event, seat: seat, in: state) {
            return request
        }
        switch message.event {
        case .turn(let notice) where notice.seat == seat:
            guard let view = state.deal?.view() else {
                movesAfterState = true
                return .state
            }
            return bigTwoMove(view)
        case .state(let snapshot) where movesAfterState && snapshot.table.kind == .bigtwo:
            movesAfterState = false
            return state.deal?.view().map { bigTwoMove($0) }
        case .ecardTurn(let notice) where notice.seat == seat:
            guard let view = state.ecard?.view else { return .state }
            let card =
                level == .random
                ? uniform.chooseCard(view: view, using: &random)
                : mixed.chooseCard(view: view, using: &random)
            return .lay(card)
        case .dealEnd, .matchEnd:
            return .ready
        default:
            return nil
        }
    }

    private mutating func bigTwoMove(_ view: BigTwoSeatView) -> ClientRequest {
        switch bigTwo.chooseMove(view) {
        case .play(let cards): .play(cards.cards)
        case .pass: .pass
        }
    }
}
