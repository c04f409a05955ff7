import Dispatch
import LobbyProtocol

/// Where a connection's next plain `history more` or `leaderboard more` page starts (the
/// table directory keeps `list more`'s).
struct RecordPages {
    /// The query of the last history page sent, with the cursor of the page after it.
    var history: HistoryQuery?
    /// The query of the last leaderboard page sent, with the cursor of the page after it.
    var leaderboard: LeaderboardQuery?
}

extension Lobby {
    /// Answers `history`: the recorder reads the page off the lobby's queue, and the reply is
    /// sent from the lobby's queue, which remembers where `history more` continues.
    func history(_ asked: HistoryQuery, id: RequestID?, connection: Connection) {
        dispatchPrecondition(condition: .onQueue(queue))
        var query = asked
        if asked.more {
            let last = clients[connection.id]?.pages.history
            guard let next = last, asked.player == nil || asked.player == next.player else {
                reply(.history(HistoryReply(deals: [])), id: id, to: connection)
                return
            }
            query = next
        }
        guard let recorder else {
            reply(.history(HistoryReply(deals: [])), id: id, to: connection)
            return
        }
        recorder.history(query) { [self, query] page in
            // Encoded here, off the lobby's queue: a page is up to 120 KB.
            let line = ServerMessageEncoder().line(.history(page), id: id)
            queue.async { [self, query] in
                var next = query
                next.cursor = page.nextCursor
                clients[connection.id]?.pages.history = page.nextCursor == nil ? nil : next
                connection.send(line)
            }
        }
    }

    /// Answers `record`: one stored record, read off the lobby's queue, or `no_such_record`.
    func record(_ number: Int, id: RequestID?, connection: Connection) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard let recorder else {
            fail(.noSuchRecord, "this server keeps no game log", id: id, to: connection)
            return
        }
        recorder.storedRecord(number: number) { [self] found in
            let line = found.map { ServerMessageEncoder().line(.record($0), id: id) }
            queue.async { [self] in
                guard let line else {
                    fail(
                        .noSuchRecord, "the game log holds no record #\(number) (see history)",
                        id: id, to: connection)
                    return
                }
                connection.send(line)
            }
        }
    }

    /// Answers `leaderboard` like ``history(_:id:connection:)``.
    func leaderboard(_ asked: LeaderboardQuery, id: RequestID?, connection: Connection) {
        dispatchPrecondition(condition: .onQueue(queue))
        var query = asked
        var continues = true
        if asked.more {
            if let next = clients[connection.id]?.pages.leaderboard,
                asked.kind == nil || asked.game == next.game
            {
                query = next
            } else {
                // Nothing follows: the empty page past the board's last row, with its `start`;
                // where the last page of another board continues is kept.
                query.cursor = Int.max
                continues = false
            }
        }
        guard let recorder else {
            reply(.leaderboard(LeaderboardReply(kind: query.game, start: 0, players: [])), id: id,
                to: connection)
            return
        }
        recorder.leaderboard(query) { [self, query, continues] page in
            let line = ServerMessageEncoder().line(.leaderboard(page), id: id)
            queue.async { [self, query] in
                var next = query
                next.cursor = page.nextCursor
                if continues {
                    clients[connection.id]?.pages.leaderboard = page.nextCursor == nil ? nil : next
                }
                connection.send(line)
            }
        }
    }
}
