/// Cutting a table between two games to a ``TableCheckpoint``, and taking one up again.
extension TableCore {
    /// The table's state between two games, or nil while a game (or its record) is under
    /// way, when the table is not playing, or when its kind saves no checkpoint.
    ///
    /// Between two games the next one begins when the pause runs out, or, at a table whose
    /// next round waits for a person (tic-tac-toe's `again`), when someone asks: then no seat
    /// is to act and the game itself says it is between rounds.
    public func checkpoint() -> TableCheckpoint<Game.Checkpoint>? {
        guard status == .playing, pending == nil, deadline == nil,
            timers[.nextGame] != nil || game.seatToAct == nil,
            timers.keys.allSatisfy(Self.isKept),
            let state = game.checkpoint(bots: seats.map(\.bot))
        else { return nil }
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
                    TableCheckpoint.Timer(name: "next", session: nil, deadline: deadline)
                }
            },
            turnTicket: turnTicket, recordTicket: recordTicket, personSat: personSat,
            ready: ready.map(\.value).sorted(), game: state, people: personTotals.entries,
            storageFailure: storageFailure)
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
            let name: TableTimer =
                timer.name == "release"
                ? .release(SessionID(timer.session ?? 0)) : .nextGame
            restored.timers[name] = timer.deadline
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
                })
        restored.storageFailure = checkpoint.storageFailure
        restored.status = .playing
        restored.publishedKey = restored.infoKey
        self = restored
        return true
    }

    /// The timers set and their deadlines, for a host taking up a restored core.
    public var timerDeadlines: [TableTimer: Milliseconds] { timers }

    /// The sessions at the table and their places.
    public var places: [SessionID: TablePlace] {
        var places: [SessionID: TablePlace] = [:]
        for session in members.keys { places[session] = place(of: session) }
        return places
    }

    /// Between games only the pause and the seats kept for dropped people run.
    private static func isKept(_ timer: TableTimer) -> Bool {
        switch timer {
        case .nextGame, .release: true
        case .turn, .warning, .bot: false
        }
    }
}
