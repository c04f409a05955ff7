import Dispatch
import Foundation
import TableCore

/// The bytes a table host has for its players, each player's in the order they were sent.
///
/// A player's bytes leave in one send, so that one write carries them all: a player's own
/// `play` echo and the next `turn`, say, never cost two. Bytes that must leave at once go at
/// the end of the input that produced them, after whatever that player's bytes still waited
/// for; bytes that may wait stay until the player has something that must leave, or until
/// they have waited long enough (``sendWaited(since:)``).
struct TableOutbox {
    private var entries: [Entry] = []

    private struct Entry {
        let player: PlayerSession
        var bytes: Data
        /// True once something in `bytes` must leave at the end of this input.
        var urgent: Bool
        /// When the oldest bytes that may wait were added (uptime, nanoseconds); nil when
        /// none may wait.
        var waitingSince: UInt64?
    }

    /// True when some player's bytes are waiting.
    var isWaiting: Bool { !entries.isEmpty }

    /// The time at which the oldest waiting bytes were added, if any wait.
    var oldestWaiting: UInt64? { entries.lazy.compactMap(\.waitingSince).min() }

    /// Adds `line` for `player`, after what it already holds for them. Urgent bytes leave at
    /// the next ``sendUrgent()``, together with everything before them; others wait.
    mutating func add(_ line: Data, for player: PlayerSession, urgent: Bool) {
        if let index = entries.firstIndex(where: { $0.player === player }) {
            entries[index].bytes.append(line)
            if urgent {
                entries[index].urgent = true
            } else if entries[index].waitingSince == nil {
                entries[index].waitingSince = Self.clock()
            }
        } else {
            entries.append(
                Entry(
                    player: player, bytes: line, urgent: urgent,
                    waitingSince: urgent ? nil : Self.clock()))
        }
    }

    /// Has everything held for `session` leave at the next ``sendUrgent()``.
    mutating func hurry(_ session: SessionID) {
        guard let index = entries.firstIndex(where: { $0.player.id == session }) else { return }
        entries[index].urgent = true
    }

    /// Sends every player who has urgent bytes everything held for them; the rest wait.
    mutating func sendUrgent() {
        send { $0.urgent }
    }

    /// Sends everything held for `session` now.
    mutating func send(to session: SessionID) {
        send { $0.player.id == session }
    }

    /// Sends every player whose bytes have waited since `time` or earlier, and every player
    /// with urgent bytes.
    mutating func sendWaited(since time: UInt64) {
        send { $0.urgent || ($0.waitingSince ?? 0) <= time }
    }

    /// Sends everything held, to everyone.
    mutating func sendAll() {
        send { _ in true }
    }

    private mutating func send(where due: (Entry) -> Bool) {
        var index = 0
        while index < entries.count {
            if due(entries[index]) {
                let entry = entries.remove(at: index)
                entry.player.send(entry.bytes)
            } else {
                index += 1
            }
        }
    }

    /// The uptime clock waiting bytes are timed by, in nanoseconds.
    static func clock() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
