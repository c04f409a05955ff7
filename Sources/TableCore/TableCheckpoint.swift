/// A table between two games, as a value that can be saved: everything the next game depends
/// on. A table core restored from it (``TableCore/restore(_:)``) and fed the same inputs from
/// then on does exactly what the core it was cut from does.
///
/// It is cut while a table plays and no record is being stored: between two games, after a
/// game's record is durable and before the next begins, or, for a kind whose game may run
/// unbounded between two records (tic-tac-toe), during a game, with the turn's deadline, its
/// timers and the bot asked for the awaited move.
public struct TableCheckpoint<GameState: Codable & Sendable>: Codable, Sendable {
    /// Who holds one seat.
    public struct Seat: Codable, Sendable, Equatable {
        /// The person's session, if any.
        public var session: Int?
        /// True when a bot plays the seat (its state is in the game's part).
        public var bot: Bool
        /// Turns in a row the person let time out.
        public var timeouts: Int
        /// True while a bot plays because the person kept timing out.
        public var away: Bool
        /// True while the person waits for the next game.
        public var reserved: Bool
    }

    /// A session at the table.
    public struct Member: Codable, Sendable, Equatable {
        /// The session.
        public var session: Int
        /// Its name at the table.
        public var name: String
        /// Whether it is connected.
        public var connected: Bool
    }

    /// A timer still set, with its deadline.
    public struct Timer: Codable, Sendable, Equatable {
        /// `next` (the pause before the next game), `release` (a dropped person's seat), or,
        /// during a game, `turn` (a person's time runs out), `warning` (a person is warned)
        /// or `bot` (a bot's pause before it moves).
        public var name: String
        /// The session of a `release` timer.
        public var session: Int?
        /// When it runs out, in Unix milliseconds.
        public var deadline: Milliseconds
    }

    /// The bot asked for the awaited move, during a game; its own state is in the game's part.
    public struct Thinking: Codable, Sendable, Equatable {
        /// The turn the move is for.
        public var ticket: Int
        /// The seat that moves.
        public var seat: Int
        /// True when the bot moves for a person who ran out of time.
        public var timedOut: Bool
    }

    /// The seats, from 0.
    public var seats: [Seat]
    /// The sessions at the table, by session number.
    public var members: [Member]
    /// The watchers, in the order they came.
    public var watchers: [Int]
    /// The timers set.
    public var timers: [Timer]
    /// The turn and record counters.
    public var turnTicket: Int
    public var recordTicket: Int
    /// True once a person has sat at the table.
    public var personSat: Bool
    /// The people who said they are ready for the next game.
    public var ready: [Int]
    /// The game's part: match totals and counters, the seats' bots.
    public var game: GameState
    /// Each person's own total at the table; absent in a checkpoint written before the
    /// table kept them.
    public var people: [PersonTotals.Entry]?
    /// Why the server could not store results when the checkpoint was cut, if it could not.
    public var storageFailure: String?
    /// During a game: the turn's deadline, in Unix milliseconds, when a person's turn is timed.
    public var deadline: Milliseconds?
    /// During a game: the bot asked for the awaited move, until it answers.
    public var thinking: Thinking?
    /// During a game: the people per seat it is credited to (nil for a bot), as they were
    /// when it began.
    public var credited: [String?]?
}

extension TableCheckpoint {
    /// True when its counters, sessions and times lie in range (``CheckpointLimits``).
    var fits: Bool {
        let sessions = seats.compactMap(\.session) + members.map(\.session) + watchers + ready
        return CheckpointLimits.fit(turnTicket, recordTicket)
            && CheckpointLimits.fit(seats.map(\.timeouts)) && sessions.allSatisfy { $0 > 0 }
            && CheckpointLimits.fit(sessions) && CheckpointLimits.fit(people?.map(\.total) ?? [])
            && timers.allSatisfy { CheckpointLimits.fitsTime($0.deadline) }
            && deadline.map(CheckpointLimits.fitsTime) ?? true
            && thinking.map { CheckpointLimits.fit($0.ticket) && seats.indices.contains($0.seat) }
                ?? true
    }
}
