import CardGames
import Dispatch
import LobbyProtocol

extension BigTwoTable {
    /// The first deal of the match.
    func beginGame() {
        startDeal()
    }

    /// Deals a new deal: each seat gets only its own hand, everyone the commitment.
    func startDeal() {
        dispatchPrecondition(condition: .onQueue(queue))
        dealNumber += 1
        let seed = context.seeds.next()
        self.seed = seed
        let hands = Dealer.deal(seed: seed)
        deal = match.startDeal(hands: hands)
        let names = seats.names
        dealPlayers = names.map { $0 ?? "bot:\(settings.botLevel.rawValue)" }
        for (seat, player) in seats.seatedPlayers {
            let start = DealStart(
                table: id, deal: dealNumber, commitment: seed.commitment, seat: seat,
                hand: hands[seat].cards, players: names)
            send(.dealStart(start), to: player, id: nil)
        }
        let publicStart = DealStart(
            table: id, deal: dealNumber, commitment: seed.commitment, seat: nil, hand: nil,
            players: names)
        let line = encoder.line(.dealStart(publicStart))
        for member in seats.spectators { member.send(line) }
        context.logger.debug("table \(id): deal \(dealNumber) commitment \(seed.commitment)")
        announceTurn()
    }

    /// The seat to play, while a deal is in progress.
    var seatToAct: Int? {
        guard let deal, !deal.isOver else { return nil }
        return deal.currentSeat
    }

    /// The `turn` event for `seat`: what may be played, and the deadline.
    func turnEvent(seat: Int) -> ServerEvent {
        let deal = self.deal
        return .turn(
            TurnNotice(
                table: id, seat: seat, canPass: deal?.canPass ?? false,
                leading: deal?.isLeading ?? false, mustInclude: deal?.requiredCard,
                toBeat: deal?.tablePlay?.cards.cards, deadline: deadline))
    }

    /// A move asked for by a player: checked against the seat and the engine, then applied.
    func humanMove(
        by player: PlayerSession, id requestID: RequestID?,
        _ body: (inout BigTwoDeal, Int) throws(BigTwoError) -> BigTwoMoveOutcome
    ) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let seat = seats.index(of: player) else {
            sendError(.notSeated, "you do not sit at table \(id)", player, requestID)
            return
        }
        guard var current = deal, status == .playing else {
            sendError(.noDeal, "no deal is in progress at table \(id)", player, requestID)
            return
        }
        do {
            let outcome = try body(&current, seat)
            deal = current
            seatActed(seat)
            announce(outcome, seat: seat, timedOut: nil, replyTo: player, id: requestID)
        } catch {
            sendError(error.code, error.description, player, requestID)
        }
    }

    /// The bot playing `seat` moves.
    func botMove(seat: Int) {
        guard var bot = seats[seat].bot, let view = deal?.view(for: seat) else { return }
        let move = bot.chooseMove(view)
        seats.update(bot, at: seat)
        applyServerMove(move, seat: seat, timedOut: nil)
    }

    /// The player at `seat` ran out of time: pass when allowed, else the move a bot of the
    /// table's level would make. After `timeoutsBeforeAway` timeouts in a row the player
    /// counts as away and a bot plays for them until they act again.
    func timeOut(seat: Int) {
        guard let deal else { return }
        var standIn = makeBot(seat: seat)
        let move: BigTwoMove = deal.canPass ? .pass : standIn.chooseMove(deal.view(for: seat))
        noteTimeout(seat: seat, standIn: standIn)
        applyServerMove(move, seat: seat, timedOut: true)
    }

    /// Applies a move the server chose; a move the engine refuses falls back to the first
    /// legal one.
    func applyServerMove(_ move: BigTwoMove, seat: Int, timedOut: Bool?) {
        guard var current = deal else { return }
        do {
            let outcome = try current.apply(move, by: seat)
            deal = current
            announce(outcome, seat: seat, timedOut: timedOut)
        } catch {
            context.logger.log(.error, "table \(id): server move \(move) refused: \(error)")
            guard let fallback = current.legalMoves().first, fallback != move else { return }
            applyServerMove(fallback, seat: seat, timedOut: timedOut)
        }
    }

    /// Tells everyone about an accepted move, then moves the game on.
    func announce(
        _ outcome: BigTwoMoveOutcome, seat: Int, timedOut: Bool?,
        replyTo player: PlayerSession? = nil, id requestID: RequestID? = nil
    ) {
        guard let deal else { return }
        if let combo = outcome.record.play {
            let notice = PlayNotice(
                table: id, seat: seat, cards: combo.cards.cards, combo: combo.kind.name,
                cardsLeft: deal.hands[seat].count, timedOut: timedOut)
            broadcast(.play(notice), replyTo: player, id: requestID)
        } else {
            broadcast(
                .pass(PassNotice(table: id, seat: seat, timedOut: timedOut)), replyTo: player,
                id: requestID)
        }
        if let result = outcome.result {
            finishDeal(result)
            return
        }
        if let leader = outcome.trickWonBy {
            broadcast(.trick(TrickNotice(table: id, leader: leader)))
        }
        announceTurn()
    }

    /// Scores the deal, reveals the hands and the seed, and starts the next deal or ends.
    func finishDeal(_ result: BigTwoDealResult) {
        guard let deal, let seed else { return }
        serial += 1
        deadline = nil
        match.record(result)
        // The durable record goes to disk before anyone hears the result.
        let record = DealRecord.bigTwo(
            table: id, tableName: settings.name, dealNumber: dealNumber, players: dealPlayers,
            rules: settings.rulesName, seed: seed, deal: deal,
            finishedAt: Self.nowMilliseconds())
        let end = DealEnd(
            table: id, deal: dealNumber, winner: result.winner,
            hands: deal.hands.map(\.cards), cardsLeft: result.cardsLeft,
            penalties: result.penalties, scores: result.scores, totals: match.totals,
            liableSeat: result.liableSeat, seed: seed.hex, commitment: seed.commitment)
        let number = dealNumber
        let announce = { @Sendable [self] in
            broadcast(.dealEnd(end))
            context.logger.info(
                "table \(id): deal \(number) won by seat \(result.winner), scores \(result.scores)")
            playOn(afterGames: match.dealsPlayed) { [self] in startDeal() }
        }
        guard let recorder = context.recorder else { return announce() }
        recorder.record(record) { [self] stored in
            queue.async { [self] in
                if stored == nil {
                    context.logger.log(.error, "table \(id): deal \(number) could not be logged")
                }
                announce()
            }
        }
    }

    /// A table that finishes while playing ends its match: `match_end` with the totals.
    func closingMatchEnd() -> MatchEnd? {
        MatchEnd(table: id, games: match.dealsPlayed, totals: match.totals)
    }

    /// The deals played, for the log.
    var playedSummary: String { "\(match.dealsPlayed) deal(s)" }
}
