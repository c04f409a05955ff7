import CardGames
import Foundation
import Testing

@testable import TableCore

/// A Big Two table's searching bots survive a checkpoint as what they were: the level's budget
/// and the generator's place, so a restored table's bots make the same moves.
@Suite("Checkpoints of searching bots")
struct SearchingBotCheckpointTests {
    @Test("expert and master bots come back with their own budget and generator", arguments: [
        BotLevel.expert, .master,
    ])
    func keepsBudgetAndGenerator(level: BotLevel) throws {
        let setup = CheckpointTests.setup(level: level)
        let game = BigTwoGame(
            setup: setup, settings: BigTwoGame.Settings(options: .standard, rulesName: "standard"),
            seeds: FixedSeeds(master: 7))
        let bot = level.makeBigTwoBot(seed: 11)
        let checkpoint = try #require(game.checkpoint(bots: [nil, bot, nil, nil]))
        let json = try JSONEncoder().encode(checkpoint)
        var restored = game
        let bots = try #require(
            restored.restore(try JSONDecoder().decode(BigTwoGame.Checkpoint.self, from: json)))
        let back = try #require(bots[1] as? ExpertBot)
        #expect(back.budget == level.budget)
        #expect(back.sampling == (bot as? ExpertBot)?.sampling)
    }
}
