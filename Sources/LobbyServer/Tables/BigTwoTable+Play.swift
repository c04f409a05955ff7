import CardGames
import Dispatch
import Foundation
import LobbyProtocol

extension BigTwoTable {
    /// Fills empty seats with bots and deals the first deal.
    func beginMatch(replyTo player: PlayerSession?, id requestID: RequestID?) {
        dispatchPrecondition(condition: .onQueue(queue))
        for seat in seats.indices where seats[seat].player == nil {
            seats[seat].bot = makeBot(seat: seat)
        }
        status = .playing
        let info = makeInfo()
        for (seat, entry) in seats.enumerated() {
            if let member = entry.player {
                let notice = TableNotice(table: info, seat: seat)
                send(.table(notice), to: member, id: member === player ? requestID : nil)
            }
        }
        let line = encoder.line(.table(TableNotice(table: info, spectator: true)))
        for member in spectators { member.send(line) }
        context.logger.info("table \(id): game starts")
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
        let names = seats.map { $0.player?.name }
        dealPlayers = seats.map { $0.player?.name ?? "bot:\(settings.botLevel.rawValue)" }
        for (seat, entry) in seats.enumerated() {
            guard let player = entry.player else { continue }
            let start = DealStart(
                table: id, deal: dealNumber, commitment: seed.commitment, seat: seat,
                hand: hands[seat].cards, players: names)
            send(.dealStart(start), to: player, id: nil)
        }
        let publicStart = DealStart(
            table: id, deal: dealNumber, commitment: seed.commitment, seat: nil, hand: nil,
            players: names)
        let line = encoder.line(.dealStart(publicStart))
        for member in spectators { member.send(line) }
        context.logger.debug("table \(id): deal \(dealNumber) commitment \(seed.commitment)")
        announceTurn()
    }

    /// Tells everyone whose turn it is, then schedules the bot's move or the turn timer.
    func announceTurn() {
        dispatchPrecondition(condition: .onQueue(queue))
        serial += 1
        let turn = serial
        guard let deal, !deal.isOver else { return }
        let seat = deal.currentSeat
        let human = seats[seat].player != nil && seats[seat].bot == nil
        let timed = human && settings.turnSeconds > 0
        deadline = timed ? Self.nowMilliseconds() + Int64(settings.turnSeconds) * 1000 : nil
        let notice = TurnNotice(
            table: id, seat: seat, canPass: deal.canPass, leading: deal.isLeading,
            mustInclude: deal.requiredCard, toBeat: deal.tablePlay?.cards.cards,
            deadline: deadline)
        broadcast(.turn(notice))
        if human {
            guard timed else { return }
            queue.asyncAfter(deadline: .now() + .seconds(settings.turnSeconds)) { [self] in
                guard serial == turn else { return }
                timeOut(seat: seat)
            }
        } else {
            later { [self] in
                guard serial == turn else { return }
                botMove(seat: seat)
            }
        }
    }

    /// Runs `work` on the queue after the bot delay.
    func later(_ work: @escaping @Sendable () -> Void) {
        if context.botDelay == .never || context.botDelay == .milliseconds(0) {
            queue.async(execute: work)
        } else {
            queue.asyncAfter(deadline: .now() + context.botDelay, execute: work)
        }
    }

    /// A move asked for by a player: checked against the seat and the engine, then applied.
    func humanMove(
        by player: PlayerSession, id requestID: RequestID?,
        _ body: (inout BigTwoDeal, Int) throws(BigTwoError) -> BigTwoMoveOutcome
    ) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let seat = seatIndex(of: player) else {
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
            seats[seat].timeouts = 0
            if seats[seat].awayByTimeouts {
                seats[seat].awayByTimeouts = false
                seats[seat].bot = nil
                broadcast(.seat(control(seat, bot: false, reason: "returned")))
            }
            announce(outcome, seat: seat, timedOut: nil)
        } catch {
            sendError(error.code, error.description, player, requestID)
        }
    }

    /// The bot playing `seat` moves.
    func botMove(seat: Int) {
        guard var bot = seats[seat].bot, let view = deal?.view(for: seat) else { return }
        let move = bot.chooseMove(view)
        seats[seat].bot = bot
        applyServerMove(move, seat: seat, timedOut: nil)
    }

    /// The player at `seat` ran out of time: pass when allowed, else the move a bot of the
    /// table's level would make. After `timeoutsBeforeAway` timeouts in a row the player
    /// counts as away and a bot plays for them until they act again.
    func timeOut(seat: Int) {
        guard let deal else { return }
        var standIn = makeBot(seat: seat)
        let move: BigTwoMove = deal.canPass ? .pass : standIn.chooseMove(deal.view(for: seat))
        context.logger.info("table \(id): seat \(seat) timed out")
        seats[seat].timeouts += 1
        if seats[seat].timeouts >= context.timeoutsBeforeAway, seats[seat].bot == nil {
            seats[seat].bot = standIn
            seats[seat].awayByTimeouts = true
            broadcast(.seat(control(seat, bot: true, reason: "timeouts")))
        }
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
    func announce(_ outcome: BigTwoMoveOutcome, seat: Int, timedOut: Bool?) {
        guard let deal else { return }
        if let combo = outcome.record.play {
            let notice = PlayNotice(
                table: id, seat: seat, cards: combo.cards.cards, combo: combo.kind.name,
                cardsLeft: deal.hands[seat].count, timedOut: timedOut)
            broadcast(.play(notice))
        } else {
            broadcast(.pass(PassNotice(table: id, seat: seat, timedOut: timedOut)))
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
        if let recorder = context.recorder, recorder.record(record) == nil {
            context.logger.log(.error, "table \(id): deal \(dealNumber) could not be logged")
        }
        let end = DealEnd(
            table: id, deal: dealNumber, winner: result.winner,
            hands: deal.hands.map(\.cards), cardsLeft: result.cardsLeft,
            penalties: result.penalties, scores: result.scores, totals: match.totals,
            liableSeat: result.liableSeat, seed: seed.hex, commitment: seed.commitment)
        broadcast(.dealEnd(end))
        context.logger.info(
            "table \(id): deal \(dealNumber) won by seat \(result.winner), scores \(result.scores)")
        if let games = settings.games, match.dealsPlayed >= games {
            finish()
            return
        }
        let anyoneThere =
            seats.contains { $0.player?.isConnected == true }
            || spectators.contains { $0.isConnected }
        if !settings.allBots && !anyoneThere {
            finish()
            return
        }
        let next = serial
        later { [self] in
            guard serial == next, status == .playing else { return }
            startDeal()
        }
    }

    /// Ends the table for good: `match_end` to everyone, then the lobby forgets it.
    func finish() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard status != .finished else { return }
        let wasPlaying = status == .playing
        serial += 1
        status = .finished
        deadline = nil
        if wasPlaying {
            broadcast(
                .matchEnd(MatchEnd(table: id, games: match.dealsPlayed, totals: match.totals)))
        }
        context.logger.info("table \(id): finished after \(match.dealsPlayed) deal(s)")
        context.onFinished(self)
    }

    static func nowMilliseconds() -> Int64 {
        Int64((Date().timeIntervalSince1970 * 1000).rounded())
    }
}
