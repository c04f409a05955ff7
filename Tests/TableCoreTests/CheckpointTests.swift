import CardGames
import Foundation
import LobbyProtocol
import Testing

@testable import TableCore

/// A table restored from its checkpoint between two games plays on exactly as the table it was
/// cut from: same messages to everyone, same records.
@Suite("Checkpoints")
struct CheckpointTests {
    @Test(
        "a Big Two table restored from its checkpoint plays on alike",
        arguments: [BotLevel.greedy, .smart, .random])
    func bigTwo(level: BotLevel) throws {
        let settings = BigTwoGame.Settings(options: .standard, rulesName: "standard")
        let setup = Self.setup(level: level)
        var original = CoreHarness<BigTwoGame>(setup: setup, settings: settings)
        original.request(People.ann, .sitCreator(name: "ann"))
        original.request(People.eve, .watch(name: "eve"))
        original.request(People.ann, .start)
        original.play([People.ann], step: 1_000) {
            $0.core.game.gamesPlayed >= 2 && $0.core.checkpoint() != nil
        }
        try #require(original.core.game.gamesPlayed == 2)
        var restored = try Self.restored(
            from: &original, setup: setup, settings: settings, seedsDrawn: 2)
        original.play([People.ann], step: 1_000) { $0.finished }
        restored.play([People.ann], step: 1_000) { $0.finished }
        try Self.expectAlike(original, restored, games: 5)
    }

    @Test("a move between deals is refused alike after a restore")
    func bigTwoMoveBetweenDeals() throws {
        let settings = BigTwoGame.Settings(options: .standard, rulesName: "standard")
        let setup = Self.setup(level: .greedy)
        var original = CoreHarness<BigTwoGame>(setup: setup, settings: settings)
        original.request(People.ann, .sitCreator(name: "ann"))
        original.request(People.ann, .start)
        original.play([People.ann], step: 1_000) { $0.core.checkpoint() != nil }
        try #require(original.core.game.gamesPlayed == 1)
        var restored = try Self.restored(
            from: &original, setup: setup, settings: settings, seedsDrawn: 1)
        original.request(People.ann, .move(.pass), id: 9)
        restored.request(People.ann, .move(.pass), id: 9)
        let refusal = try #require(original.received[People.ann]?.last)
        #expect(refusal.event.type == "error")
        #expect(restored.received == original.received)
    }

    @Test("an all-bot roulette table restored from its checkpoint plays on alike")
    func roulette() throws {
        let setup = TableSetup(
            id: 1, name: "wheel", botLevel: .random, games: 6, turnSeconds: 10,
            personTurnSeconds: 30, allBots: true, botDelay: 1_000, timeoutsBeforeAway: 2,
            reconnect: 60_000)
        let settings = RouletteOptions(segments: 12, seats: 4, maxStake: 100)
        var original = CoreHarness<RouletteGame>(setup: setup, settings: settings)
        original.request(People.ann, .startAllBots)
        original.request(People.eve, .watch(name: "eve"))
        let noMove: (CoreHarness<RouletteGame>) -> TableMove? = { _ in nil }
        original.play(people: [], move: noMove, step: 500) {
            $0.core.game.gamesPlayed >= 2 && $0.core.checkpoint() != nil
        }
        try #require(original.core.game.gamesPlayed == 2)
        // The new core draws its bots' source when it is made; the checkpoint replaces it.
        var restored = try Self.restored(
            from: &original, setup: setup, settings: settings, seedsDrawn: 2)
        original.request(People.eve, .move(.bet([RouletteStake(segment: 1, chips: 1)])), id: 4)
        restored.request(People.eve, .move(.bet([RouletteStake(segment: 1, chips: 1)])), id: 4)
        original.play(people: [], move: noMove, step: 500) { $0.finished }
        restored.play(people: [], move: noMove, step: 500) { $0.finished }
        try Self.expectAlike(original, restored, games: 6)
    }

    @Test("an all-bot E-Card table restored between matches plays on alike")
    func eCard() throws {
        try Self.allBotsPlayOnAlike(ECardGame.self, settings: .standard, games: 4, seedsDrawn: 0)
    }

    @Test("an all-bot tic-tac-toe table restored between rounds plays on alike")
    func ticTacToe() throws {
        try Self.allBotsPlayOnAlike(TicTacToeGame.self, settings: .x, games: 6, seedsDrawn: 0)
    }

    @Test("an all-bot memory table restored between games plays on alike")
    func memory() throws {
        let settings = MemoryOptions(pairs: 6, seats: 3)
        try Self.allBotsPlayOnAlike(MemoryGame.self, settings: settings, games: 4, seedsDrawn: 2)
    }

    /// An all-bot table of `Game` cut after two of its `games` and restored plays its
    /// last games exactly as the original, with a watcher hearing everything. The new core
    /// draws its bots' source when it is made, so it starts `seedsDrawn` seeds in: one short
    /// of what the original drew, for kinds whose games draw seeds.
    static func allBotsPlayOnAlike<Game: TableGame>(
        _: Game.Type, settings: Game.Settings, games: Int, seedsDrawn: UInt64
    ) throws {
        let setup = TableSetup(
            id: 1, name: "bots", botLevel: .greedy, games: games, turnSeconds: 10,
            personTurnSeconds: 30, allBots: true, botDelay: 1_000, timeoutsBeforeAway: 2,
            reconnect: 60_000)
        var original = CoreHarness<Game>(setup: setup, settings: settings)
        original.request(People.ann, .startAllBots)
        original.request(People.eve, .watch(name: "eve"))
        let noMove: (CoreHarness<Game>) -> TableMove? = { _ in nil }
        original.play(people: [], move: noMove, step: 500) {
            $0.core.game.gamesPlayed >= 2 && $0.core.checkpoint() != nil
        }
        try #require(original.core.game.gamesPlayed == 2)
        var restored = try Self.restored(
            from: &original, setup: setup, settings: settings, seedsDrawn: seedsDrawn)
        original.play(people: [], move: noMove, step: 500) { $0.finished }
        restored.play(people: [], move: noMove, step: 500) { $0.finished }
        try Self.expectAlike(original, restored, games: games)
    }

    /// A table with one person (ann, seat 0), bots of `level` and a pause between deals.
    static func setup(level: BotLevel) -> TableSetup {
        TableSetup(
            id: 1, name: "test", botLevel: level, games: 5, turnSeconds: 10,
            personTurnSeconds: 30, allBots: false, botDelay: 0, timeoutsBeforeAway: 2,
            reconnect: 60_000, pause: 5_000)
    }

    /// A new harness whose core takes up `original`'s checkpoint (through JSON, as the
    /// journal keeps it) at the same time with the same timers; both forget what was sent.
    static func restored<Game: TableGame>(
        from original: inout CoreHarness<Game>, setup: TableSetup, settings: Game.Settings,
        seedsDrawn: UInt64
    ) throws -> CoreHarness<Game> {
        let checkpoint = try #require(original.core.checkpoint())
        let json = try JSONEncoder().encode(checkpoint)
        let decoded = try JSONDecoder().decode(
            TableCheckpoint<Game.Checkpoint>.self, from: json)
        var restored = CoreHarness<Game>(setup: setup, settings: settings, drawn: seedsDrawn)
        let taken = restored.core.restore(decoded)
        #expect(taken)
        #expect(restored.core.makeInfo() == original.core.makeInfo())
        #expect(restored.core.timerDeadlines == original.core.timerDeadlines)
        restored.now = original.now
        restored.timers = original.timers
        original.clearReceived()
        original.stored = []
        return restored
    }

    /// Both tables sent the same messages and stored the same records, and finished.
    static func expectAlike<Game: TableGame>(
        _ original: CoreHarness<Game>, _ restored: CoreHarness<Game>, games: Int
    ) throws {
        #expect(original.finished && restored.finished)
        #expect(original.core.game.gamesPlayed == games)
        #expect(!original.stored.isEmpty)
        #expect(restored.stored == original.stored)
        #expect(!original.received.isEmpty)
        #expect(restored.received == original.received)
        #expect(restored.core.makeInfo() == original.core.makeInfo())
    }
}
