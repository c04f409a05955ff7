import CardGames

/// A tic-tac-toe table between two rounds, or during one, as a value that can be saved.
///
/// A round may run unbounded between two records: a restart both seats agree to begins a new
/// round without one, and a bot always agrees. So the table saves its state during a round
/// too, with the board, the people who play it and the bot thinking about the awaited move.
extension TicTacToeGame {
    /// What the rest of the round and the next ones depend on: the match (its score, whose
    /// round starts next and the board), the counters and the bots' random sources.
    public struct Checkpoint: Codable, Sendable, Equatable {
        /// The match: its last round over, or, in a checkpoint cut during a round, under way.
        public var match: TicTacToeMatch
        /// Rounds finished at the table, restarts included.
        public var roundsFinished: Int
        /// Every finished round's recorded scores summed per seat; absent in a checkpoint
        /// written before the table kept them, where the match's wins stand in.
        public var totals: [Int]?
        /// The source new bots are seeded from.
        public var random: Xoshiro256StarStar
        /// Each seat's bot's random source, if the seat has a bot.
        public var bots: [Xoshiro256StarStar?]
        /// During a round: the people per seat when it began (nil: a bot), which decide
        /// whether a bot agrees to a restart.
        public var names: [String?]?
        /// During a round: the names the game log gives its players.
        public var roundPlayers: [String]?
        /// During a round: the random source of the bot asked for the awaited move, if one
        /// was asked and has not answered.
        public var thinking: Xoshiro256StarStar?
    }

    public func checkpoint(bots: [Bot?]) -> Checkpoint? {
        guard started, match.result != nil else { return nil }
        return Checkpoint(
            match: match, roundsFinished: roundsFinished, totals: recordedTotals, random: random,
            bots: bots.map { $0?.random })
    }

    public func checkpointDuringGame(bots: [Bot?], thinking: Bot?) -> Checkpoint? {
        guard started, match.result == nil else { return nil }
        return Checkpoint(
            match: match, roundsFinished: roundsFinished, totals: recordedTotals, random: random,
            bots: bots.map { $0?.random }, names: names, roundPlayers: roundPlayers,
            thinking: thinking?.random)
    }

    public func thinkingBot(in checkpoint: Checkpoint) -> Bot? {
        checkpoint.thinking.map { Bot(player: TicTacToeBot(kind: botKind), random: $0) }
    }

    public mutating func restore(_ checkpoint: Checkpoint) -> [Bot?]? {
        let saved = checkpoint.match
        let score = saved.score
        guard score.count == Self.seatCount, CheckpointLimits.fit(score),
            CheckpointLimits.fit(saved.round, saved.roundsPlayed, checkpoint.roundsFinished),
            saved.restartVotes.allSatisfy({ (0..<Self.seatCount).contains($0) })
        else { return nil }
        let totals = checkpoint.totals ?? [score[0] - score[1], score[1] - score[0]]
        guard totals.count == Self.seatCount, CheckpointLimits.fit(totals) else { return nil }
        let names = checkpoint.names ?? [nil, nil]
        let players = checkpoint.roundPlayers ?? []
        if saved.result == nil {
            // A round under way: its board must be one the moves could have made.
            guard checkpoint.names != nil, names.count == Self.seatCount,
                players.count == Self.seatCount, Self.isPlayable(saved)
            else { return nil }
        } else {
            guard checkpoint.thinking == nil else { return nil }
        }
        match = saved
        started = true
        roundsFinished = checkpoint.roundsFinished
        self.names = names
        roundPlayers = players
        recordedTotals = totals
        random = checkpoint.random
        return checkpoint.bots.map { source in
            source.map { Bot(player: TicTacToeBot(kind: botKind), random: $0) }
        }
    }

    /// True when `match`, with a round under way, holds a board its moves made, from its
    /// starter, with no line complete and a cell left for the mark to move.
    private static func isPlayable(_ match: TicTacToeMatch) -> Bool {
        guard let toMove = match.toMove, match.moves.count < 9 else { return false }
        var marks: [TicTacToeMark: UInt16] = [.o: 0, .x: 0]
        var mover = match.roundStarter
        for cell in match.moves {
            guard (0..<9).contains(cell) else { return false }
            let bit = UInt16(1) << UInt16(cell)
            guard (marks[.o, default: 0] | marks[.x, default: 0]) & bit == 0 else { return false }
            marks[mover, default: 0] |= bit
            mover = mover.other
        }
        let board = TicTacToeBoard(o: marks[.o, default: 0], x: marks[.x, default: 0])
        return board == match.board && mover == toMove && board.winningLine(of: .o) == nil
            && board.winningLine(of: .x) == nil && board.empty != 0
    }
}
