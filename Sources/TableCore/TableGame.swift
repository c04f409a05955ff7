import LobbyProtocol

/// The game-specific part of a table: the one place a new kind of table plugs in.
///
/// A game is a value: the ``TableCore`` around it owns seats, people, timers and the table's
/// life, and asks the game to start deals, apply moves, describe itself and project what each
/// viewer may see. Events carry full information; ``project(_:for:)`` decides what a viewer
/// gets of them.
public protocol TableGame: Sendable {
    /// The game's own settings, decided at `create`.
    associatedtype Settings: Sendable
    /// The fields of `create` this kind alone reads, as the request gives them.
    associatedtype CreateFields: GameCreateFields
    /// A move chosen by the server (a bot or a timeout).
    associatedtype Action: Sendable
    /// What happened, with full information, before projection.
    associatedtype Event: Sendable
    /// The whole state a snapshot is cut from, before projection.
    associatedtype FullView: Sendable
    /// The bot that plays a seat without a person (or for one who is away).
    associatedtype Bot: Sendable
    /// Everything a bot needs to choose a move, computed away from the table.
    associatedtype BotTask: Sendable
    /// What the next game depends on, saved between two games (``NoCheckpoint`` for a kind
    /// that saves none: its table is rebuilt from every input instead).
    associatedtype Checkpoint: Codable, Sendable = NoCheckpoint

    /// The kind of table.
    static var kind: TableKind { get }
    /// The number of seats (the most a table of this kind may have).
    static var seatCount: Int { get }
    /// The number of seats at this table, when the settings choose it.
    var seatsAtTable: Int { get }

    /// A new game at table `setup`; `seeds` gives the deals their seeds.
    init(setup: TableSetup, settings: Settings, seeds: any SeedSource)
    /// The settings `create` asks for in its fields for this kind and, at a kind that chooses
    /// them, its `seats`, checked (``CreateTable/foreignField(for:)`` has refused other kinds'
    /// fields before).
    static func settings(from fields: CreateFields, seats: Int?) throws(ProtocolFailure)
        -> Settings

    /// Deals (or matches) finished so far.
    var gamesPlayed: Int { get }
    /// Running totals per seat: the seat's scores in the records of every game finished at
    /// the table summed, whoever played them. A seat keeps its total when it changes hands;
    /// each person's own share is the table core's (``PersonTotals``).
    var totals: [Int] { get }
    /// The game's part of the public table description.
    func describe(_ info: inout TableInfo)
    /// How the game log names a bot player.
    var botPlayerName: String { get }

    /// Starts the next deal (Big Two) or match (E-Card). `names` are the people per seat,
    /// `players` the names for the game log (bots included).
    mutating func beginGame(names: [String?], players: [String]) -> [Event]
    /// Starts the next hand of the game under way (E-Card); a game that has none returns no
    /// events.
    mutating func beginHand(names: [String?], players: [String]) -> [Event]
    /// The seat whose move is awaited, if any.
    var seatToAct: Int? { get }
    /// The event telling everyone that `seat` is to act.
    func turnEvent(seat: Int, deadline: Milliseconds?) -> Event
    /// The refusal of a move that belongs to another kind of table, if `move` is one.
    static func kindFailure(for move: TableMove, table: Int) -> ProtocolFailure?
    /// A person's move for `seat`; a refused move changes nothing.
    mutating func act(_ move: TableMove, seat: Int, now: Milliseconds)
        throws(ProtocolFailure) -> GameProgress<Event>
    /// A move the server chose for `seat`; a move the rules refuse falls back to a legal one.
    mutating func applyServer(_ action: Action, seat: Int, timedOut: Bool?, now: Milliseconds)
        -> GameProgress<Event>?

    /// A new bot for `seat`.
    mutating func makeBot(seat: Int) -> Bot
    /// What `bot` needs to choose `seat`'s move; `timedOut` when it moves for a person who
    /// ran out of time.
    func botTask(seat: Int, bot: Bot, timedOut: Bool) -> BotTask?
    /// Chooses a move: a pure function, run away from the table's queue.
    static func think(_ task: BotTask) -> (action: Action, bot: Bot)

    /// The moves `seat` may make now, its own and no one else's, for `hint`; nil when the
    /// seat has nothing to do (it is not its turn).
    func hint(seat: Int) -> HintReply?
    /// Everything a snapshot may be cut from, while a game is under way.
    func fullView(deadline: Milliseconds?) -> FullView?
    /// What `viewer` may see of `event`.
    static func project(_ event: Event, for viewer: Viewer) -> ServerEvent
    /// What every viewer sees of `event` when all see it alike (``project(_:for:)`` gives it
    /// whoever looks), so that it is encoded once; nil when what a viewer sees depends on them.
    static func publicProjection(of event: Event) -> ServerEvent?
    /// True when `event` deals a new deal or hand, for the server's count of deals started.
    static func startsDeal(_ event: Event) -> Bool
    /// The `state` snapshot `viewer` may see.
    static func snapshot(_ view: FullView?, table: TableInfo, viewer: Viewer) -> Snapshot
    /// `event` with each seat's person's own total (``PersonTotals``) when it is a result
    /// that carries the seats' totals; any other event as it is.
    static func withPlayerTotals(_ totals: [Int?], on event: Event) -> Event
    /// The `match_end` sent when the table finishes in the middle of a game, if any.
    func closingMatchEnd(table: Int) -> MatchEnd?
    /// The record of the deal under way, cut off before its end, if the game keeps one.
    func abandonedRecord(now: Milliseconds) -> DealRecord?

    /// Everything the next game depends on, with the seats' `bots`, once a game is over and
    /// before the next begins; nil during a game or when the kind saves none.
    func checkpoint(bots: [Bot?]) -> Checkpoint?
    /// Takes up the saved state; returns the seats' bots, or nil when `checkpoint` does not
    /// fit this game.
    mutating func restore(_ checkpoint: Checkpoint) -> [Bot?]?
    /// Everything the game depends on while a game is under way, with the seats' `bots` and
    /// the bot `thinking` about the awaited move (nil when none is), for a kind whose game
    /// may run unbounded between two records (a tic-tac-toe round restarted again and
    /// again); nil when the kind saves none during a game.
    func checkpointDuringGame(bots: [Bot?], thinking: Bot?) -> Checkpoint?
    /// The bot a checkpoint cut during a game had thinking about the awaited move, if any.
    func thinkingBot(in checkpoint: Checkpoint) -> Bot?
}

/// The checkpoint of a kind of table that saves none.
public struct NoCheckpoint: Codable, Sendable, Equatable {}

extension TableGame where Checkpoint == NoCheckpoint {
    /// A kind that saves no checkpoint is rebuilt from every input.
    public func checkpoint(bots: [Bot?]) -> NoCheckpoint? { nil }
    /// A kind that saves no checkpoint restores none.
    public mutating func restore(_ checkpoint: NoCheckpoint) -> [Bot?]? { nil }
}

extension TableGame {
    /// The settings `create` asks for: its fields for this kind and its seats, read and
    /// checked.
    public static func settings(from create: CreateTable) throws(ProtocolFailure) -> Settings {
        try settings(from: create.fields(CreateFields.self), seats: create.seats)
    }

    /// Most kinds save a checkpoint only between two games, each of which ends in a record.
    public func checkpointDuringGame(bots: [Bot?], thinking: Bot?) -> Checkpoint? { nil }
    /// A kind that saves no checkpoint during a game has no bot thinking in one.
    public func thinkingBot(in checkpoint: Checkpoint) -> Bot? { nil }

    /// Every table of the kind has ``seatCount`` seats unless the game says otherwise.
    public var seatsAtTable: Int { Self.seatCount }

    /// Games without deals or hands start none.
    public static func startsDeal(_ event: Event) -> Bool { false }
}

extension TableGame where Event == ServerEvent {
    /// A game whose events are server events sets the field on the result itself.
    public static func withPlayerTotals(_ totals: [Int?], on event: Event) -> Event {
        event.withPlayerTotals(totals)
    }
}

/// What follows an accepted move.
public struct GameProgress<Event: Sendable>: Sendable {
    /// What everyone hears at once.
    public var events: [Event]
    /// A finished deal or hand to store durably before ``announced`` is sent.
    public var record: DealRecord?
    /// What everyone hears once the record is durable (at once without a record).
    public var announced: [Event]
    /// What the table does next.
    public var next: GameNext
    /// True when the move was taken but left the game as it was (a vote said again): its
    /// events go out, and the journal keeps no line of it, as for a request refused.
    public var changesNothing = false

    /// Creates a progress.
    public init(
        events: [Event], record: DealRecord? = nil, announced: [Event] = [],
        next: GameNext = .turn
    ) {
        self.events = events
        self.record = record
        self.announced = announced
        self.next = next
    }
}

/// What the table does after a move.
public enum GameNext: Sendable, Equatable {
    /// Ask the seat to act for its move.
    case turn
    /// Nothing about the turn changed (a vote that decided nothing yet): no new prompt, and
    /// the seat's turn timer runs on.
    case unchanged
    /// Begin the next hand of the same game (E-Card).
    case newHand
    /// One of the table's games is over: the next one, or the end of the table.
    case gameOver
}
