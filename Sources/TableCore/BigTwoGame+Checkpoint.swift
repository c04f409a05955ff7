import CardGames

/// A Big Two table between two deals, as a value that can be saved.
extension BigTwoGame {
    /// What the next deal depends on: the match totals and counters and the seats' bots.
    public struct Checkpoint: Codable, Sendable, Equatable {
        /// The match totals per seat.
        public var totals: [Int]
        /// Deals finished in the match.
        public var dealsPlayed: Int
        /// The last deal's number.
        public var dealNumber: Int
        /// The bot per seat, if any.
        public var bots: [BotState?]
    }

    /// A Big Two bot as it stands between deals. Greedy and smart bots keep nothing from one
    /// deal to the next (a smart bot plans each new hand afresh); random, expert and master
    /// bots keep their generators.
    public enum BotState: Codable, Sendable, Equatable {
        case greedy
        case smart
        case random(Xoshiro256StarStar)
        case expert(Xoshiro256StarStar)
        case master(Xoshiro256StarStar)
    }

    public func checkpoint(bots: [(any BigTwoBot)?]) -> Checkpoint? {
        guard deal?.isOver ?? true else { return nil }
        var states: [BotState?] = []
        for bot in bots {
            guard let bot else {
                states.append(nil)
                continue
            }
            guard let state = Self.state(of: bot) else { return nil }
            states.append(state)
        }
        return Checkpoint(
            totals: match.totals, dealsPlayed: match.dealsPlayed, dealNumber: dealNumber,
            bots: states)
    }

    public mutating func restore(_ checkpoint: Checkpoint) -> [(any BigTwoBot)?]? {
        guard checkpoint.totals.count == Self.seatCount, CheckpointLimits.fit(checkpoint.totals),
            CheckpointLimits.fit(checkpoint.dealsPlayed, checkpoint.dealNumber)
        else { return nil }
        match = BigTwoMatch(
            options: settings.options, totals: checkpoint.totals,
            dealsPlayed: checkpoint.dealsPlayed)
        deal = nil
        seed = nil
        dealNumber = checkpoint.dealNumber
        return checkpoint.bots.map { $0.map(Self.bot) }
    }

    private static func state(of bot: any BigTwoBot) -> BotState? {
        switch bot {
        case is GreedyBot: .greedy
        case is SmartBot: .smart
        case let random as RandomBot<Xoshiro256StarStar>: .random(random.generator)
        case let expert as ExpertBot where expert.budget == .standard: .expert(expert.sampling)
        case let master as ExpertBot where master.budget == .master: .master(master.sampling)
        default: nil
        }
    }

    private static func bot(_ state: BotState) -> any BigTwoBot {
        switch state {
        case .greedy: GreedyBot()
        case .smart: SmartBot()
        case .random(let generator): RandomBot(generator: generator)
        case .expert(let generator): ExpertBot(generator: generator)
        case .master(let generator): ExpertBot(generator: generator, budget: .master)
        }
    }
}
