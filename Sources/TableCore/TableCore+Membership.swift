import LobbyProtocol

/// Sitting down, watching and leaving.
extension TableCore {
    /// Seats the creator at seat 0 and sends `created`.
    mutating func sitCreator(_ session: SessionID, name: String, id requestID: RequestID?) {
        members[session] = TableMember(name: name)
        seats[0] = TableSeat(session: session)
        personSat = true
        placeChanged(session)
        send(.notice(.created, makeInfo()), to: .session(session), reply: (session, requestID))
    }

    /// Sits `session` in `wanted` or the first free seat; sends `joined` (and a snapshot when
    /// a game is running) and tells the others. A person who sits down while a deal is under
    /// way gets the seat's cards only from the next deal: the bot plays this one.
    mutating func join(
        _ session: SessionID, name: String, seat wanted: Int?, id requestID: RequestID?
    ) {
        guard status != .finished else {
            refuseEntry(session, .noSuchTable, "table \(id) has finished", requestID)
            return
        }
        if let wanted, !seats.indices.contains(wanted) {
            let last = seats.count - 1
            let range = last == 1 ? "0 or 1" : "0 to \(last)"
            refuseEntry(session, .invalidField, "field 'seat' must be \(range)", requestID)
            return
        }
        let free = seats.indices.filter { seats[$0].session == nil }
        guard let seat = wanted.map({ free.contains($0) ? $0 : nil }) ?? free.first else {
            let what = wanted.map { "seat \($0) is taken" } ?? "the table is full"
            refuseEntry(session, .seatTaken, "\(what) at table \(id)", requestID)
            return
        }
        let bot = seats[seat].bot
        members[session] = TableMember(name: name)
        seats[seat] = TableSeat(session: session)
        personSat = true
        let midDeal = status == .playing && game.fullView(deadline: nil) != nil
        if midDeal {
            seats[seat].bot = bot
            seats[seat].reserved = true
        }
        placeChanged(session)
        send(.notice(.joined, makeInfo()), to: .session(session), reply: (session, requestID))
        broadcastTableNotice(except: session)
        if status == .playing {
            let reason = midDeal ? "reserved" : "joined"
            send(control(seat, bot: midDeal, reason: reason), to: .everyone)
            sendSnapshot(to: session, id: nil)
            if !midDeal { reannounceIfAwaiting(seat) }
        }
        effects.append(.note("table \(id): \(name) sits at seat \(seat)"))
    }

    /// The watchers connected now: one who dropped keeps their place to resume, but not a
    /// place under the cap.
    var watchersConnected: Int { watchers.filter { members[$0]?.connected == true }.count }

    /// Adds a watcher; sends `watching` and a snapshot.
    mutating func watch(_ session: SessionID, name: String, id requestID: RequestID?) {
        guard status != .finished else {
            refuseEntry(session, .noSuchTable, "table \(id) has finished", requestID)
            return
        }
        if let cap = setup.maxWatchers, watchersConnected >= cap {
            refuseEntry(
                session, .tooManyWatchers, "table \(id) has as many watchers as it takes (\(cap))",
                requestID)
            return
        }
        members[session] = TableMember(name: name)
        watchers.append(session)
        placeChanged(session)
        send(.notice(.watching, makeInfo()), to: .session(session), reply: (session, requestID))
        sendSnapshot(to: session, id: nil)
        broadcastTableNotice(except: session)
    }

    /// Takes `session` off the table. A seat left during a game is played by a bot from then
    /// on. Sends `left` when `reply` is true; a table without people finishes.
    mutating func leave(_ session: SessionID, id requestID: RequestID?, reply: Bool) {
        if let seat = seatIndex(of: session) {
            let name = members[session]?.name ?? ""
            // Made while the seat is still theirs, so that it names who left.
            let departure = control(seat, bot: true, reason: "left")
            seats[seat].session = nil
            seats[seat].reserved = false
            seats[seat].away = false
            seats[seat].timeouts = 0
            if status == .playing {
                if seats[seat].bot == nil { seats[seat].bot = game.makeBot(seat: seat) }
                send(departure, to: .everyone)
                reannounceIfAwaiting(seat)
            }
            effects.append(.note("table \(id): \(name) leaves seat \(seat)"))
        } else {
            watchers.removeAll { $0 == session }
        }
        cancelTimer(.release(session))
        members[session] = nil
        placeChanged(session)
        if reply {
            send(.left(LeftTable(table: id)), to: .session(session), reply: (session, requestID))
        }
        guard status != .finished else { return }
        if !setup.allBots && !hasPeople {
            finish()
        } else {
            broadcastTableNotice(except: nil)
        }
    }

    /// Answers a refused join or watch; the session is not at the table.
    private mutating func refuseEntry(
        _ session: SessionID, _ code: ErrorCode, _ message: String, _ requestID: RequestID?
    ) {
        fail(code, message, session, requestID)
        placeChanged(session)
    }

    /// True while any seat has a person (connected or not).
    var hasPeople: Bool { seats.contains { $0.session != nil } }

    /// True while a seated person or a watcher is connected.
    var anyoneConnected: Bool {
        (seats.compactMap { $0.session } + watchers).contains { members[$0]?.connected == true }
    }
}
