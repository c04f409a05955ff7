import Dispatch
import LobbyProtocol

/// The life of a table: waiting, started by a player (or at once with bots only), games one
/// after another, finished.
extension SeatedTable {
    /// Starts the game for a seated player: bots fill the empty seats.
    func start(by player: PlayerSession, id requestID: RequestID?) {
        queue.async { [self] in
            guard status == .waiting else {
                sendError(.alreadyStarted, "the game at table \(id) has started", player, requestID)
                return
            }
            beginPlay(startedBy: player, id: requestID)
        }
    }

    /// Starts a table whose every seat is a bot.
    func startAllBots() {
        queue.async { [self] in beginPlay(startedBy: nil, id: nil) }
    }

    /// Fills the empty seats with bots, tells everyone the table plays, and begins the game.
    private func beginPlay(startedBy player: PlayerSession?, id requestID: RequestID?) {
        dispatchPrecondition(condition: .onQueue(queue))
        seats.fillEmptySeats { makeBot(seat: $0) }
        status = .playing
        broadcastTableNotice(except: nil, replyTo: player, id: requestID)
        context.logger.info("table \(id): game starts")
        beginGame()
    }

    /// After a deal or match that counts as one of the table's games: the table finishes once
    /// `played` reaches its game count or no one is left connected; otherwise `next` runs
    /// after the bot delay, unless the table moved on meanwhile.
    func playOn(afterGames played: Int, next: @escaping @Sendable () -> Void) {
        dispatchPrecondition(condition: .onQueue(queue))
        if let games = settings.games, played >= games {
            finish()
            return
        }
        guard !finishIfDeserted() else { return }
        let due = serial
        later { [self] in
            guard serial == due, status == .playing else { return }
            next()
        }
    }

    /// Finishes the table when no one is left connected (unless it is all bots); true when
    /// it did.
    func finishIfDeserted() -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !settings.allBots && !seats.anyoneConnected else { return false }
        finish()
        return true
    }

    /// Ends the table for good: `match_end` to everyone when the game's hook has one, then
    /// `left` to every member still there (they are back in the lobby), and the lobby forgets
    /// the table.
    func finish() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard status != .finished else { return }
        let end = status == .playing ? closingMatchEnd() : nil
        serial += 1
        status = .finished
        deadline = nil
        if let end { broadcast(.matchEnd(end)) }
        broadcast(.left(LeftTable(table: id)))
        context.logger.info("table \(id): finished after \(playedSummary)")
        context.onFinished(self)
    }

    /// Stops every timer and bot for good (server shutdown).
    func stop() {
        queue.sync {
            serial += 1
            status = .finished
        }
    }
}
