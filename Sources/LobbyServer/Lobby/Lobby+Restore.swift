import Foundation
import LobbyProtocol
import TableCore

extension Lobby {
    /// Rebuilds the sessions and tables the journal holds, before the server listens: each
    /// table's core is fed its journaled inputs again, its timers move later by the time the
    /// server was down, and the journal is compacted to the lines still needed. The people at
    /// the tables get the restart's grace time to resume with their token before they count as
    /// dropped (a bot then plays for them until they resume, within the reconnect time).
    /// Returns the number of sessions and tables restored.
    func restoreFromJournal() -> (sessions: Int, tables: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let journal else { return (0, 0) }
        let held = configuration.maxHeldSessions
        guard let reading = journal.file.reading({ JournalReading($0, heldSessions: held) })
        else {
            logger.warning(
                "table journal: \(journal.file.url.path) cannot be read: tables and sessions "
                    + "are not restored")
            journal.startClock(now: TableServices.wallClock)
            return (0, 0)
        }
        let contents = reading.contents
        if reading.damaged > 0 {
            let listed = reading.damagedLines.map(String.init).joined(separator: ", ")
            logger.warning(
                "table journal: skipped \(reading.damaged) damaged line(s) (line \(listed)"
                    + (reading.damaged > reading.damagedLines.count ? ", …" : "")
                    + "): they do not read as journal lines or carry numbers out of range")
        }
        if reading.sessionsDropped > 0 {
            logger.warning(
                "table journal: held \(configuration.maxHeldSessions) sessions "
                    + "(--held-sessions) and let \(reading.sessionsDropped) older one(s) go")
        }
        do {
            try journal.rewrite(contents.entries)
        } catch {
            logger.warning("table journal: \(error.description)")
        }
        for entry in contents.sessions {
            guard let id = entry.session, let name = entry.name, let hash = entry.hash else {
                continue
            }
            hold(PlayerSession(id: SessionID(id), name: name, tokenHash: hash))
        }
        nextSessionID = max(nextSessionID, contents.lastSessionID + 1)
        // The time the server was down does not count against anyone's turn.
        let now = TableServices.wallClock()
        let downtime = contents.lastSeen > 0 ? max(0, now - contents.lastSeen) : 0
        journal.startClock(now: TableServices.wallClock)
        var restored = 0
        let lowestFreeID = nextTableID
        for var table in contents.tables {
            guard let id = table.created.table, let create = table.created.create else {
                continue
            }
            table.downtime = downtime
            nextTableID = id
            switch makeTable(create, creator: table.created.name ?? "", restoring: table) {
            case .success(let handle):
                admit(handle, botOwner: table.created.hash)
                restored += 1
            case .failure(let failure):
                logger.warning("table journal: table \(id) cannot be rebuilt: \(failure.message)")
            }
        }
        nextTableID = max(lowestFreeID, nextTableID, contents.lastTableID + 1)
        var seated: [(player: PlayerSession, detaches: Int)] = []
        for player in players.values {
            detachClock += 1
            player.detachedAt = detachClock
            if player.membership != nil { seated.append((player, player.detachCount)) }
            expireLater(player)
        }
        dropLater(seated, after: configuration.restartGraceSeconds)
        return (players.count, restored)
    }

    /// After the restart's grace time, the people at tables (seated or watching) who have not
    /// resumed count as dropped (a bot plays for them until they come back; a watcher watches
    /// on when resuming within the reconnect time). Until then their seats wait for them as if
    /// they were there: a turn keeps the time it had left, and a table is not taken for
    /// deserted because everyone is still reconnecting.
    private func dropLater(_ seated: [(player: PlayerSession, detaches: Int)], after seconds: Int) {
        let drop: @Sendable () -> Void = { [self] in
            dispatchPrecondition(condition: .onQueue(queue))
            for (player, detaches) in seated {
                // One who resumed (and maybe dropped again since) is handled as usual.
                guard player.detachCount == detaches, !player.isConnected,
                    let membership = player.membership
                else { continue }
                membership.table.submit(.disconnected, from: player, id: nil)
            }
        }
        guard seconds > 0 else { return drop() }
        queue.asyncAfter(deadline: .now() + .seconds(seconds), execute: drop)
    }
}
