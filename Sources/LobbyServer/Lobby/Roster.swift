import Dispatch
import Foundation
import LobbyProtocol
import Locking
import TableCore

/// Who is online and where, answering `who` on a queue of its own.
///
/// The lobby tells it, from its own queue and in order, of every session that attaches a
/// connection or loses it and of every change of place, and hands it each `who` it routes, so
/// a reply covers every change the lobby made before the request. Sorting every name once ran
/// on the lobby's queue at each `who`; here the reply is built at most once per change and
/// then sent again as it is (with the request's id spliced in), off the queue every other
/// lobby request waits for.
final class Roster: Sendable {
    let queue = DispatchQueue(label: "LobbyServer.roster")
    private let encoder = ServerMessageEncoder()
    private let state: QueueBound<Entries>

    init() {
        state = QueueBound(Entries(), queue: queue)
    }

    /// The session's connection attached (`online`) or went.
    func session(_ session: SessionID, name: String, online: Bool) {
        queue.async { [self] in
            state.withValue { entries in
                entries.change(session, name: name) { $0.online = online }
            }
        }
    }

    /// The session sits at `seat` of `table`, watches it (no seat), or is in the lobby (no
    /// table).
    func place(_ session: SessionID, name: String, table: Int?, seat: Int?) {
        queue.async { [self] in
            state.withValue { entries in
                entries.change(session, name: name) { entry in
                    entry.table = table
                    entry.seat = seat
                }
            }
        }
    }

    /// The session is forgotten.
    func remove(_ session: SessionID) {
        queue.async { [self] in
            state.withValue { entries in
                if entries.sessions.removeValue(forKey: session)?.online == true {
                    entries.plain = nil
                }
            }
        }
    }

    /// Answers `who` on `connection`.
    func who(id: RequestID?, connection: Connection) {
        queue.async { [self] in
            let line = state.withValue { entries in
                let plain = entries.plain ?? encoder.line(.who(entries.reply))
                entries.plain = plain
                return encoder.line(.who(entries.reply), id: id, from: plain)
            }
            connection.send(line)
        }
    }
}

/// The roster's state: each held session's name, place and whether it is online, and the
/// `who` line without an id, kept until something a reply shows changes.
private struct Entries {
    struct Entry: Equatable {
        var name: String
        var online = false
        var table: Int?
        var seat: Int?
    }

    var sessions: [SessionID: Entry] = [:]
    var plain: Data?

    /// Changes the session's entry (made when missing); the kept line goes when the change
    /// shows in a reply.
    mutating func change(_ session: SessionID, name: String, _ body: (inout Entry) -> Void) {
        let before = sessions[session]
        var entry = before ?? Entry(name: name)
        body(&entry)
        sessions[session] = entry
        if entry != before, entry.online || before?.online == true { plain = nil }
    }

    /// Every session online, sorted by name, and where it is.
    var reply: WhoReply {
        let online = sessions.values.filter(\.online).sorted { $0.name < $1.name }
        return WhoReply(
            players: online.map { entry in
                guard let table = entry.table else { return WhoEntry(name: entry.name) }
                return WhoEntry(
                    name: entry.name, table: table, seat: entry.seat,
                    watching: entry.seat == nil ? true : nil)
            })
    }
}
