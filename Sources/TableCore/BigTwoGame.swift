import CardGames
import LobbyProtocol

/// Big Two as a table game: four seats, one deal after another, each dealt from a seed
/// committed to before the first card is played.
public struct BigTwoGame: TableGame {
    /// The rules of every deal at the table.
    public struct Settings: Sendable, Equatable {
        /// The rule options.
        public var options: BigTwoOptions
        /// `standard`, `taiwan` or `custom`.
        public var rulesName: String

        /// Creates the settings.
        public init(options: BigTwoOptions, rulesName: String) {
            self.options = options
            self.rulesName = rulesName
        }
    }

    /// A Big Two event before projection: a deal's start holds every hand.
    public enum Event: Sendable, Equatable {
        /// A deal begins: every seat's hand, the commitment, the people per seat.
        case dealStart(DealStart, hands: [[Card]])
        /// An event every viewer sees alike (turn, play, pass, trick, deal end).
        case shown(ServerEvent)
    }

    /// A bot's task: its view of the deal, and whether it moves for a person out of time.
    public struct BotTask: Sendable {
        var bot: any BigTwoBot
        var view: BigTwoSeatView
        var passIfAllowed: Bool
    }

    public static let kind = TableKind.bigtwo
    public static let seatCount = 4

    let table: Int
    let tableName: String
    let settings: Settings
    let botLevel: BotLevel
    let seeds: any SeedSource
    var match: BigTwoMatch
    var deal: BigTwoDeal?
    var dealNumber = 0
    var seed: DealSeed?
    /// Names per seat when the current deal was dealt, for the game log.
    var dealPlayers: [String] = []

    public init(setup: TableSetup, settings: Settings, seeds: any SeedSource) {
        self.table = setup.id
        self.tableName = setup.name
        self.settings = settings
        self.botLevel = setup.botLevel
        self.seeds = seeds
        self.match = BigTwoMatch(options: settings.options)
    }

    public var gamesPlayed: Int { match.dealsPlayed }
    public var totals: [Int] { match.totals }
    public var botPlayerName: String { "bot:\(botLevel.rawValue)" }
    public var seatToAct: Int? { deal.flatMap { $0.isOver ? nil : $0.currentSeat } }

    public func describe(_ info: inout TableInfo) {
        info.rules = settings.rulesName
        info.options = settings.options
    }

    public mutating func beginGame(names: [String?], players: [String]) -> [Event] {
        dealNumber += 1
        let seed = seeds.next()
        self.seed = seed
        let hands = Dealer.deal(seed: seed)
        deal = match.startDeal(hands: hands)
        dealPlayers = players
        let start = DealStart(
            table: table, deal: dealNumber, commitment: seed.commitment, seat: nil, hand: nil,
            players: names)
        return [.dealStart(start, hands: hands.map(\.cards))]
    }

    public mutating func beginHand(names: [String?], players: [String]) -> [Event] { [] }

    public func turnEvent(seat: Int, deadline: Milliseconds?) -> Event {
        .shown(
            .turn(
                TurnNotice(
                    table: table, seat: seat, canPass: deal?.canPass ?? false,
                    leading: deal?.isLeading ?? false, mustInclude: deal?.requiredCard,
                    toBeat: deal?.tablePlay?.cards.cards, deadline: deadline)))
    }

    public static func kindFailure(for move: TableMove, table: Int) -> ProtocolFailure? {
        move.wrongKind(at: table, playing: .bigtwo)
    }

    public mutating func act(_ move: TableMove, seat: Int, now: Milliseconds)
        throws(ProtocolFailure) -> GameProgress<Event>
    {
        guard var current = deal else {
            // Between deals of a table restored from its checkpoint, the last deal is over.
            guard dealNumber == 0 else {
                throw ProtocolFailure(BigTwoError.dealOver.code, BigTwoError.dealOver.description)
            }
            throw ProtocolFailure(.noDeal, "no deal is in progress at table \(table)")
        }
        let outcome: BigTwoMoveOutcome
        do {
            switch move {
            case .play(let cards): outcome = try current.play(cards, by: seat)
            default: outcome = try current.pass(by: seat)
            }
        } catch {
            throw ProtocolFailure(error.code, error.description)
        }
        deal = current
        return progress(outcome, seat: seat, timedOut: nil, now: now)
    }

    public mutating func applyServer(
        _ action: BigTwoMove, seat: Int, timedOut: Bool?, now: Milliseconds
    ) -> GameProgress<Event>? {
        guard var current = deal else { return nil }
        let outcome: BigTwoMoveOutcome
        do {
            outcome = try current.apply(action, by: seat)
        } catch {
            guard let fallback = current.legalMoves().first, fallback != action else { return nil }
            return applyServer(fallback, seat: seat, timedOut: timedOut, now: now)
        }
        deal = current
        return progress(outcome, seat: seat, timedOut: timedOut, now: now)
    }

    /// The events of an accepted move; at the deal's end, its record and result.
    private mutating func progress(
        _ outcome: BigTwoMoveOutcome, seat: Int, timedOut: Bool?, now: Milliseconds
    ) -> GameProgress<Event> {
        guard let deal else { return GameProgress(events: []) }
        var events: [Event] = []
        if let combo = outcome.record.play {
            events.append(
                .shown(
                    .play(
                        PlayNotice(
                            table: table, seat: seat, cards: combo.cards.cards,
                            combo: combo.kind.name, cardsLeft: deal.hands[seat].count,
                            timedOut: timedOut))))
        } else {
            events.append(.shown(.pass(PassNotice(table: table, seat: seat, timedOut: timedOut))))
        }
        guard let result = outcome.result, let seed else {
            if let leader = outcome.trickWonBy {
                events.append(.shown(.trick(TrickNotice(table: table, leader: leader))))
            }
            return GameProgress(events: events)
        }
        match.record(result)
        let record = DealRecord.bigTwo(
            table: table, tableName: tableName, dealNumber: dealNumber, players: dealPlayers,
            rules: settings.rulesName, seed: seed, deal: deal, finishedAt: now)
        let end = DealEnd(
            table: table, deal: dealNumber, winner: result.winner,
            hands: deal.hands.map(\.cards), cardsLeft: result.cardsLeft,
            penalties: result.penalties, scores: result.scores, totals: totals,
            liableSeat: result.liableSeat, seed: seed.hex, commitment: seed.commitment)
        return GameProgress(
            events: events, record: record, announced: [.shown(.dealEnd(end))], next: .gameOver)
    }

    public mutating func makeBot(seat: Int) -> any BigTwoBot {
        botLevel.makeBigTwoBot(seed: UInt64(table) << 8 | UInt64(dealNumber << 2 | seat))
    }

    public func botTask(seat: Int, bot: any BigTwoBot, timedOut: Bool) -> BotTask? {
        guard let deal, !deal.isOver else { return nil }
        return BotTask(bot: bot, view: deal.view(for: seat), passIfAllowed: timedOut)
    }

    public static func think(_ task: BotTask) -> (action: BigTwoMove, bot: any BigTwoBot) {
        var bot = task.bot
        if task.passIfAllowed, task.view.canPass { return (.pass, bot) }
        let move = bot.chooseMove(task.view)
        return (move, bot)
    }

    public func closingMatchEnd(table: Int) -> MatchEnd? {
        MatchEnd(table: table, games: match.dealsPlayed, totals: totals)
    }

    /// A deal under way, cut off: its seed is revealed in the log and its moves replay.
    public func abandonedRecord(now: Milliseconds) -> DealRecord? {
        guard let deal, let seed, !deal.isOver else { return nil }
        return DealRecord.abandonedBigTwo(
            table: table, tableName: tableName, dealNumber: dealNumber, players: dealPlayers,
            rules: settings.rulesName, seed: seed, deal: deal, finishedAt: now)
    }
}
