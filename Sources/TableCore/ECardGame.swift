import CardGames
import LobbyProtocol

/// E-Card as a table game: two seats head to head, matches of hands, each card laid face down
/// and known only to its owner until both are revealed.
public struct ECardGame: TableGame {
    /// The rules of every match at the table, already validated.
    public typealias Settings = ECardOptions

    /// An E-Card event before projection: a hand's start holds both seats' sides and cards.
    public enum Event: Sendable, Equatable {
        /// A hand begins: the public notice, then each seat's side and cards.
        case handStart(ECardHandNotice, sides: [String], cards: [[String]])
        /// An event every viewer sees alike (turn, laid, reveal, match end).
        case shown(ServerEvent)
    }

    /// A bot of the table's level with its own random source.
    public struct Bot: Sendable {
        var strategy: any ECardBot
        var random: Xoshiro256StarStar
    }

    /// A bot's task: the bot and its seat's view of the match.
    public struct BotTask: Sendable {
        var bot: Bot
        var view: ECardSeatView
    }

    public static let kind = TableKind.ecard
    public static let seatCount = ECardMatch.seatCount

    let table: Int
    let tableName: String
    let options: ECardOptions
    let botLevel: BotLevel
    /// The match being played, or the last one while the next has not begun.
    var match: ECardMatch?
    /// Matches begun so far; the current match's number.
    var matchNumber = 0
    /// Matches played to the end.
    var matchesPlayed = 0
    /// Per-seat totals of the matches before the current one.
    var earlierTotals = [0, 0]
    /// Names per seat at the start of the current hand, for the game log.
    var handPlayers: [String] = []
    /// Seeds the bots' random sources.
    var random: Xoshiro256StarStar

    public init(setup: TableSetup, settings: ECardOptions, seeds: any SeedSource) {
        self.table = setup.id
        self.tableName = setup.name
        self.options = settings
        self.botLevel = setup.botLevel
        self.random = Xoshiro256StarStar(dealSeed: seeds.next())
    }

    public var gamesPlayed: Int { matchesPlayed }
    /// Per-seat totals over every hand decided at the table, in all its matches.
    public var totals: [Int] { tableTotals }

    /// Per-seat totals over every hand decided at the table.
    var tableTotals: [Int] { zip(earlierTotals, match?.totals ?? [0, 0]).map { $0 + $1 } }
    /// `random` gets the uniformly random bot, any other level the equilibrium bot.
    public var botPlayerName: String { botLevel == .random ? "bot:random" : "bot:mixed" }
    public var seatToAct: Int? { match?.seatToLay }

    public func describe(_ info: inout TableInfo) {
        info.ecard = options
    }

    public mutating func beginGame(names: [String?], players: [String]) -> [Event] {
        earlierTotals = tableTotals
        match = try? ECardMatch(options: options)
        matchNumber += 1
        return beginHand(names: names, players: players)
    }

    public mutating func beginHand(names: [String?], players: [String]) -> [Event] {
        guard let match else { return [] }
        handPlayers = players
        let notice = ECardHandNotice(
            table: table, hand: match.handNumber, emperorSeat: match.emperorSeat, seat: nil,
            side: nil, cards: nil)
        let seats = 0..<Self.seatCount
        return [
            .handStart(
                notice, sides: seats.map { match.side(of: $0).rawValue },
                cards: seats.map { match.hand(of: $0).cards.map(\.rawValue) })
        ]
    }

    public func turnEvent(seat: Int, deadline: Milliseconds?) -> Event {
        .shown(
            .ecardTurn(
                ECardTurnNotice(
                    table: table, seat: seat, first: match?.isFirstLayer(seat: seat) ?? false,
                    deadline: deadline)))
    }

    public static func kindFailure(for move: TableMove, table: Int) -> ProtocolFailure? {
        move.wrongKind(at: table, playing: .ecard, hint: " (lay emperor, citizen or slave)")
    }

    public mutating func act(_ move: TableMove, seat: Int, now: Milliseconds)
        throws(ProtocolFailure) -> GameProgress<Event>
    {
        guard var current = match, case .lay(let card) = move else {
            throw ProtocolFailure(.noDeal, "no E-Card match is in progress at table \(table)")
        }
        let event: ECardEvent
        do {
            event = try current.lay(card, by: seat)
        } catch {
            throw ProtocolFailure(error.code, error.message)
        }
        match = current
        return progress(event, seat: seat, timedOut: nil, now: now)
    }

    public mutating func applyServer(
        _ action: ECardCard, seat: Int, timedOut: Bool?, now: Milliseconds
    ) -> GameProgress<Event>? {
        guard var current = match else { return nil }
        let event: ECardEvent
        do {
            event = try current.lay(action, by: seat)
        } catch {
            guard let fallback = current.hand(of: seat).cards.first, fallback != action else {
                return nil
            }
            return applyServer(fallback, seat: seat, timedOut: timedOut, now: now)
        }
        match = current
        return progress(event, seat: seat, timedOut: timedOut, now: now)
    }

    /// Everyone hears that `seat` laid a card (never which). A reveal that decides a hand
    /// goes to the game log before anyone sees it.
    private mutating func progress(
        _ event: ECardEvent, seat: Int, timedOut: Bool?, now: Milliseconds
    ) -> GameProgress<Event> {
        let laid = Event.shown(
            .ecardLaid(ECardLaidNotice(table: table, seat: seat, timedOut: timedOut)))
        guard case .revealed(let reveal) = event, let match else {
            return GameProgress(events: [laid])
        }
        let record = reveal.handResult.map { result in
            DealRecord.eCardHand(
                table: table, tableName: tableName, matchNumber: matchNumber,
                players: handPlayers, match: match, handNumber: result.handNumber,
                finishedAt: now)
        }
        var announced = [Event.shown(.ecardReveal(revealNotice(reveal, totals: match.totals)))]
        let next: GameNext
        if reveal.isMatchOver {
            matchesPlayed += 1
            announced.append(
                .shown(.matchEnd(MatchEnd(table: table, games: matchesPlayed, totals: totals))))
            next = .gameOver
        } else {
            next = reveal.nextHand != nil ? .newHand : .turn
        }
        return GameProgress(events: [laid], record: record, announced: announced, next: next)
    }

    /// A revealed play as sent to everyone; `totals` are the match's after the play.
    private func revealNotice(_ reveal: ECardReveal, totals: [Int]) -> ECardRevealNotice {
        let play = reveal.play
        let result = reveal.handResult
        return ECardRevealNotice(
            table: table, hand: play.handNumber, play: play.playNumber,
            cards: play.cards.map(\.rawValue),
            outcome: play.outcome.winner.map { "seat \($0)" } ?? "draw",
            winner: result?.winner, winningSide: result?.winningSide.rawValue,
            payout: result?.payout, totals: totals, matchOver: reveal.isMatchOver)
    }

    public mutating func makeBot(seat: Int) -> Bot {
        Bot(strategy: strategy, random: Xoshiro256StarStar(seed: random.next()))
    }

    /// The strategy of the table's bots: uniformly random at level `random`, else the
    /// equilibrium mix.
    var strategy: any ECardBot {
        botLevel == .random ? ECardRandomBot() : ECardMixedBot()
    }

    public func botTask(seat: Int, bot: Bot, timedOut: Bool) -> BotTask? {
        guard let match, match.seatToLay == seat else { return nil }
        return BotTask(bot: bot, view: match.view(for: seat))
    }

    public static func think(_ task: BotTask) -> (action: ECardCard, bot: Bot) {
        var bot = task.bot
        let card = bot.strategy.chooseCard(view: task.view, using: &bot.random)
        return (card, bot)
    }

    public func closingMatchEnd(table: Int) -> MatchEnd? {
        guard match?.isOver == false else { return nil }
        return MatchEnd(table: table, games: matchesPlayed, totals: totals)
    }

    /// E-Card hands are not dealt from a seed: a hand cut off leaves nothing to reveal.
    public func abandonedRecord(now: Milliseconds) -> DealRecord? {
        nil
    }
}
