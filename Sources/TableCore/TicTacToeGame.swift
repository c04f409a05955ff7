import CardGames
import LobbyProtocol

/// Tic-tac-toe as a table game: seat 0 plays O and seat 1 plays X, round after round. A round
/// at a table with a person begins when someone sends `again`; at an all-bot table rounds
/// follow one another. The board hides nothing, so every viewer sees the same events.
public struct TicTacToeGame: TableGame {
    /// The mark that moves first in the first round.
    public typealias Settings = TicTacToeMark
    /// A tic-tac-toe event: every viewer sees it alike.
    public typealias Event = ServerEvent
    /// The whole match, which is public.
    public typealias FullView = TicTacToeView

    /// A bot of the table's level with its own random source.
    public struct Bot: Sendable {
        var player: TicTacToeBot
        var random: Xoshiro256StarStar
    }

    /// A bot's task: the bot, the board and its mark.
    public struct BotTask: Sendable {
        var bot: Bot
        var board: TicTacToeBoard
        var mark: TicTacToeMark
    }

    public static let kind = TableKind.tictactoe
    public static let seatCount = 2

    let table: Int
    let tableName: String
    let games: Int?
    let botKind: TicTacToeBot.Kind
    var match: TicTacToeMatch
    /// True once the first round has begun.
    var started = false
    /// Rounds finished at the table, restarts included.
    var roundsFinished = 0
    /// The people per seat when the round began (nil: a bot).
    var names: [String?] = [nil, nil]
    /// Names per seat when the round began, for the game log.
    var roundPlayers: [String] = []
    /// Seeds the bots' random sources.
    var random: Xoshiro256StarStar

    public init(setup: TableSetup, settings: TicTacToeMark, seeds: any SeedSource) {
        table = setup.id
        tableName = setup.name
        games = setup.games
        botKind = Self.botKind(for: setup.botLevel)
        match = TicTacToeMatch(first: settings)
        random = Xoshiro256StarStar(dealSeed: seeds.next())
    }

    /// The bot a table's level stands for: `random`, `greedy` (casual) or `smart` (perfect).
    public static func botKind(for level: BotLevel) -> TicTacToeBot.Kind {
        switch level {
        case .random: .random
        case .greedy: .casual
        case .smart, .expert, .master: .perfect
        }
    }

    public var gamesPlayed: Int { roundsFinished }
    /// Every finished round's recorded scores summed (a win +1, a loss −1, a draw 0), over
    /// the table's life: unlike the match's score (wins), a restart does not reset it.
    var recordedTotals = [Int](repeating: 0, count: seatCount)
    public var totals: [Int] { recordedTotals }
    public var botPlayerName: String { "bot:\(botKind.rawValue)" }
    public var seatToAct: Int? { started ? match.seatToMove : nil }

    public func describe(_ info: inout TableInfo) {
        info.first = match.firstMark.rawValue
    }

    public mutating func beginGame(names: [String?], players: [String]) -> [Event] {
        if started { try? match.nextRound() }
        started = true
        return roundBegins(names: names, players: players)
    }

    /// After `again` or a restart, whose answer already announced the round: the people
    /// who play it are noted.
    public mutating func beginHand(names: [String?], players: [String]) -> [Event] {
        self.names = names
        roundPlayers = players
        return []
    }

    private mutating func roundBegins(names: [String?], players: [String]) -> [Event] {
        self.names = names
        roundPlayers = players
        return [roundNotice]
    }

    /// The round the match has ready begins.
    private var roundNotice: Event {
        .tictactoeRound(
            TicTacToeRoundNotice(
                table: table, round: match.round, first: match.roundStarter.rawValue,
                score: match.score))
    }

    public func turnEvent(seat: Int, deadline: Milliseconds?) -> Event {
        .tictactoeTurn(
            TicTacToeTurnNotice(
                table: table, seat: seat, mark: TicTacToeMark(seat: seat).rawValue,
                deadline: deadline))
    }

    public static func kindFailure(for move: TableMove, table: Int) -> ProtocolFailure? {
        move.wrongKind(at: table, playing: .tictactoe, hint: " (mark 1-9, again, restart)")
    }

    public mutating func act(_ move: TableMove, seat: Int, now: Milliseconds)
        throws(ProtocolFailure) -> GameProgress<Event>
    {
        guard started else {
            throw ProtocolFailure(.noDeal, "no tic-tac-toe round has begun at table \(table)")
        }
        do throws(TicTacToeError) {
            switch move {
            case .again:
                try match.nextRound()
                return GameProgress(events: [roundNotice], next: .newHand)
            case .restart:
                return try restart(asked: seat)
            default:
                guard case .mark(let cell) = move else { throw TicTacToeError.noSuchCell }
                let result = try match.mark(cell, by: seat)
                return progress(cell: cell, seat: seat, result: result, timedOut: nil, now: now)
            }
        } catch {
            throw ProtocolFailure(error.code, error.message)
        }
    }

    /// `seat` asks to restart; a bot in the other seat always agrees. Once both have asked,
    /// the score resets and a new round begins.
    private mutating func restart(asked seat: Int) throws(TicTacToeError) -> GameProgress<Event> {
        let repeated = match.restartVotes.contains(seat)
        var restarted = try match.agreeToRestart(seat: seat)
        let other = 1 - seat
        if !restarted, names[other] == nil { restarted = try match.agreeToRestart(seat: other) }
        let agreed = restarted ? [0, 1] : match.restartVotes.sorted()
        let notice = Event.tictactoeRestart(
            TicTacToeRestartNotice(table: table, seat: seat, agreed: agreed, restarted: restarted))
        // A vote alone changes nothing of the turn: the seat to move is not prompted again.
        guard restarted else {
            var progress = GameProgress(events: [notice], next: .unchanged)
            progress.changesNothing = repeated
            return progress
        }
        return GameProgress(events: [notice, roundNotice], next: .newHand)
    }

    public mutating func applyServer(_ action: Int, seat: Int, timedOut: Bool?, now: Milliseconds)
        -> GameProgress<Event>?
    {
        guard started, match.seatToMove == seat,
            let cell = (0..<9).contains(action) && match.board[action] == nil
                ? action : TicTacToeBoard.indices(of: match.board.empty).first
        else { return nil }
        do {
            let result = try match.mark(cell, by: seat)
            return progress(cell: cell, seat: seat, result: result, timedOut: timedOut, now: now)
        } catch {
            return nil
        }
    }

    /// Everyone sees the mark; a round's end goes to the game log before anyone hears it.
    private mutating func progress(
        cell: Int, seat: Int, result: TicTacToeResult?, timedOut: Bool?, now: Milliseconds
    ) -> GameProgress<Event> {
        let mark = Event.tictactoeMark(
            TicTacToeMarkNotice(
                table: table, seat: seat, mark: TicTacToeMark(seat: seat).rawValue,
                cell: TicTacToeCell.number(of: cell), board: Self.boardText(match.board),
                timedOut: timedOut))
        guard let result else { return GameProgress(events: [mark]) }
        roundsFinished += 1
        let record = DealRecord.ticTacToeRound(
            table: table, tableName: tableName, roundNumber: roundsFinished,
            players: roundPlayers, match: match, finishedAt: now)
        recordedTotals = zip(recordedTotals, record.result?.scores ?? [0, 0]).map { $0 + $1 }
        var line: [Int]?
        if case .win(_, let cells) = result {
            line = TicTacToeBoard.indices(of: cells).map(TicTacToeCell.number(of:))
        }
        let end = Event.tictactoeResult(
            TicTacToeResultNotice(
                table: table, round: match.round, winner: result.winnerSeat, line: line,
                score: match.score))
        let everyRoundGoesOn = names.allSatisfy { $0 == nil }
        let lastRound = games.map { roundsFinished >= $0 } ?? false
        return GameProgress(
            events: [mark], record: record, announced: [end],
            next: everyRoundGoesOn || lastRound ? .gameOver : .turn)
    }

    /// The board as nine characters `o`, `x` or `.`, cell 1 first.
    public static func boardText(_ board: TicTacToeBoard) -> String {
        String((0..<9).map { board[$0].map { Character($0.rawValue) } ?? "." })
    }

    public mutating func makeBot(seat: Int) -> Bot {
        Bot(player: TicTacToeBot(kind: botKind), random: Xoshiro256StarStar(seed: random.next()))
    }

    public func botTask(seat: Int, bot: Bot, timedOut: Bool) -> BotTask? {
        guard started, match.seatToMove == seat else { return nil }
        return BotTask(bot: bot, board: match.board, mark: TicTacToeMark(seat: seat))
    }

    public static func think(_ task: BotTask) -> (action: Int, bot: Bot) {
        var bot = task.bot
        let cell = bot.player.chooseCell(board: task.board, mark: task.mark, using: &bot.random)
        return (cell, bot)
    }

    /// The empty cells, when the seat is to mark.
    public func hint(seat: Int) -> HintReply? {
        guard started, match.seatToMove == seat else { return nil }
        var reply = HintReply(table: table, seat: seat)
        reply.cells = (0..<9).filter { match.board[$0] == nil }.map(TicTacToeCell.number(of:))
        return reply
    }

    public func fullView(deadline: Milliseconds?) -> TicTacToeView? {
        guard started else { return nil }
        return TicTacToeView(
            round: match.round, board: Self.boardText(match.board),
            first: match.roundStarter.rawValue, seatToMove: match.seatToMove,
            roundOver: match.result != nil, score: match.score,
            restartAgreed: match.restartVotes.sorted(), deadline: deadline)
    }

    /// Nothing is hidden: every viewer gets the event as it is.
    public static func project(_ event: Event, for viewer: Viewer) -> ServerEvent { event }

    public static func publicProjection(of event: Event) -> ServerEvent? { event }

    /// A round begins.
    public static func startsDeal(_ event: Event) -> Bool {
        if case .tictactoeRound = event { return true }
        return false
    }

    public static func snapshot(_ view: TicTacToeView?, table: TableInfo, viewer: Viewer)
        -> Snapshot
    {
        Snapshot(table: table, seat: viewer.seat, game: view)
    }

    public func closingMatchEnd(table: Int) -> MatchEnd? {
        guard started else { return nil }
        return MatchEnd(table: table, games: roundsFinished, totals: totals)
    }

    public func abandonedRecord(now: Milliseconds) -> DealRecord? {
        nil
    }
}
