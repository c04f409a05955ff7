import CardGames
import Dispatch
import LobbyProtocol

extension ECardTable {
    /// The first match at the table.
    func beginGame() {
        startMatch()
    }

    /// Begins a new match; the totals of the one before are kept in the table's totals.
    func startMatch() {
        dispatchPrecondition(condition: .onQueue(queue))
        if let match { earlierTotals = zip(earlierTotals, match.totals).map { $0 + $1 } }
        let fresh: ECardMatch
        do {
            fresh = try ECardMatch(options: settings.options)
        } catch {
            context.logger.log(.error, "table \(id): E-Card options refused: \(error)")
            finish()
            return
        }
        match = fresh
        matchNumber += 1
        context.logger.debug("table \(id): match \(matchNumber) begins")
        startHand()
    }

    /// Tells each seat its side and cards, the spectators only the sides, then asks for the
    /// first card.
    func startHand() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let match else { return }
        handPlayers = seats.names.map { $0 ?? "bot:\(settings.botName)" }
        for (seat, player) in seats.seatedPlayers {
            send(.ecardHand(handNotice(match, seat: seat)), to: player, id: nil)
        }
        let line = encoder.line(.ecardHand(handNotice(match, seat: nil)))
        for member in seats.spectators { member.send(line) }
        announceTurn()
    }

    /// The seat whose card is awaited, if any.
    var seatToAct: Int? { match?.seatToLay }

    /// The `ecard_turn` event for `seat`: whether it lays first, and the deadline.
    func turnEvent(seat: Int) -> ServerEvent {
        .ecardTurn(
            ECardTurnNotice(
                table: id, seat: seat, first: match?.isFirstLayer(seat: seat) ?? false,
                deadline: deadline))
    }

    /// A card laid by a player: checked against the seat and the engine, then applied. A
    /// refused card changes nothing.
    func humanLay(_ card: ECardCard, by player: PlayerSession, id requestID: RequestID?) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let seat = seats.index(of: player) else {
            sendError(.notSeated, "you do not sit at table \(id)", player, requestID)
            return
        }
        guard var current = match, status == .playing || current.isOver else {
            sendError(.noDeal, "no E-Card match is in progress at table \(id)", player, requestID)
            return
        }
        do {
            let event = try current.lay(card, by: seat)
            match = current
            seatActed(seat)
            announce(event, seat: seat, timedOut: nil, replyTo: player, id: requestID)
        } catch {
            sendError(error.code, error.message, player, requestID)
        }
    }

    /// The bot playing `seat` lays a card.
    func botMove(seat: Int) {
        guard var bot = seats[seat].bot, let match, match.seatToLay == seat else { return }
        let card = bot.chooseCard(view: match.view(for: seat), using: &random)
        seats.update(bot, at: seat)
        serverLay(card, seat: seat, timedOut: nil)
    }

    /// The player at `seat` ran out of time: a bot of the table's level chooses their card.
    /// After `timeoutsBeforeAway` timeouts in a row the player counts as away and that bot
    /// plays for them until they send a request.
    func timeOut(seat: Int) {
        guard let match, match.seatToLay == seat else { return }
        var bot = makeBot(seat: seat)
        let card = bot.chooseCard(view: match.view(for: seat), using: &random)
        noteTimeout(seat: seat, standIn: bot)
        serverLay(card, seat: seat, timedOut: true)
    }

    /// Lays a card the server chose; a card the engine refuses falls back to the first card
    /// of the hand.
    func serverLay(_ card: ECardCard, seat: Int, timedOut: Bool?) {
        guard var current = match else { return }
        do {
            let event = try current.lay(card, by: seat)
            match = current
            announce(event, seat: seat, timedOut: timedOut)
        } catch {
            context.logger.log(.error, "table \(id): server card \(card) refused: \(error)")
            guard let fallback = current.hand(of: seat).cards.first, fallback != card else {
                return
            }
            serverLay(fallback, seat: seat, timedOut: timedOut)
        }
    }

    /// Tells everyone that `seat` laid a card (never which), then moves the game on.
    func announce(
        _ event: ECardEvent, seat: Int, timedOut: Bool?, replyTo player: PlayerSession? = nil,
        id requestID: RequestID? = nil
    ) {
        broadcast(
            .ecardLaid(ECardLaidNotice(table: id, seat: seat, timedOut: timedOut)),
            replyTo: player, id: requestID)
        switch event {
        case .laidFaceDown:
            announceTurn()
        case .revealed(let reveal):
            revealed(reveal)
        }
    }

    /// Both cards are down: the hand's result goes to the game log first, then everyone sees
    /// both cards; the next play, the next hand or the match end follows.
    func revealed(_ reveal: ECardReveal) {
        guard let match else { return }
        serial += 1
        deadline = nil
        guard let result = reveal.handResult, let recorder = context.recorder else {
            return announce(reveal, totals: match.totals)
        }
        let record = DealRecord.eCardHand(
            table: id, tableName: settings.name, matchNumber: matchNumber, players: handPlayers,
            match: match, handNumber: result.handNumber, finishedAt: Self.nowMilliseconds())
        let totals = match.totals
        recorder.record(record) { [self] stored in
            queue.async { [self] in
                if stored == nil {
                    context.logger.log(
                        .error, "table \(id): hand \(result.handNumber) could not be logged")
                }
                announce(reveal, totals: totals)
            }
        }
    }

    /// Tells everyone how the play went (after the log holds a decided hand), then moves on.
    private func announce(_ reveal: ECardReveal, totals: [Int]) {
        broadcast(.ecardReveal(revealNotice(reveal, totals: totals)))
        if let result = reveal.handResult {
            context.logger.info(
                "table \(id): match \(matchNumber) hand \(result.handNumber) won by seat "
                    + "\(result.winner) (\(result.winningSide)) for \(result.payout)")
        }
        if reveal.isMatchOver {
            finishMatch()
        } else if reveal.nextHand != nil {
            guard !finishIfDeserted() else { return }
            startHand()
        } else {
            announceTurn()
        }
    }

    /// The match is over: `match_end` with the table's totals, then the next match or the end.
    func finishMatch() {
        dispatchPrecondition(condition: .onQueue(queue))
        serial += 1
        deadline = nil
        matchesPlayed += 1
        broadcast(.matchEnd(MatchEnd(table: id, games: matchesPlayed, totals: tableTotals)))
        context.logger.info("table \(id): match \(matchNumber) over, totals \(tableTotals)")
        playOn(afterGames: matchesPlayed) { [self] in startMatch() }
    }

    /// A table that finishes in the middle of a match ends it: `match_end` with the totals.
    func closingMatchEnd() -> MatchEnd? {
        guard match?.isOver == false else { return nil }
        return MatchEnd(table: id, games: matchesPlayed, totals: tableTotals)
    }

    /// The matches played, for the log.
    var playedSummary: String { "\(matchesPlayed) match(es)" }
}
