import LobbyProtocol

/// The requests a member sends, and the ones answered alike at every table.
extension TableCore {
    /// Dispatches one request of `session`.
    mutating func handle(_ request: TableRequest, from session: SessionID, id requestID: RequestID?)
    {
        switch request {
        case .sitCreator(let name):
            sitCreator(session, name: name, id: requestID)
        case .startAllBots:
            send(.notice(.created, makeInfo()), to: .session(session), reply: (session, requestID))
            beginPlay(startedBy: nil, id: nil)
        case .join(let name, let seat):
            join(session, name: name, seat: seat, id: requestID)
        case .watch(let name):
            watch(session, name: name, id: requestID)
        case .leave(let reply):
            leave(session, id: requestID, reply: reply)
        case .start:
            guard actingSeat(session, requestID) != nil else { return }
            guard status == .waiting else {
                fail(.alreadyStarted, "the game at table \(id) has started", session, requestID)
                return
            }
            beginPlay(startedBy: session, id: requestID)
        case .move(let move):
            self.move(move, by: session, id: requestID)
        case .state:
            guard members[session] != nil else { return notAtTable(session, requestID) }
            reclaimIfAway(session)
            sendSnapshot(to: session, id: requestID, arriving: false)
        case .hint:
            hint(for: session, id: requestID)
        case .chat(let text):
            guard let member = members[session] else { return notAtTable(session, requestID) }
            guard chatRate.admit(at: now) else {
                return fail(
                    .chatBusy,
                    "table \(id) takes at most \(chatRate.perSecond) chat lines a second from "
                        + "everyone together; wait a moment", session, requestID)
            }
            reclaimIfAway(session)
            let message = ChatMessage(from: member.name, text: text, scope: .table, table: id)
            send(.chat(message), to: .everyone, reply: (session, requestID))
        case .ready:
            ready(session)
        case .disconnected:
            disconnected(session)
        case .returned:
            returned(session)
        }
    }

    /// A person's move: checked against the table kind, the seat and the rules, then applied.
    /// A refused move changes nothing.
    mutating func move(_ move: TableMove, by session: SessionID, id requestID: RequestID?) {
        guard let seat = actingSeat(session, requestID) else { return }
        if let failure = Game.kindFailure(for: move, table: id) {
            return fail(failure.code, failure.message, session, requestID)
        }
        guard status == .playing else {
            return fail(.noDeal, "no deal is in progress at table \(id)", session, requestID)
        }
        guard !refusedAsReserved(seat, session, requestID) else { return }
        guard pending == nil else {
            return fail(.notYourTurn, "wait for the result to be announced", session, requestID)
        }
        if let reason = storageFailure, startWaiting != nil {
            return fail(
                .storageUnavailable,
                "the server cannot save results (\(reason.lowercased())); the next game "
                    + "begins once it can", session, requestID)
        }
        let progress: GameProgress<Game.Event>
        do {
            progress = try game.act(move, seat: seat, now: now)
        } catch where error.code == .notYourTurn {
            // The rules know seats by number; people know each other by name.
            let whose = game.seatToAct.map { "it is \(seatName($0))'s turn" } ?? error.message
            return fail(.notYourTurn, whose, session, requestID)
        } catch {
            return fail(error.code, error.message, session, requestID)
        }
        let steady = seats[seat].timeouts == 0 && !seats[seat].away
        seatActed(seat)
        // Said again, a vote changes nothing a restart would need to feed the table again.
        if progress.changesNothing, steady { changedNothing = true }
        progressed(progress, reply: (session, requestID))
    }

    /// Answers `hint`: the seat's legal moves at its turn, or why there are none.
    private mutating func hint(for session: SessionID, id requestID: RequestID?) {
        guard let seat = actingSeat(session, requestID) else { return }
        guard status == .playing else {
            return fail(.noDeal, "no game is in progress at table \(id)", session, requestID)
        }
        guard !refusedAsReserved(seat, session, requestID) else { return }
        guard seats[seat].isHuman else {
            return fail(
                .notYourTurn, "a bot plays your seat while you are away: type state to take it back",
                session, requestID)
        }
        guard pending == nil, let reply = game.hint(seat: seat) else {
            let whose = game.seatToAct.map { "it is \(seatName($0))'s turn" } ?? "no one is to act"
            return fail(
                .notYourTurn, "\(whose): hint lists your moves at your turn", session, requestID)
        }
        send(.hint(reply), to: .session(session), reply: (session, requestID))
    }

    /// Refuses a request for a seat taken during a deal, which a bot plays until the next;
    /// true when it did.
    private mutating func refusedAsReserved(
        _ seat: Int, _ session: SessionID, _ requestID: RequestID?
    ) -> Bool {
        guard seats[seat].reserved else { return false }
        fail(.notYourTurn, "you play from the next deal; a bot plays this one", session, requestID)
        return true
    }

    /// Who plays a seat, in words: its person, `ann's bot` while a bot plays for them, or
    /// `bot N` for a seat no person holds.
    func seatName(_ seat: Int) -> String {
        guard let name = seats[seat].session.flatMap({ members[$0]?.name }) else {
            return "bot \(seat)"
        }
        return seats[seat].isHuman ? name : "\(name)'s bot"
    }

    /// The seat of a member who may act, or nil after answering why not.
    private mutating func actingSeat(_ session: SessionID, _ requestID: RequestID?) -> Int? {
        guard members[session] != nil else {
            notAtTable(session, requestID)
            return nil
        }
        guard let seat = seatIndex(of: session) else {
            fail(
                .spectatorCannotAct,
                "you are watching table \(id): to play, type leave, then join \(id) (a free seat "
                    + "or a bot's)", session, requestID)
            return nil
        }
        return seat
    }

    private mutating func notAtTable(_ session: SessionID, _ requestID: RequestID?) {
        fail(.notSeated, "you are not at a table", session, requestID)
        placeChanged(session)
    }
}
