import Foundation

/// The messages a table host has for its players while it handles one input. Each player's
/// messages leave in one send once the input is handled, so they reach the connection as one
/// write: a player's own `play` echo and the next `turn`, say, never cost two.
struct TableOutbox {
    private var players: [PlayerSession] = []
    private var bytes: [Data] = []

    /// Adds `line` to what goes to `player`, after what it already holds for them.
    mutating func add(_ line: Data, for player: PlayerSession) {
        if let index = players.firstIndex(where: { $0 === player }) {
            bytes[index].append(line)
        } else {
            players.append(player)
            bytes.append(line)
        }
    }

    /// Sends every player its bytes and empties the outbox.
    mutating func send() {
        for (player, data) in zip(players, bytes) { player.send(data) }
        players.removeAll(keepingCapacity: true)
        bytes.removeAll(keepingCapacity: true)
    }
}
