import CardGames
import LobbyProtocol

/// Memory as a table game: one to four seats, a layout shuffled from a seed committed to
/// before the first flip, one card flipped at a time. A face-down card's face is in no event
/// and no snapshot: the only place it exists is the match value.
public struct MemoryGame: TableGame {
    /// The pairs and seats of every game at the table, already validated.
    public typealias Settings = MemoryOptions
    /// A memory event: nothing in it is hidden from anyone, so every viewer sees it alike.
    public typealias Event = ServerEvent
    /// The public state of the game.
    public typealias FullView = MemoryView

    /// A bot of the table's level: it learns only from the flips everyone saw.
    public struct Bot: Sendable, Codable, Equatable {
        var player: MemoryBot
        var random: Xoshiro256StarStar
        /// The game its memory is of, and how many of that game's flips it has seen.
        var game = 0
        var seen = 0
    }

    /// A bot's task: the bot, the public view, and every flip of the game so far.
    public struct BotTask: Sendable {
        var bot: Bot
        var game: Int
        var view: MemorySeatView
        var flips: [MemoryEvent]
    }

    public static let kind = TableKind.memory
    public static let seatCount = MemoryOptions.allowedSeats.upperBound

    let table: Int
    let tableName: String
    let options: MemoryOptions
    let botKind: MemoryBot.Kind
    let seeds: any SeedSource
    var match: MemoryMatch?
    var seed: DealSeed?
    var gameNumber = 0
    var gamesFinished = 0
    /// Pairs per seat over the games finished.
    var earlierTotals: [Int]
    /// Every flip of the game under way, in order (public information).
    var flips: [MemoryEvent] = []
    /// The flips as the game log records them.
    var moves: [DealMove] = []
    var gamePlayers: [String] = []
    /// Seeds the bots' random sources.
    var random: Xoshiro256StarStar

    public init(setup: TableSetup, settings: MemoryOptions, seeds: any SeedSource) {
        table = setup.id
        tableName = setup.name
        options = settings
        botKind = Self.botKind(for: setup.botLevel)
        self.seeds = seeds
        earlierTotals = Array(repeating: 0, count: settings.seats)
        random = Xoshiro256StarStar(dealSeed: seeds.next())
    }

    /// The bot a table's level stands for: `random`, `greedy` (forgetful) or `smart`
    /// (perfect memory).
    public static func botKind(for level: BotLevel) -> MemoryBot.Kind {
        switch level {
        case .random: .random
        case .greedy: .forgetful
        case .smart, .expert, .master: .perfect
        }
    }

    public var seatsAtTable: Int { options.seats }
    public var gamesPlayed: Int { gamesFinished }
    /// The running pairs per seat since the table began, before any seat's restart.
    var tableTotals: [Int] {
        guard let match, !match.isOver else { return earlierTotals }
        return zip(earlierTotals, match.scores).map { $0 + $1 }
    }
    public var totals: [Int] { tableTotals }
    public var botPlayerName: String { "bot:\(botKind.rawValue)" }
    public var seatToAct: Int? { match?.seatToFlip }

    public func describe(_ info: inout TableInfo) {
        info.pairs = options.pairs
    }

    public mutating func beginGame(names: [String?], players: [String]) -> [Event] {
        let seed = seeds.next()
        guard let match = try? MemoryMatch(seed: seed, options: options) else { return [] }
        self.seed = seed
        self.match = match
        gameNumber += 1
        flips = []
        moves = []
        gamePlayers = players
        return [
            .memoryStart(
                MemoryStartNotice(
                    table: table, game: gameNumber, pairs: options.pairs,
                    commitment: seed.commitment))
        ]
    }

    public mutating func beginHand(names: [String?], players: [String]) -> [Event] { [] }

    public func turnEvent(seat: Int, deadline: Milliseconds?) -> Event {
        .memoryTurn(
            MemoryTurnNotice(
                table: table, seat: seat, flip: match?.firstPosition == nil ? 1 : 2,
                deadline: deadline))
    }

    public static func kindFailure(for move: TableMove, table: Int) -> ProtocolFailure? {
        move.wrongKind(at: table, playing: .memory, hint: " (flip CARD [CARD])")
    }

    /// Flips one card, or two in order; a refused card refuses the whole request. Each card's
    /// `memory_flip` carries the game as it stands after that card alone, so the first card of
    /// two tells nothing of the second, and only the last flip of a game ends it.
    public mutating func act(_ move: TableMove, seat: Int, now: Milliseconds)
        throws(ProtocolFailure) -> GameProgress<Event>
    {
        guard var trial = match, case .flip(let cards) = move else {
            throw ProtocolFailure(.noDeal, "no memory game is in progress at table \(table)")
        }
        if cards.count > 1, trial.firstPosition != nil {
            throw ProtocolFailure(
                .invalidField, "one card of this turn is up: flip only the second one")
        }
        if cards.count > 1, cards[0] == cards[1] {
            throw ProtocolFailure(.duplicateCards, "card \(cards[0] + 1) is named twice")
        }
        var events: [MemoryEvent] = []
        do throws(MemoryError) {
            for card in cards { events.append(try trial.flip(card, by: seat)) }
        } catch {
            guard case .noSuchCard(let index) = error else {
                throw ProtocolFailure(error.code, error.message)
            }
            throw ProtocolFailure(
                error.code,
                "there is no card \(index + 1): the cards are 1 to \(options.pairs * 2) here")
        }
        var progress = GameProgress<Event>(events: [])
        for (card, event) in zip(cards, events) {
            // The flips were checked on the trial: they take on the game one at a time.
            _ = try? match?.flip(card, by: seat)
            progress = flipped(
                card, event: event, seat: seat, timedOut: nil, now: now, into: progress)
        }
        return progress
    }

    public mutating func applyServer(_ action: Int, seat: Int, timedOut: Bool?, now: Milliseconds)
        -> GameProgress<Event>?
    {
        guard var current = match, current.seatToFlip == seat else { return nil }
        let down = current.view(for: seat).faceDown
        guard down != 0 else { return nil }
        let card = down & (1 << UInt64(action)) != 0 ? action : down.trailingZeroBitCount
        guard let event = try? current.flip(card, by: seat) else { return nil }
        match = current
        return flipped(
            card, event: event, seat: seat, timedOut: timedOut, now: now,
            into: GameProgress(events: []))
    }

    /// Adds a flip's event to `progress`; the game's last flip brings its record and end.
    private mutating func flipped(
        _ card: Int, event: MemoryEvent, seat: Int, timedOut: Bool?, now: Milliseconds,
        into progress: GameProgress<Event>
    ) -> GameProgress<Event> {
        guard let match, let seed else { return progress }
        flips.append(event)
        moves.append(DealMove(seat: seat, cards: "\(card + 1)"))
        var result: String?
        switch event {
        case .firstCard: result = nil
        case .pair: result = "pair"
        case .miss: result = "miss"
        }
        var progress = progress
        progress.events.append(
            .memoryFlip(
                MemoryFlipNotice(
                    table: table, seat: seat, card: card + 1,
                    face: MemoryDealer.letter(of: event.flipped.face), result: result,
                    scores: match.scores, timedOut: timedOut)))
        guard let layout = match.revealedLayout else { return progress }
        gamesFinished += 1
        earlierTotals = zip(earlierTotals, match.scores).map { $0 + $1 }
        progress.record = DealRecord.memoryGame(
            table: table, tableName: tableName, gameNumber: gameNumber, players: gamePlayers,
            seed: seed, match: match, flips: moves, finishedAt: now)
        progress.announced = [
            .memoryEnd(
                MemoryEndNotice(
                    table: table, game: gameNumber, scores: match.scores, winners: match.leaders,
                    layout: layout.map(MemoryDealer.letter(of:)).joined(), seed: seed.hex,
                    commitment: seed.commitment, totals: earlierTotals))
        ]
        progress.next = .gameOver
        return progress
    }

    public mutating func makeBot(seat: Int) -> Bot {
        Bot(
            player: MemoryBot(kind: botKind, cardCount: options.cardCount),
            random: Xoshiro256StarStar(seed: random.next()))
    }

    public func botTask(seat: Int, bot: Bot, timedOut: Bool) -> BotTask? {
        guard let match, match.seatToFlip == seat else { return nil }
        return BotTask(bot: bot, game: gameNumber, view: match.view(for: seat), flips: flips)
    }

    /// The bot catches up on the flips it has not seen, then chooses.
    public static func think(_ task: BotTask) -> (action: Int, bot: Bot) {
        var bot = task.bot
        if bot.game != task.game {
            bot.player = MemoryBot(kind: bot.player.kind, cardCount: task.view.cardCount)
            bot.game = task.game
            bot.seen = 0
        }
        for event in task.flips.dropFirst(bot.seen) { bot.player.observe(event) }
        bot.seen = task.flips.count
        let card = bot.player.choose(view: task.view, using: &bot.random)
        return (card, bot)
    }

    /// The face-down cards, when the seat is to flip.
    public func hint(seat: Int) -> HintReply? {
        guard let match, match.seatToFlip == seat else { return nil }
        var reply = HintReply(table: table, seat: seat)
        reply.cards = (0..<match.cardCount).filter { match.face(at: $0) == nil }.map { $0 + 1 }
        return reply
    }

    public func fullView(deadline: Milliseconds?) -> MemoryView? {
        guard let match, let seed, !match.isOver else { return nil }
        let board = (0..<match.cardCount).map { card in
            match.face(at: card).map(MemoryDealer.letter(of:)) ?? "."
        }
        return MemoryView(
            game: gameNumber, pairs: options.pairs, commitment: seed.commitment,
            board: board.joined(), seatToFlip: match.seatToFlip,
            first: match.firstPosition.map { $0 + 1 }, scores: match.scores, deadline: deadline)
    }

    /// Nothing in a memory event is secret: a face is sent only once its card is flipped.
    public static func project(_ event: Event, for viewer: Viewer) -> ServerEvent { event }

    public static func publicProjection(of event: Event) -> ServerEvent? { event }

    /// A game is laid out.
    public static func startsDeal(_ event: Event) -> Bool {
        if case .memoryStart = event { return true }
        return false
    }

    public static func snapshot(_ view: MemoryView?, table: TableInfo, viewer: Viewer)
        -> Snapshot
    {
        Snapshot(table: table, seat: viewer.seat, game: view)
    }

    public func closingMatchEnd(table: Int) -> MatchEnd? {
        guard gameNumber > 0 else { return nil }
        return MatchEnd(table: table, games: gamesFinished, totals: totals)
    }

    public func abandonedRecord(now: Milliseconds) -> DealRecord? {
        nil
    }
}
