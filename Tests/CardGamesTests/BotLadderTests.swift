import Testing

@testable import CardGames

/// Each bot level is stronger than the one below it, on a fixed set of seeded deals: every
/// level takes seat 0 against the same three opponents on the same deals (so the deals' luck
/// is the same for all of them), and each must score more than the level below.
@Suite struct BotLadderTests {
    /// The deals played: deal numbers from `first`, dealt from the test master seed.
    static let first = 20_000
    static let games = 48
    /// Small budgets, so that the debug build stays fast: the master's keeps what sets it
    /// apart (more deals and moves, play-outs with the end-game search in its own seat).
    static let tiny = ExpertBudget(samples: 6, candidates: 4)
    static let tinyMaster = ExpertBudget(samples: 12, candidates: 6, searchingSeats: .own)

    static func budget(_ level: BotLevel) -> ExpertBudget? {
        level == .master ? tinyMaster : tiny
    }

    /// Seat 0's total score and wins with `level` there and `opponents` in seats 1 to 3.
    static func seatZero(_ level: BotLevel, against opponents: BotLevel)
        -> (score: Int, wins: Int)
    {
        var score = 0
        var wins = 0
        var illegal: [String] = []
        for number in first..<(first + games) {
            let deal = playBotDeal(
                levels: [level, opponents, opponents, opponents], options: .standard,
                dealNumber: number, illegal: &illegal, budget: budget(level))
            score += deal.result?.scores[0] ?? 0
            if deal.winner == 0 { wins += 1 }
        }
        #expect(illegal.isEmpty, "\(illegal.prefix(3))")
        return (score, wins)
    }

    @Test func eachLevelScoresMoreThanTheOneBelowAgainstGreedyBots() {
        // Seat 0 scores -304, -52, +63 and +97 (random, greedy, smart, expert), and the
        // master more than the expert.
        let results = BotLevel.allCases.map { Self.seatZero($0, against: .greedy) }
        for (lower, higher) in zip(results, results.dropFirst()) {
            #expect(higher.score > lower.score, "\(results)")
        }
    }

    @Test func theExpertScoresMoreThanSmartAgainstSmartBots() {
        // Seat 0 scores -283, -172 and +128 (random, smart, expert); smart against smart is
        // even, so a greedy seat 0 may score more or less than a smart one here.
        let random = Self.seatZero(.random, against: .smart)
        let smart = Self.seatZero(.smart, against: .smart)
        let expert = Self.seatZero(.expert, against: .smart)
        #expect(smart.score > random.score)
        #expect(expert.score > smart.score)
        #expect(expert.wins > smart.wins)
    }
}
