import LobbyProtocol

/// Who is at a table: the holder of each seat (a player, a bot, or a bot standing in for a
/// player who is away) and the spectators.
///
/// A value owned by one table and touched only on that table's queue. `Bot` is the kind of
/// bot the table's game uses.
struct TableSeats<Bot> {
    /// Who holds a seat: a player, a bot, or both (a bot playing for an absent player).
    struct Seat {
        /// The player sitting there, if any.
        var player: PlayerSession?
        /// The bot playing the seat, if any.
        var bot: Bot?
        /// Turns in a row the player let time out.
        var timeouts = 0
        /// True while a bot plays because the (connected) player kept timing out.
        var awayByTimeouts = false

        /// True when the seat's player plays it in person (no bot stands in).
        var isHuman: Bool { player != nil && bot == nil }
    }

    private var seats: [Seat]
    /// The people watching, in the order they came.
    private(set) var spectators: [PlayerSession] = []

    /// `count` empty seats and no spectators.
    init(count: Int) {
        seats = [Seat](repeating: Seat(), count: count)
    }

    /// The seat numbers, from 0.
    var indices: Range<Int> { seats.indices }

    /// The number of seats.
    var count: Int { seats.count }

    /// The holder of seat `seat`.
    subscript(seat: Int) -> Seat { seats[seat] }

    /// The seat `player` sits in, if any.
    func index(of player: PlayerSession) -> Int? {
        seats.firstIndex { $0.player === player }
    }

    /// The seats no player holds (a bot may play them).
    var freeSeats: [Int] {
        seats.indices.filter { seats[$0].player == nil }
    }

    /// The seated players with their seats, in seat order.
    var seatedPlayers: [(seat: Int, player: PlayerSession)] {
        seats.indices.compactMap { seat in seats[seat].player.map { (seat, $0) } }
    }

    /// Everyone who receives the table's public events: the seated players, then the
    /// spectators.
    var members: [PlayerSession] {
        seats.compactMap(\.player) + spectators
    }

    /// The players' names per seat; nil for a seat without a player.
    var names: [String?] {
        seats.map { $0.player?.name }
    }

    /// True while any seat has a player (connected or not).
    var hasPlayers: Bool {
        seats.contains { $0.player != nil }
    }

    /// True while a seated player or a spectator is connected.
    var anyoneConnected: Bool {
        seats.contains { $0.player?.isConnected == true } || spectators.contains { $0.isConnected }
    }

    /// The public description of every seat.
    var infos: [SeatInfo] {
        seats.enumerated().map { seat, entry in
            SeatInfo(
                seat: seat, player: entry.player?.name, bot: entry.bot != nil,
                connected: entry.player?.isConnected ?? false)
        }
    }

    /// Adds a spectator.
    mutating func addSpectator(_ player: PlayerSession) {
        spectators.append(player)
    }

    /// Removes a spectator (nothing when `player` does not watch).
    mutating func removeSpectator(_ player: PlayerSession) {
        spectators.removeAll { $0 === player }
    }

    /// Sits `player` in `seat`, sending away any bot; true when a bot played the seat.
    @discardableResult
    mutating func sit(_ player: PlayerSession, at seat: Int) -> Bool {
        let wasBot = seats[seat].bot != nil
        seats[seat] = Seat(player: player)
        return wasBot
    }

    /// Empties the seat of its player; a bot playing it stays.
    mutating func unseat(_ seat: Int) {
        seats[seat].player = nil
    }

    /// Lets `bot` play `seat` (replacing any bot there); `away` marks a player taken for
    /// away after repeated timeouts.
    mutating func standIn(_ bot: Bot, at seat: Int, away: Bool = false) {
        seats[seat].bot = bot
        seats[seat].awayByTimeouts = away
    }

    /// Stores the bot of `seat` after it chose a move (bots may keep state between moves).
    mutating func update(_ bot: Bot, at seat: Int) {
        seats[seat].bot = bot
    }

    /// Gives `seat` back to its player: no bot, not away, no timeouts counted.
    mutating func handBack(_ seat: Int) {
        seats[seat].bot = nil
        seats[seat].awayByTimeouts = false
        seats[seat].timeouts = 0
    }

    /// Counts a timed-out turn of `seat`; returns the timeouts in a row so far.
    mutating func countTimeout(_ seat: Int) -> Int {
        seats[seat].timeouts += 1
        return seats[seat].timeouts
    }

    /// The player of `seat` acted: the timeouts in a row start again from zero.
    mutating func resetTimeouts(_ seat: Int) {
        seats[seat].timeouts = 0
    }

    /// Gives every seat without a player a bot made by `makeBot` (called with the seat).
    mutating func fillEmptySeats(with makeBot: (Int) -> Bot) {
        for seat in seats.indices where seats[seat].player == nil {
            seats[seat].bot = makeBot(seat)
        }
    }
}
