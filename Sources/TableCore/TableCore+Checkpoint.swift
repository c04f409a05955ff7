/// Cutting a table to a ``TableCheckpoint`` (between two games, or during one for a kind that
/// saves one then), and taking one up again.
extension TableCore {
    /// The table's state between two games or, for a kind that saves one during a game
    /// (``TableGame/checkpointDuringGame(bots:thinking:)``), during one; nil while a record
    /// is under way, when the table is not playing, or when its kind saves no checkpoint now.
    ///
    /// Between two games the next one begins when the pause runs out, or, at a table whose
    /// next round waits for a person (tic-tac-toe's `again`), when someone asks: then no seat
    /// is to act and the game itself says it is between rounds.
    public func checkpoint() -> TableCheckpoint<Game.Checkpoint>? {
        guard status == .playing, pending == nil, startWaiting == nil else { return nil }
        let bots = seats.map(\.bot)
        let betweenGames =
            deadline == nil && (timers[.nextGame] != nil || game.seatToAct == nil)
            && timers.keys.allSatisfy(Self.isKept)
        // A bot's answer to an earlier turn is ignored when it comes: only the current one is
        // still awaited.
        let awaited = thinking.flatMap { $0.ticket == turnTicket ? $0 : nil }
        let saved =
            betweenGames
            ? game.checkpoint(bots: bots)
            : game.checkpointDuringGame(bots: bots, thinking: awaited?.bot)
        guard let state = saved else { return nil }
        return TableCheckpoint(
            seats: seats.map {
                TableCheckpoint.Seat(
                    session: $0.session?.value, bot: $0.bot != nil, timeouts: $0.timeouts,
                    away: $0.away, reserved: $0.reserved)
            },
            members: members.keys.sorted().compactMap { session in
                members[session].map {
                    TableCheckpoint.Member(
                        session: session.value, name: $0.name, connected: $0.connected)
                }
            },
            watchers: watchers.map(\.value),
            timers: timers.sorted { $0.value < $1.value }.map { timer, deadline in
                switch timer {
                case .release(let session):
                    TableCheckpoint.Timer(
                        name: "release", session: session.value, deadline: deadline)
                default:
                    TableCheckpoint.Timer(
                        name: Self.savedName(of: timer), session: nil, deadline: deadline)
                }
            },
            turnTicket: turnTicket, recordTicket: recordTicket, personSat: personSat,
            ready: ready.map(\.value).sorted(), game: state, people: personTotals.entries,
            storageFailure: storageFailure, deadline: betweenGames ? nil : deadline,
            thinking: betweenGames
                ? nil
                : awaited.map {
                    TableCheckpoint.Thinking(
                        ticket: $0.ticket, seat: $0.seat, timedOut: $0.timedOut)
                },
            credited: betweenGames ? nil : personTotals.creditedNames)
    }

    /// Takes up `checkpoint` in a new, waiting core of the same table; false (and the core
    /// unchanged) when it does not fit this table.
    public mutating func restore(_ checkpoint: TableCheckpoint<Game.Checkpoint>) -> Bool {
        guard status == .waiting, checkpoint.seats.count == seats.count, checkpoint.fits
        else { return false }
        var restored = self
        guard let bots = restored.game.restore(checkpoint.game), bots.count == seats.count
        else { return false }
        for (index, saved) in checkpoint.seats.enumerated() {
            var seat = TableSeat<Game.Bot>()
            seat.session = saved.session.map(SessionID.init)
            seat.bot = saved.bot ? bots[index] : nil
            seat.timeouts = saved.timeouts
            seat.away = saved.away
            seat.reserved = saved.reserved
            guard !saved.bot || seat.bot != nil else { return false }
            restored.seats[index] = seat
        }
        for member in checkpoint.members {
            restored.members[SessionID(member.session)] = TableMember(
                name: member.name, connected: member.connected)
        }
        restored.watchers = checkpoint.watchers.map(SessionID.init)
        for timer in checkpoint.timers {
            guard let name = Self.timer(named: timer.name, session: timer.session) else {
                return false
            }
            restored.timers[name] = timer.deadline
        }
        restored.deadline = checkpoint.deadline
        if let saved = checkpoint.thinking {
            guard let bot = restored.game.thinkingBot(in: checkpoint.game),
                restored.game.botTask(seat: saved.seat, bot: bot, timedOut: saved.timedOut) != nil
            else { return false }
            restored.thinking = Thinking(
                ticket: saved.ticket, seat: saved.seat, timedOut: saved.timedOut, bot: bot)
        }
        restored.turnTicket = checkpoint.turnTicket
        restored.recordTicket = checkpoint.recordTicket
        restored.personSat = checkpoint.personSat
        restored.ready = Set(checkpoint.ready.map(SessionID.init))
        // A checkpoint from before people's own totals were kept: each person at a seat
        // counts as having played it throughout.
        let seatTotals = restored.game.totals
        restored.personTotals = PersonTotals(
            entries: checkpoint.people
                ?? restored.names.enumerated().compactMap { seat, name in
                    guard let name, seatTotals.indices.contains(seat) else { return nil }
                    return PersonTotals.Entry(name: name, total: seatTotals[seat])
                }, credited: checkpoint.credited ?? [])
        restored.storageFailure = checkpoint.storageFailure
        restored.status = .playing
        restored.publishedKey = restored.infoKey
        self = restored
        return true
    }

    /// The timers set and their deadlines, for a host taking up a restored core.
    public var timerDeadlines: [TableTimer: Milliseconds] { timers }

    /// The bot decision a restored core still awaits, for its host to ask for again: the
    /// same bot with the same board chooses the same move.
    public var awaitedBotJobs: [BotJob<Game>] {
        guard let thinking, thinking.ticket == turnTicket,
            let task = game.botTask(
                seat: thinking.seat, bot: thinking.bot, timedOut: thinking.timedOut)
        else { return [] }
        return [
            BotJob(
                ticket: thinking.ticket, seat: thinking.seat, timedOut: thinking.timedOut,
                task: task)
        ]
    }

    /// The sessions at the table and their places.
    public var places: [SessionID: TablePlace] {
        var places: [SessionID: TablePlace] = [:]
        for session in members.keys { places[session] = place(of: session) }
        return places
    }

    /// The name a checkpoint gives a timer other than `release`.
    private static func savedName(of timer: TableTimer) -> String {
        switch timer {
        case .nextGame, .release: "next"
        case .turn: "turn"
        case .warning: "warning"
        case .bot: "bot"
        }
    }

    /// The timer a checkpoint names; nil for a name it cannot hold.
    private static func timer(named name: String, session: Int?) -> TableTimer? {
        switch name {
        case "release": .release(SessionID(session ?? 0))
        case "next": .nextGame
        case "turn": .turn
        case "warning": .warning
        case "bot": .bot
        default: nil
        }
    }

    /// Between games only the pause and the seats kept for dropped people run.
    private static func isKept(_ timer: TableTimer) -> Bool {
        switch timer {
        case .nextGame, .release: true
        case .turn, .warning, .bot: false
        }
    }
}
