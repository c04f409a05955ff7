import LobbyProtocol

/// Whose turn it is and who moves: the person before the timer runs out, or a bot.
extension TableCore {
    /// Seconds before a person's deadline at which they are warned with a `timer` event.
    public static var warningSeconds: Int { 10 }

    /// Tells everyone whose turn it is, then sets the turn timer or asks the seat's bot.
    mutating func announceTurn() {
        turnTicket += 1
        cancelTimer(.turn)
        cancelTimer(.warning)
        cancelTimer(.bot)
        deadline = nil
        guard status == .playing, pending == nil, let seat = game.seatToAct else { return }
        let human = seats[seat].isHuman
        if human, turnSeconds > 0 { deadline = now + Milliseconds(turnSeconds) * 1000 }
        let prompted = human ? seats[seat].session : nil
        send(
            .game(game.turnEvent(seat: seat, deadline: deadline)), to: .everyone,
            delivery: prompted.map { .prompt($0) })
        if human {
            guard let deadline else { return }
            setTimer(.turn, at: deadline)
            if turnSeconds > Self.warningSeconds {
                setTimer(.warning, at: deadline - Milliseconds(Self.warningSeconds) * 1000)
            }
        } else if setup.botDelay > 0 {
            setTimer(.bot, at: now + setup.botDelay)
        } else {
            askBot(seat: seat, timedOut: false)
        }
    }

    /// After `seat` changed hands: when its move is awaited, announce the turn again so that
    /// the new holder (bot, timer or person) takes it.
    mutating func reannounceIfAwaiting(_ seat: Int) {
        if status == .playing, pending == nil, game.seatToAct == seat { announceTurn() }
    }

    /// Asks the seat's bot (or, for a person who ran out of time, a fresh one) for a move.
    mutating func askBot(seat: Int, timedOut: Bool) {
        let bot = timedOut && seats[seat].bot == nil ? game.makeBot(seat: seat) : seats[seat].bot
        guard let bot, let task = game.botTask(seat: seat, bot: bot, timedOut: timedOut) else {
            return
        }
        thinking = Thinking(ticket: turnTicket, seat: seat, timedOut: timedOut, bot: bot)
        effects.append(
            .think(BotJob(ticket: turnTicket, seat: seat, timedOut: timedOut, task: task)))
    }

    /// A timer ran out.
    mutating func fired(_ timer: TableTimer) {
        switch timer {
        case .turn:
            guard status == .playing, let seat = game.seatToAct, seats[seat].isHuman else {
                return
            }
            noteTimeout(seat: seat)
            askBot(seat: seat, timedOut: true)
        case .warning:
            guard status == .playing, let seat = game.seatToAct, seats[seat].isHuman,
                let deadline
            else { return }
            let warning = TurnTimerNotice(
                table: id, seat: seat, secondsLeft: Self.warningSeconds, deadline: deadline)
            send(.timer(warning), to: .seat(seat))
        case .bot:
            guard status == .playing, let seat = game.seatToAct, !seats[seat].isHuman else {
                return
            }
            askBot(seat: seat, timedOut: false)
        case .nextGame:
            guard status == .playing else { return }
            startGame()
        case .release(let session):
            released(session)
        }
    }

    /// A bot's move arrived: applied when it is still for the turn it was asked for; a stale
    /// one (the turn moved on, the seat changed hands) is ignored.
    mutating func botChose(_ choice: BotChoice<Game>) {
        if thinking?.ticket == choice.ticket, thinking?.seat == choice.seat { thinking = nil }
        guard choice.ticket == turnTicket, status == .playing, pending == nil,
            game.seatToAct == choice.seat
        else { return }
        if seats[choice.seat].bot != nil { seats[choice.seat].bot = choice.bot }
        guard
            let progress = game.applyServer(
                choice.action, seat: choice.seat, timedOut: choice.timedOut ? true : nil,
                now: now)
        else { return }
        progressed(progress, reply: nil)
    }

    /// Sends what an accepted move produced, then moves the table on: at once, or once the
    /// record of a finished deal is durable.
    mutating func progressed(
        _ progress: GameProgress<Game.Event>, reply: (session: SessionID, id: RequestID?)?
    ) {
        for (index, event) in progress.events.enumerated() {
            send(.game(event), to: .everyone, reply: index == 0 ? reply : nil)
        }
        guard let record = progress.record else {
            proceed(announcing: progress.announced, then: progress.next)
            return
        }
        personTotals.credit(record.result?.scores ?? [])
        recordTicket += 1
        pending = PendingRecord(
            ticket: recordTicket, announced: progress.announced, next: progress.next)
        announceTurn()
        effects.append(.persist(record, ticket: recordTicket))
    }

    /// A record is durable (or failed): the result is announced and the table moves on.
    mutating func recorded(ticket: Int, stored: DealRecord?) {
        guard let pending, pending.ticket == ticket else { return }
        self.pending = nil
        guard status == .playing else {
            sendSnapshotsDue()
            return
        }
        proceed(announcing: pending.announced, then: pending.next)
    }

    /// The announced results leave at once: people may answer them (`ready`).
    private mutating func proceed(announcing events: [Game.Event], then next: GameNext) {
        let own = playerTotals
        for event in events {
            let shown = own.map { Game.withPlayerTotals($0, on: event) } ?? event
            send(.game(shown), to: .everyone, delivery: .now)
        }
        // After the result and before what follows it, so that each snapshot is the position
        // from which the later events apply.
        sendSnapshotsDue()
        switch next {
        case .turn:
            announceTurn()
        case .unchanged:
            break
        case .newHand:
            guard !finishIfDeserted() else { return }
            startHand()
        case .gameOver:
            playOn()
        }
    }
}
