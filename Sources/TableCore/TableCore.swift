import LobbyProtocol

/// One table as a pure value: seats (person, bot, or bot standing in), watchers, the game, its
/// timers and its life from `waiting` to `finished`.
///
/// The core reads no clock, opens no socket and owns no queue. A host feeds it inputs with the
/// time (``handle(_:now:)``) and carries out the effects it returns: messages to audiences,
/// records to store, timers to set or cancel, bot decisions to compute, the new public
/// description, the end of the table.
public struct TableCore<Game: TableGame>: Sendable {
    /// The fixed settings.
    public let setup: TableSetup
    /// The game played.
    public internal(set) var game: Game
    /// Waiting, playing or finished.
    public internal(set) var status = TableStatus.waiting
    /// The seats, from 0.
    public internal(set) var seats: [TableSeat<Game.Bot>]
    /// The current turn's deadline, if timed.
    public internal(set) var deadline: Milliseconds?
    /// Games (deals, hands, rounds) begun since the core was made or rebuilt, for the
    /// server's count of games started.
    public internal(set) var gamesStarted = 0

    var members: [SessionID: TableMember] = [:]
    /// The watchers, in the order they came.
    var watchers: [SessionID] = []
    /// The timers set and not yet fired or cancelled.
    var timers: [TableTimer: Milliseconds] = [:]
    /// Counts turns and phase changes; a bot decision carries the value it was asked at.
    var turnTicket = 0
    var recordTicket = 0
    /// A record being stored, and what to do once it is durable.
    var pending: PendingRecord?
    /// The bot last asked for a move, until it answers: a checkpoint cut meanwhile keeps it,
    /// so that the table restored from it asks the same bot again.
    var thinking: Thinking?
    /// Snapshots due while ``pending`` waits: one cut now would show its result before it is
    /// announced (and before it is in the game log), so they leave right after the result.
    var snapshotsDue: [SnapshotDue] = []
    /// True once a person has sat at the table.
    var personSat = false
    /// The people who said they are ready during the pause before the next game.
    var ready: Set<SessionID> = []
    /// Each person's own total at the table, beside the seats' totals.
    public internal(set) var personTotals = PersonTotals()
    /// What is left of the chat lines the table takes (``TableSetup/chatRate``).
    var chatRate: ChatRate
    /// What the description last sent to the lobby was made from.
    var publishedKey: InfoKey?
    /// Why the server cannot store results now, while it cannot: no deal, hand or round
    /// begins meanwhile.
    public internal(set) var storageFailure: String?
    /// True once the members were told of the storage failing, until they are told it works.
    var toldStorageFailure = false
    /// The deal or hand that was due to begin while the storage failed, and begins once it
    /// works again.
    var startWaiting: StartWaiting?
    /// The time of the input being handled.
    var now: Milliseconds = 0
    /// The effects of the input being handled.
    var effects: [TableEffect<Game>] = []
    /// True when the input last handled changed nothing: a request refused, or `ready`
    /// outside the pause or said again. A restart need not feed it again, so the journal
    /// keeps no line of it.
    public internal(set) var changedNothing = false

    /// What waits for the storage to begin.
    enum StartWaiting: String, Sendable, Codable {
        /// The next deal, match or round (``startGame()``).
        case game
        /// The next hand of the game under way (``startHand()``).
        case hand
    }

    /// What to announce once a record is durable.
    struct PendingRecord: Sendable {
        let ticket: Int
        let announced: [Game.Event]
        let next: GameNext
    }

    /// A bot asked for the move of the turn `ticket`.
    struct Thinking: Sendable {
        let ticket: Int
        let seat: Int
        let timedOut: Bool
        let bot: Game.Bot
    }

    /// A snapshot put off until the pending result is announced.
    struct SnapshotDue: Sendable {
        let session: SessionID
        let id: RequestID?
        /// True for one arriving at the table (resuming, joining, watching): no game event
        /// reaches them before their snapshot, which covers the result.
        let arriving: Bool
    }

    /// A new, waiting table.
    public init(setup: TableSetup, settings: Game.Settings, seeds: any SeedSource) {
        self.setup = setup
        self.game = Game(setup: setup, settings: settings, seeds: seeds)
        self.seats = Array(repeating: TableSeat(), count: game.seatsAtTable)
        self.chatRate = setup.chatRate
    }

    /// The table's id.
    public var id: Int { setup.id }

    /// Feeds one input at time `now`; returns what the host must do, in order.
    ///
    /// Hosts call it through their generic type, so each game gets a specialized copy here:
    /// generic code pays for type metadata and indirect calls on every step of a move.
    @_specialize(where Game == BigTwoGame)
    @_specialize(where Game == ECardGame)
    public mutating func handle(_ input: TableInput<Game>, now: Milliseconds) -> [TableEffect<Game>]
    {
        self.now = now
        changedNothing = false
        switch input {
        case .request(let session, let request, let id):
            handle(request, from: session, id: id)
        case .timerFired(let timer):
            if timers.removeValue(forKey: timer) != nil { fired(timer) }
        case .botChose(let choice):
            botChose(choice)
        case .recorded(let ticket, let stored):
            recorded(ticket: ticket, stored: stored)
        case .end:
            finish()
        case .stop:
            stop()
        case .storage(let condition):
            storageChanged(condition)
        }
        publishInfo()
        if case .request = input, effects.count == 1, effects[0].isRefusal {
            changedNothing = true
        }
        defer { effects = [] }
        return effects
    }

    /// The public description of the table.
    public func makeInfo() -> TableInfo {
        let totals = game.totals
        let seatInfos = seats.enumerated().map { index, seat in
            let player = seat.session.flatMap { members[$0]?.name }
            let own = player.map(personTotals.total(of:))
            return SeatInfo(
                seat: index, player: player, bot: seat.bot != nil,
                connected: seat.session.flatMap { members[$0]?.connected } ?? false,
                playerTotal: own == (totals.indices.contains(index) ? totals[index] : nil)
                    ? nil : own)
        }
        var info = TableInfo(
            id: id, kind: Game.kind, name: setup.name, status: status, seats: seatInfos,
            bots: setup.botLevel.rawValue,
            spectators: watchers.count, turnSeconds: turnSeconds, games: setup.games,
            gamesPlayed: game.gamesPlayed, totals: totals)
        game.describe(&info)
        return info
    }

    /// Seconds per turn of a person: the table's, or the server's once a person sits at a
    /// table created with bots only (a table with a person at it always times turns).
    var turnSeconds: Int {
        setup.allBots && personSat ? setup.personTurnSeconds : setup.turnSeconds
    }

    /// The session's place at the table, if it is there.
    public func place(of session: SessionID) -> TablePlace? {
        if let seat = seatIndex(of: session) { return TablePlace(seat: seat) }
        return watchers.contains(session) ? TablePlace(seat: nil) : nil
    }

    /// The seat `session` holds, if any.
    func seatIndex(of session: SessionID) -> Int? {
        seats.firstIndex { $0.session == session }
    }

    /// Sends the lobby the description when it changed: it is rebuilt only when what it is
    /// made from changed, not on every move.
    private mutating func publishInfo() {
        let key = infoKey
        guard key != publishedKey else { return }
        publishedKey = key
        effects.append(.info(makeInfo()))
    }

    /// Each seat's person's own total, when one differs from their seat's (see
    /// ``PersonTotals``), for the results that carry the seats' totals.
    var playerTotals: [Int?]? {
        personTotals.perSeat(names: names, seatTotals: game.totals)
    }

    /// What ``makeInfo()`` reads besides the fixed settings.
    var infoKey: InfoKey {
        InfoKey(
            status: status,
            seats: seats.map { seat in
                let member = seat.session.flatMap { members[$0] }
                return InfoKey.Seat(
                    name: member?.name, bot: seat.bot != nil, connected: member?.connected ?? false)
            },
            spectators: watchers.count, turnSeconds: turnSeconds, gamesPlayed: game.gamesPlayed,
            totals: game.totals)
    }
}
