import CardGames
import LobbyProtocol

/// A memory table between two games, or during one, as a value that can be saved.
///
/// Two people may miss pair after pair for ever, so a game may run unbounded between two
/// records: the table saves its state during a game too. The game is saved as its seed and
/// the cards flipped so far; the restored table lays it out again and flips them in order,
/// which rebuilds the game, its record's moves and its public flips exactly, and refuses a
/// sequence the rules would not have taken.
extension MemoryGame {
    /// What the rest of the game and the next ones depend on: the counters, the pairs per
    /// seat and the bots' random sources and, during a game, the game itself and what each
    /// bot remembers of it.
    public struct Checkpoint: Codable, Sendable, Equatable {
        /// The last game's number (the game under way's, during one).
        public var gameNumber: Int
        /// Games finished.
        public var gamesFinished: Int
        /// Pairs per seat over the games finished.
        public var earlierTotals: [Int]
        /// The source new bots are seeded from.
        public var random: Xoshiro256StarStar
        /// Each seat's bot's random source, if the seat has a bot.
        public var bots: [Xoshiro256StarStar?]
        /// During a game: its seed, in hex.
        public var seed: String?
        /// During a game: the cards flipped so far, in order, numbered from 0.
        public var flipped: [Int]?
        /// During a game: the names the game log gives its players.
        public var players: [String]?
        /// During a game: each seat's bot with what it remembers, if the seat has a bot.
        public var memories: [Bot?]?
        /// During a game: the bot asked for the awaited flip, if one was asked and has not
        /// answered.
        public var thinking: Bot?
    }

    public func checkpoint(bots: [Bot?]) -> Checkpoint? {
        guard match?.isOver ?? true else { return nil }
        return Checkpoint(
            gameNumber: gameNumber, gamesFinished: gamesFinished, earlierTotals: earlierTotals,
            random: random, bots: bots.map { $0?.random })
    }

    public func checkpointDuringGame(bots: [Bot?], thinking: Bot?) -> Checkpoint? {
        guard let match, let seed, !match.isOver else { return nil }
        return Checkpoint(
            gameNumber: gameNumber, gamesFinished: gamesFinished, earlierTotals: earlierTotals,
            random: random, bots: bots.map { $0?.random }, seed: seed.hex,
            flipped: flips.map(\.flipped.position), players: gamePlayers, memories: bots,
            thinking: thinking)
    }

    public func thinkingBot(in checkpoint: Checkpoint) -> Bot? {
        checkpoint.thinking
    }

    public mutating func restore(_ checkpoint: Checkpoint) -> [Bot?]? {
        guard checkpoint.earlierTotals.count == options.seats,
            CheckpointLimits.fit(checkpoint.earlierTotals),
            CheckpointLimits.fit(checkpoint.gameNumber, checkpoint.gamesFinished)
        else { return nil }
        var restored = self
        restored.match = nil
        restored.seed = nil
        restored.flips = []
        restored.moves = []
        restored.gamePlayers = []
        restored.gameNumber = checkpoint.gameNumber
        restored.gamesFinished = checkpoint.gamesFinished
        restored.earlierTotals = checkpoint.earlierTotals
        restored.random = checkpoint.random
        var bots = checkpoint.bots.map { source in
            source.map {
                Bot(player: MemoryBot(kind: botKind, cardCount: options.cardCount), random: $0)
            }
        }
        if let hex = checkpoint.seed {
            guard let playing = restored.replay(checkpoint, seed: hex) else { return nil }
            bots = playing
        } else {
            let during = [checkpoint.flipped != nil, checkpoint.players != nil]
            guard !during.contains(true), checkpoint.memories == nil, checkpoint.thinking == nil
            else { return nil }
        }
        self = restored
        return bots
    }

    /// Lays the game of a checkpoint cut during one out again from `hex` and flips its cards
    /// in order; returns the seats' bots as saved, or nil when the flips are not a game
    /// under way of this table that the rules would have taken, or a bot does not fit it.
    private mutating func replay(_ checkpoint: Checkpoint, seed hex: String) -> [Bot?]? {
        guard let seed = DealSeed(hex: hex), let flipped = checkpoint.flipped,
            let players = checkpoint.players, players.count == options.seats,
            let memories = checkpoint.memories, memories.count == checkpoint.bots.count,
            checkpoint.gameNumber > 0,
            var replayed = try? MemoryMatch(seed: seed, options: options)
        else { return nil }
        var events: [MemoryEvent] = []
        var moves: [DealMove] = []
        for position in flipped {
            guard let seat = replayed.seatToFlip,
                let event = try? replayed.flip(position, by: seat)
            else { return nil }
            events.append(event)
            moves.append(DealMove(seat: seat, cards: "\(position + 1)"))
        }
        guard !replayed.isOver else { return nil }
        let game = checkpoint.gameNumber
        for bot in (memories + [checkpoint.thinking]).compactMap({ $0 }) {
            // What a bot saw of the game under way is caught up on from its flips.
            let seen = bot.game == game ? events.count : Int.max
            guard bot.player.kind == botKind, bot.player.fits(cardCount: options.cardCount),
                (0...game).contains(bot.game), (0...seen).contains(bot.seen)
            else { return nil }
        }
        guard zip(checkpoint.bots, memories).allSatisfy({ $0 == $1?.random }) else { return nil }
        match = replayed
        self.seed = seed
        flips = events
        self.moves = moves
        gamePlayers = players
        return memories
    }
}
