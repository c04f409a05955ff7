import CardGames
import LobbyProtocol

/// Autoplay at tic-tac-toe, memory and roulette tables, with the engine's bots at the level
/// the client was given (`random`, `greedy` for the middle bot, `smart` for the best one).
extension AutoPlayer {
    /// The request for a tic-tac-toe, memory or roulette event; nil for any other event, or
    /// when this seat has nothing to do.
    mutating func respondAtSmallGame(to event: ServerEvent, seat: Int, in state: SessionState)
        -> ClientRequest?
    {
        switch event {
        case .tictactoeTurn(let notice) where notice.seat == seat:
            guard let board = state.ticTacToe.flatMap({ Self.board($0.board) }) else {
                return .state
            }
            let bot = TicTacToeBot(kind: ticTacToeKind)
            return .mark(
                cell: bot.chooseCell(
                    board: board, mark: TicTacToeMark(seat: seat), using: &smallGameRandom))
        case .tictactoeResult:
            return state.matchOver || !Self.asksForAgain(seat: seat, in: state) ? nil : .again
        case .memoryStart(let notice):
            memoryBot = MemoryBot(kind: memoryKind, cardCount: 2 * notice.pairs)
            return nil
        case .memoryFlip(let notice):
            if let face = MemoryDealer.face(of: notice.face) {
                // Every flipped card is learnt as it turns up; a miss adds nothing more.
                memoryBot?.observe(.firstCard(position: notice.card - 1, face: face))
            }
            return nil
        case .memoryTurn(let notice) where notice.seat == seat:
            guard let view = state.memory, var bot = memoryBot else { return .state }
            let card = bot.choose(view: Self.seatView(view, seat: seat), using: &smallGameRandom)
            memoryBot = bot
            return .flip(cards: [card])
        case .rouletteTurn(let notice) where notice.seat == seat:
            guard let view = state.roulette else { return .state }
            let bets = RouletteBot().chooseBets(
                segments: view.segments, remaining: view.maxStake, using: &smallGameRandom)
            return .bet(bets.map { RouletteStake(segment: $0.segment, chips: $0.chips) })
        default:
            return nil
        }
    }

    private var ticTacToeKind: TicTacToeBot.Kind {
        switch level {
        case .random: .random
        case .greedy: .casual
        case .smart, .expert, .master: .perfect
        }
    }

    private var memoryKind: MemoryBot.Kind {
        switch level {
        case .random: .random
        case .greedy: .forgetful
        case .smart, .expert, .master: .perfect
        }
    }

    /// One person asks for the next round, the one in the lowest seat a person plays, and
    /// only while the table has rounds left to play.
    static func asksForAgain(seat: Int, in state: SessionState) -> Bool {
        if let games = state.table?.games, state.finishedGames >= games { return false }
        let people = state.table?.seats.filter { $0.player != nil && !$0.bot }.map(\.seat) ?? []
        return people.first == seat
    }

    /// A board from its nine characters, or nil when they do not form one.
    static func board(_ text: String) -> TicTacToeBoard? {
        let cells = Array(text)
        guard cells.count == 9 else { return nil }
        var o: UInt16 = 0
        var x: UInt16 = 0
        for (index, cell) in cells.enumerated() {
            if cell == "o" { o |= 1 << UInt16(index) }
            if cell == "x" { x |= 1 << UInt16(index) }
        }
        return TicTacToeBoard(o: o, x: x)
    }

    /// What a seat may know of the memory game: the cards face up in `view`.
    static func seatView(_ view: MemoryView, seat: Int) -> MemorySeatView {
        let board = Array(view.board)
        var found: UInt64 = 0
        for (index, face) in board.enumerated() where face != "." && index + 1 != view.first {
            found |= 1 << UInt64(index)
        }
        let first = view.first.map { $0 - 1 }
        let firstFace = first.flatMap { board.indices.contains($0) ? board[$0] : nil }
            .flatMap { MemoryDealer.face(of: String($0)) }
        return MemorySeatView(
            seat: seat, cardCount: board.count, found: found, firstPosition: first,
            firstFace: firstFace)
    }
}
