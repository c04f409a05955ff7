import LobbyProtocol

/// Addressing messages: an audience resolved to its recipients when the message is sent.
extension TableCore {
    /// Sends `message` to `audience`; `reply` gets its copy with the request id. Game events
    /// may wait a little unless `delivery` says otherwise; every other message leaves at once.
    mutating func send(
        _ message: TableMessage<Game>, to audience: Audience,
        reply: (session: SessionID, id: RequestID?)? = nil, delivery: Delivery? = nil
    ) {
        // Counted whether or not anyone hears it: an all-bot table may have no watcher.
        if case .game(let event) = message, Game.startsDeal(event) { gamesStarted += 1 }
        // A loop, not `map`: the closure's use of `self` made the optimizer copy the core.
        var recipients: [Recipient] = []
        for session in sessions(in: audience)
        where !(message.isGameEvent && awaitsSnapshotCoveringEvents(session)) {
            recipients.append(
                Recipient(
                    session: session, viewer: viewer(of: session),
                    replyTo: session == reply?.session ? reply?.id : nil))
        }
        guard !recipients.isEmpty else { return }
        let delivery = delivery ?? (message.isGameEvent ? .mayWait : .now)
        effects.append(
            .send(
                Outbound(
                    message: message, audience: audience, recipients: recipients,
                    delivery: delivery)))
    }

    /// Sends an event that every viewer sees alike.
    mutating func send(
        _ event: ServerEvent, to audience: Audience,
        reply: (session: SessionID, id: RequestID?)? = nil
    ) {
        send(.same(event), to: audience, reply: reply)
    }

    /// Sends `session` an `error` answering request `id`.
    mutating func fail(_ code: ErrorCode, _ message: String, _ session: SessionID, _ id: RequestID?)
    {
        send(.error(code, message), to: .session(session), reply: (session, id))
    }

    /// Sends every member but `except` a `table` notice; `reply` gets its copy with the id.
    mutating func broadcastTableNotice(
        except: SessionID?, reply: (session: SessionID, id: RequestID?)? = nil
    ) {
        let audience: Audience = except.map { .everyoneExcept($0) } ?? .everyone
        send(.notice(.table, makeInfo()), to: audience, reply: reply)
    }

    /// Sends `session` the table as it may see it, and the pause if one is under way. While a
    /// result waits for the game log (and the storage works), the snapshot waits for its
    /// announcement; one `arriving` at the table meanwhile gets no game event before it.
    mutating func sendSnapshot(to session: SessionID, id: RequestID?, arriving: Bool = true) {
        if pending != nil, storageFailure == nil {
            snapshotsDue.removeAll { $0.session == session && $0.id == id }
            snapshotsDue.append(SnapshotDue(session: session, id: id, arriving: arriving))
            return
        }
        cutSnapshot(to: session, id: id)
    }

    /// Sends the snapshots put off while a result waited for the game log.
    mutating func sendSnapshotsDue() {
        guard !snapshotsDue.isEmpty else { return }
        let due = snapshotsDue
        snapshotsDue = []
        for entry in due where members[entry.session] != nil {
            cutSnapshot(to: entry.session, id: entry.id)
        }
    }

    /// True while `session` arrived and waits for a snapshot that covers the events until it.
    private func awaitsSnapshotCoveringEvents(_ session: SessionID) -> Bool {
        !snapshotsDue.isEmpty && snapshotsDue.contains { $0.session == session && $0.arriving }
    }

    private mutating func cutSnapshot(to session: SessionID, id: RequestID?) {
        send(
            .snapshot(makeInfo(), game.fullView(deadline: deadline)), to: .session(session),
            reply: (session, id))
        if let check = readyCheck { send(.readyCheck(check), to: .session(session)) }
        tellStorageFailure(to: session)
    }

    /// A `seat` event: who controls `seat` now, and why.
    func control(_ seat: Int, bot: Bool, reason: String) -> ServerEvent {
        .seat(
            SeatControl(
                table: id, seat: seat, player: seats[seat].session.flatMap { members[$0]?.name },
                bot: bot, reason: reason))
    }

    /// Where `session` stands, for projection.
    func viewer(of session: SessionID) -> Viewer {
        if let seat = seatIndex(of: session) {
            return seats[seat].reserved ? .reserved(seat: seat) : .player(seat: seat)
        }
        return watchers.contains(session) ? .watcher : .outsider
    }

    /// The sessions `audience` stands for now: seated people in seat order, then watchers.
    func sessions(in audience: Audience) -> [SessionID] {
        let everyone = seats.compactMap { $0.session } + watchers
        switch audience {
        case .seat(let seat):
            guard seats.indices.contains(seat), let session = seats[seat].session else { return [] }
            return [session]
        case .session(let session): return [session]
        case .watchers: return watchers
        case .everyone: return everyone
        case .everyoneExcept(let session): return everyone.filter { $0 != session }
        }
    }

    /// Asks the host to fire `timer` at `deadline`.
    mutating func setTimer(_ timer: TableTimer, at deadline: Milliseconds) {
        timers[timer] = deadline
        effects.append(.setTimer(timer, deadline: deadline))
    }

    /// Cancels `timer` if it is set.
    mutating func cancelTimer(_ timer: TableTimer) {
        guard timers.removeValue(forKey: timer) != nil else { return }
        effects.append(.cancelTimer(timer))
    }

    /// Tells the lobby where `session` is now.
    mutating func placeChanged(_ session: SessionID) {
        effects.append(.place(session, place(of: session)))
    }
}
