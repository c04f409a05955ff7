import Dispatch
import Foundation
import TableCore

/// The bytes a table host has for its players, each player's in the order they were sent.
///
/// A player's bytes leave in one send, so that one write carries them all: a player's own
/// `play` echo and the next `turn`, say, never cost two. Bytes that must leave at once go at
/// the end of the input that produced them, after whatever that player's bytes still waited
/// for. Bytes that may wait stay until the player has something that must leave, or until
/// they have waited long enough (``sendWaited(since:)``).
///
/// As in Nagle's algorithm, only a broadcast that follows the player's last send within the
/// window waits for company: after a quiet spell the first one leaves at once, so a table
/// whose moves are seconds apart costs no timer and no delay.
struct TableOutbox {
    /// How long bytes may wait, in nanoseconds; 0 sends everything at the end of its input.
    let window: UInt64
    private var entries: [Entry] = []

    private struct Entry {
        let player: PlayerSession
        var bytes = Data()
        /// True once `bytes` is a buffer of the outbox's own, not a line it was handed.
        var ownsBytes = false
        /// True once something in `bytes` must leave at the end of this input.
        var urgent = false
        /// When the oldest bytes that may wait were added (uptime, nanoseconds); nil when
        /// none wait.
        var waitingSince: UInt64?
        /// When bytes last left for the player (uptime, nanoseconds).
        var lastSent: UInt64?

        init(player: PlayerSession) {
            self.player = player
        }
    }

    /// An outbox whose broadcasts wait at most `window` nanoseconds.
    init(window: UInt64) {
        self.window = window
    }

    /// The time at which the oldest waiting bytes were added, if any wait.
    var oldestWaiting: UInt64? {
        var oldest: UInt64?
        for entry in entries {
            guard let since = entry.waitingSince else { continue }
            oldest = min(oldest ?? since, since)
        }
        return oldest
    }

    /// Adds `line` for `player`, after what it already holds for them. Urgent bytes leave at
    /// the next ``sendUrgent()``, together with everything before them; others may wait.
    mutating func add(_ line: Data, for player: PlayerSession, urgent: Bool) {
        let index: Int
        if let known = entries.firstIndex(where: { $0.player === player }) {
            index = known
        } else {
            entries.append(Entry(player: player))
            index = entries.count - 1
        }
        // A first line is kept as it is, not copied: most sends carry one. A second starts a
        // buffer with room for more, rather than growing a copy of the first (which other
        // recipients' entries share) a line at a time.
        if entries[index].bytes.isEmpty {
            entries[index].bytes = line
            entries[index].ownsBytes = false
        } else if entries[index].ownsBytes {
            entries[index].bytes.append(line)
        } else {
            let first = entries[index].bytes
            var bytes = Data(capacity: max(Self.bufferCapacity, first.count + line.count))
            bytes.append(first)
            bytes.append(line)
            entries[index].bytes = bytes
            entries[index].ownsBytes = true
        }
        if urgent || window == 0 {
            entries[index].urgent = true
            return
        }
        guard !entries[index].urgent, entries[index].waitingSince == nil else { return }
        let now = Self.clock()
        if let last = entries[index].lastSent, now - last < window {
            entries[index].waitingSince = now
        } else {
            entries[index].urgent = true
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

    /// Sends every player whose bytes have waited since `time` or earlier, and every player
    /// with urgent bytes.
    mutating func sendWaited(since time: UInt64) {
        send { $0.urgent || ($0.waitingSince ?? .max) <= time }
    }

    /// Sends everything held for `session` now, and forgets when it last sent to them.
    mutating func release(_ session: SessionID) {
        guard let index = entries.firstIndex(where: { $0.player.id == session }) else { return }
        let entry = entries.remove(at: index)
        if !entry.bytes.isEmpty { entry.player.send(entry.bytes) }
    }

    /// Sends everything held, to everyone, and forgets every player.
    mutating func releaseAll() {
        for entry in entries where !entry.bytes.isEmpty { entry.player.send(entry.bytes) }
        entries = []
    }

    private mutating func send(where due: (Entry) -> Bool) {
        var now: UInt64?
        for index in entries.indices where due(entries[index]) {
            entries[index].urgent = false
            guard !entries[index].bytes.isEmpty else { continue }
            entries[index].player.send(entries[index].bytes)
            entries[index].bytes = Data()
            entries[index].ownsBytes = false
            entries[index].waitingSince = nil
            if window > 0 {
                now = now ?? Self.clock()
                entries[index].lastSent = now
            }
        }
    }

    /// The room a player's buffer starts with once it holds two lines.
    private static let bufferCapacity = 1_024

    /// The uptime clock waiting bytes are timed by, in nanoseconds.
    static func clock() -> UInt64 {
        DispatchTime.now().uptimeNanoseconds
    }
}
