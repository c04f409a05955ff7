import Foundation
import LobbyProtocol
import TableCore

extension Lobby {
    /// Rebuilds the sessions and tables the journal holds, before the server listens: each
    /// table's core is fed its journaled inputs again, its timers move later by the time the
    /// server was down, the journal is compacted to the lines still needed, and the people at the tables count as dropped (a bot plays for them
    /// until they resume with their token, within the reconnect time).
    /// Returns the number of sessions and tables restored.
    func restoreFromJournal() -> (sessions: Int, tables: Int) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let journal else { return (0, 0) }
        let contents = JournalContents(TableJournal.read(journal.file.url))
        do {
            try journal.rewrite(contents.entries)
        } catch {
            logger.warning("table journal: \(error.description)")
        }
        for entry in contents.sessions {
            guard let id = entry.session, let name = entry.name, let hash = entry.hash else {
                continue
            }
            let player = PlayerSession(id: SessionID(id), name: name, tokenHash: hash)
            players[hash] = player
            playersByID[player.id] = player
        }
        nextSessionID = max(nextSessionID, contents.lastSessionID + 1)
        // The time the server was down does not count against anyone's turn.
        let now = TableServices.wallClock()
        let downtime = contents.lastSeen > 0 ? max(0, now - contents.lastSeen) : 0
        journal.startClock(now: TableServices.wallClock)
        var restored = 0
        for var table in contents.tables {
            guard let id = table.created.table, let create = table.created.create else {
                continue
            }
            table.downtime = downtime
            nextTableID = id
            switch makeTable(create, creator: table.created.name ?? "", restoring: table) {
            case .success(let handle):
                tables[id] = handle
                if let owner = table.created.hash {
                    botTablesByOwner[owner, default: []].insert(id)
                }
                restored += 1
            case .failure(let failure):
                logger.warning("table journal: table \(id) cannot be rebuilt: \(failure.message)")
            }
        }
        nextTableID = max(nextTableID, contents.lastTableID + 1)
        for player in players.values {
            detachClock += 1
            player.detachedAt = detachClock
            if let membership = player.membership {
                if membership.seat == nil { player.membership = nil }
                membership.table.submit(.disconnected, from: player, id: nil)
            }
            expireLater(player)
        }
        return (players.count, restored)
    }
}
