import LobbyProtocol

/// The life of a table: waiting, started by a person (or at once with bots only), games one
/// after another, finished.
extension TableCore {
    /// Fills the empty seats with bots, tells everyone the table plays, and begins the game.
    mutating func beginPlay(startedBy session: SessionID?, id requestID: RequestID?) {
        for seat in seats.indices where seats[seat].session == nil {
            seats[seat].bot = game.makeBot(seat: seat)
        }
        status = .playing
        broadcastTableNotice(except: nil, reply: session.map { ($0, requestID) })
        effects.append(.note("table \(id): game starts"))
        startGame()
    }

    /// The next deal or match begins, unless the storage fails: then it begins once the
    /// storage works again.
    mutating func startGame() {
        guard !startPutOff(.game) else { return }
        takeReservedSeats()
        personTotals.began(names: names)
        let events = game.beginGame(names: names, players: players)
        for event in events { send(.game(event), to: .everyone) }
        announceTurn()
    }

    /// The next hand of the game under way begins (once the storage works, as a game does).
    mutating func startHand() {
        guard !startPutOff(.hand) else { return }
        takeReservedSeats()
        personTotals.began(names: names)
        let events = game.beginHand(names: names, players: players)
        for event in events { send(.game(event), to: .everyone) }
        announceTurn()
    }

    /// People who sat down during the last deal play from this one (the seat keeps its total;
    /// their own share counts from this deal).
    private mutating func takeReservedSeats() {
        for seat in seats.indices where seats[seat].reserved {
            seats[seat].reserved = false
            guard let session = seats[seat].session, members[session]?.connected == true else {
                continue
            }
            handBack(seat)
            send(control(seat, bot: false, reason: "joined"), to: .everyone)
        }
    }

    /// The people's names per seat; nil for a seat without one.
    var names: [String?] {
        seats.map { $0.session.flatMap { members[$0]?.name } }
    }

    /// The names per seat for the game log: people's, or the bots'.
    var players: [String] {
        names.map { $0 ?? game.botPlayerName }
    }

    /// After a game: the table finishes once it has played its games or no one is left
    /// connected; otherwise the next game begins after the pause (at a table with people, the
    /// table's pause, cut short when everyone is ready).
    mutating func playOn() {
        if let games = setup.games, game.gamesPlayed >= games {
            finish()
            return
        }
        guard !finishIfDeserted() else { return }
        ready = []
        let pause = hasPeople ? max(setup.pause, setup.botDelay) : setup.botDelay
        setTimer(.nextGame, at: now + pause)
        if let check = readyCheck { send(.readyCheck(check), to: .everyone) }
    }

    /// The pause under way at a table with people, as `ready_check` tells it; nil outside one
    /// (and at tables whose pause is only the bots' delay).
    var readyCheck: ReadyCheck? {
        guard status == .playing, hasPeople, setup.pause > 0, let due = timers[.nextGame] else {
            return nil
        }
        let seated = seats.indices.filter { seats[$0].session.map(ready.contains) ?? false }
        return ReadyCheck(table: id, deadline: due, ready: seated)
    }

    /// A person is ready for the next game: once every connected person at the table is, the
    /// pause ends. Outside the pause it changes nothing.
    mutating func ready(_ session: SessionID) {
        guard status == .playing, timers[.nextGame] != nil, seatIndex(of: session) != nil else {
            changedNothing = true
            return
        }
        let already = ready.contains(session)
        ready.insert(session)
        let people = seats.compactMap(\.session).filter { members[$0]?.connected == true }
        guard people.allSatisfy(ready.contains) else {
            if already {
                changedNothing = true
            } else if let check = readyCheck {
                send(.readyCheck(check), to: .everyone)
            }
            return
        }
        cancelTimer(.nextGame)
        startGame()
    }

    /// Finishes the table when no one is left connected (unless it is all bots); true when it
    /// did.
    mutating func finishIfDeserted() -> Bool {
        guard !setup.allBots, !anyoneConnected else { return false }
        finish()
        return true
    }

    /// Ends the table for good: `match_end` when a game was cut short or the table's games
    /// are played, then `left` to every member still there (they are back in the lobby).
    mutating func finish() {
        guard status != .finished else { return }
        var end = status == .playing ? game.closingMatchEnd(table: id) : nil
        end?.playerTotals = playerTotals
        if status == .playing, let record = game.abandonedRecord(now: now) {
            effects.append(.persist(record, ticket: 0))
        }
        shutDown()
        if let end { send(.matchEnd(end), to: .everyone) }
        send(.left(LeftTable(table: id)), to: .everyone)
        let everyone = sessions(in: .everyone)
        members = [:]
        watchers = []
        for seat in seats.indices { seats[seat].session = nil }
        for session in everyone { placeChanged(session) }
        effects.append(.note("table \(id): finished after \(game.gamesPlayed) game(s)"))
        effects.append(.finished)
    }

    /// The server shuts down: every timer stops, and a deal under way is recorded as
    /// abandoned.
    mutating func stop() {
        guard status != .finished else { return }
        if status == .playing, let record = game.abandonedRecord(now: now) {
            effects.append(.persist(record, ticket: 0))
        }
        shutDown()
        effects.append(.finished)
    }

    /// No more turns, timers or pending announcements.
    private mutating func shutDown() {
        status = .finished
        pending = nil
        snapshotsDue = []
        startWaiting = nil
        deadline = nil
        turnTicket += 1
        // The host drops every timer when the table finishes.
        timers = [:]
    }
}
