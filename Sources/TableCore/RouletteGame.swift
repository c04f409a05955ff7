import CardGames
import LobbyProtocol

/// Roulette as a table game: one to eight seats bet in seat order, each within its betting
/// time (the turn timer), on a wheel whose spin comes from a seed committed to when bets open.
/// Bets are public, so every viewer sees the same events.
public struct RouletteGame: TableGame {
    /// The wheel, the seats and the stake limit, already validated.
    public typealias Settings = RouletteOptions
    /// A roulette event: nothing is hidden.
    public typealias Event = ServerEvent
    /// The public state of the round.
    public typealias FullView = RouletteView
    /// The bets a bot (or a timed-out person's stand-in) places.
    public typealias Action = [RouletteStake]

    /// A bot with its own random source.
    public struct Bot: Sendable, Codable, Equatable {
        var random: Xoshiro256StarStar
    }

    /// A bot's task: its bot, the wheel, what it may still bet, and whether to abstain (a
    /// person's betting time ran out: nothing is bet for them).
    public struct BotTask: Sendable {
        var bot: Bot
        var segments: Int
        var remaining: Int
        var abstain: Bool
    }

    public static let kind = TableKind.roulette
    public static let seatCount = RouletteOptions.allowedSeats.upperBound

    let table: Int
    let tableName: String
    let options: RouletteOptions
    let seeds: any SeedSource
    var round: RouletteRound?
    var seed: DealSeed?
    var roundNumber = 0
    var roundsFinished = 0
    /// The seat whose bets are awaited (seats bet in order).
    var nextSeat = 0
    /// Bets per seat this round, as announced.
    var stakes: [[RouletteStake]]
    /// Net chips per seat over the rounds finished.
    var chips: [Int]
    var roundPlayers: [String] = []
    /// Seeds the bots' random sources.
    var random: Xoshiro256StarStar

    public init(setup: TableSetup, settings: RouletteOptions, seeds: any SeedSource) {
        table = setup.id
        tableName = setup.name
        options = settings
        self.seeds = seeds
        stakes = Array(repeating: [], count: settings.seats)
        chips = Array(repeating: 0, count: settings.seats)
        random = Xoshiro256StarStar(dealSeed: seeds.next())
    }

    public var seatsAtTable: Int { options.seats }
    public var gamesPlayed: Int { roundsFinished }
    public var totals: [Int] { chips }
    public var botPlayerName: String { "bot:random" }
    public var seatToAct: Int? {
        round?.isOpen == true && nextSeat < options.seats ? nextSeat : nil
    }

    public func describe(_ info: inout TableInfo) {
        info.segments = options.segments
        info.maxStake = options.maxStake
    }

    public mutating func beginGame(names: [String?], players: [String]) -> [Event] {
        guard let fresh = try? RouletteRound(options: options) else { return [] }
        let seed = seeds.next()
        self.seed = seed
        round = fresh
        roundNumber += 1
        nextSeat = 0
        stakes = Array(repeating: [], count: options.seats)
        roundPlayers = players
        return [
            .rouletteRound(
                RouletteRoundNotice(
                    table: table, round: roundNumber, segments: options.segments,
                    maxStake: options.maxStake, commitment: seed.commitment))
        ]
    }

    public mutating func beginHand(names: [String?], players: [String]) -> [Event] { [] }

    public func turnEvent(seat: Int, deadline: Milliseconds?) -> Event {
        .rouletteTurn(RouletteTurnNotice(table: table, seat: seat, deadline: deadline))
    }

    public static func kindFailure(for move: TableMove, table: Int) -> ProtocolFailure? {
        move.wrongKind(at: table, playing: .roulette, hint: " (bet CHIPS on SEGMENT)")
    }

    /// Places the seat's bets for the round, all of them or none.
    public mutating func act(_ move: TableMove, seat: Int, now: Milliseconds)
        throws(ProtocolFailure) -> GameProgress<Event>
    {
        // Between rounds (the last one closed, or taken up from a checkpoint) no one bets.
        guard case .bet(let bets) = move, round != nil || roundNumber > 0 else {
            throw ProtocolFailure(.noDeal, "no roulette round is open at table \(table)")
        }
        guard seatToAct == seat, var trial = round else {
            throw ProtocolFailure(.notYourTurn, "it is not your turn to bet")
        }
        do throws(RouletteError) {
            for bet in bets { try trial.bet(seat: seat, segment: bet.segment, chips: bet.chips) }
        } catch .overLimit {
            // The request is refused whole, so what the seat may bet is counted without it.
            let whole = RouletteError.overLimit(remaining: round?.remaining(for: seat) ?? 0)
            throw ProtocolFailure(whole.code, whole.message)
        } catch {
            throw ProtocolFailure(error.code, error.message)
        }
        round = trial
        return placed(bets, seat: seat, timedOut: nil, now: now)
    }

    public mutating func applyServer(
        _ action: [RouletteStake], seat: Int, timedOut: Bool?, now: Milliseconds
    ) -> GameProgress<Event>? {
        guard var trial = round, seatToAct == seat else { return nil }
        var accepted: [RouletteStake] = []
        for bet in action {
            do {
                try trial.bet(seat: seat, segment: bet.segment, chips: bet.chips)
                accepted.append(bet)
            } catch {
                continue
            }
        }
        round = trial
        return placed(accepted, seat: seat, timedOut: timedOut, now: now)
    }

    /// Everyone sees the seat's bets; after the last seat the wheel spins, the round goes to
    /// the game log, and the result with the seed is announced.
    private mutating func placed(
        _ bets: [RouletteStake], seat: Int, timedOut: Bool?, now: Milliseconds
    ) -> GameProgress<Event> {
        stakes[seat] = bets
        nextSeat += 1
        let notice = Event.rouletteBet(
            RouletteBetNotice(table: table, seat: seat, bets: bets, timedOut: timedOut))
        guard nextSeat >= options.seats, var closing = round, let seed else {
            return GameProgress(events: [notice])
        }
        let result = RouletteWheel.spin(seed: seed, segments: options.segments)
        let payouts = closing.settle(on: result)
        round = closing
        roundsFinished += 1
        chips = zip(chips, payouts).map { $0 + $1 }
        let record = DealRecord.rouletteRound(
            table: table, tableName: tableName, roundNumber: roundNumber, players: roundPlayers,
            seed: seed, round: closing, finishedAt: now)
        let spin = Event.rouletteSpin(
            RouletteSpinNotice(
                table: table, round: roundNumber, result: result, payouts: payouts,
                totals: chips, seed: seed.hex, commitment: seed.commitment))
        return GameProgress(events: [notice], record: record, announced: [spin], next: .gameOver)
    }

    public mutating func makeBot(seat: Int) -> Bot {
        Bot(random: Xoshiro256StarStar(seed: random.next()))
    }

    public func botTask(seat: Int, bot: Bot, timedOut: Bool) -> BotTask? {
        guard let round, seatToAct == seat else { return nil }
        return BotTask(
            bot: bot, segments: options.segments, remaining: round.remaining(for: seat),
            abstain: timedOut)
    }

    public static func think(_ task: BotTask) -> (action: [RouletteStake], bot: Bot) {
        var bot = task.bot
        guard !task.abstain else { return ([], bot) }
        let bets = RouletteBot().chooseBets(
            segments: task.segments, remaining: task.remaining, using: &bot.random)
        return (bets.map { RouletteStake(segment: $0.segment, chips: $0.chips) }, bot)
    }

    /// The wheel's segments and the chips the seat may still bet, at its betting turn.
    public func hint(seat: Int) -> HintReply? {
        guard let round, seatToAct == seat else { return nil }
        var reply = HintReply(table: table, seat: seat)
        reply.segments = Array(1...options.segments)
        reply.maxChips = round.remaining(for: seat)
        return reply
    }

    public func fullView(deadline: Milliseconds?) -> RouletteView? {
        guard let round, round.isOpen, let seed else { return nil }
        return RouletteView(
            round: roundNumber, segments: options.segments, maxStake: options.maxStake,
            commitment: seed.commitment, seatToBet: seatToAct, bets: stakes, totals: chips,
            deadline: deadline)
    }

    /// Bets and spins are public: every viewer gets the event as it is.
    public static func project(_ event: Event, for viewer: Viewer) -> ServerEvent { event }

    public static func publicProjection(of event: Event) -> ServerEvent? { event }

    /// A round opens for bets.
    public static func startsDeal(_ event: Event) -> Bool {
        if case .rouletteRound = event { return true }
        return false
    }

    public static func snapshot(_ view: RouletteView?, table: TableInfo, viewer: Viewer)
        -> Snapshot
    {
        Snapshot(table: table, seat: viewer.seat, game: view)
    }

    public func closingMatchEnd(table: Int) -> MatchEnd? {
        guard roundNumber > 0 else { return nil }
        return MatchEnd(table: table, games: roundsFinished, totals: chips)
    }

    public func abandonedRecord(now: Milliseconds) -> DealRecord? {
        nil
    }
}
