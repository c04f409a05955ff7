import CardGames
import Foundation
import LobbyProtocol
import Testing

@testable import TableCore

/// Two people may miss pair after pair for ever, so a memory game may go on without end
/// between two records, and the table saves its checkpoint during a game too: a table restored
/// from one cut at any point of a game plays on exactly as the original, its flips, the turn,
/// its time left, what each bot remembers and the bot asked for the awaited flip included.
@Suite("Memory checkpoints during a game")
struct MemoryMidGameCheckpointTests {
    /// Where in a game the checkpoint is cut.
    enum Cut: String, CaseIterable, CustomTestStringConvertible {
        /// The seat's bot was asked for its flip and has not answered.
        case seatBotThinking
        /// A fresh bot was asked to flip for ann, who let her time run out.
        case timedOutBotThinking
        /// Ann's turn runs, with some of her time gone.
        case personsTurn
        /// Ann's first card of the turn is up; her second is awaited.
        case firstCardUp

        var testDescription: String { rawValue }
    }

    static let options = MemoryOptions(pairs: 5, seats: 2)

    static func setup(level: BotLevel) -> TableSetup {
        TableSetup(
            id: 1, name: "pairs", botLevel: level, games: 3, turnSeconds: 30,
            personTurnSeconds: 30, allBots: false, botDelay: 0, timeoutsBeforeAway: 3,
            reconnect: 60_000)
    }

    @Test(
        "a table restored from a checkpoint cut during a game plays on alike",
        arguments: Cut.allCases, [BotLevel.random, .greedy, .smart])
    func playsOnAlike(cut: Cut, level: BotLevel) throws {
        let setup = Self.setup(level: level)
        var original = CoreHarness<MemoryGame>(setup: setup, settings: Self.options)
        original.autoBots = false
        original.request(People.ann, .sitCreator(name: "ann"))
        original.request(People.eve, .watch(name: "eve"))
        original.request(People.ann, .start)
        var step = 0
        while step < 2_000, !Self.isAt(cut, original) {
            Self.step(&original, step)
            step += 1
        }
        let checkpoint = try #require(original.core.checkpoint(), "no checkpoint at \(cut)")
        let match = try #require(original.core.game.match)
        #expect(!match.isOver)
        #expect(checkpoint.game.flipped?.count == match.flips)
        if cut == .personsTurn || cut == .firstCardUp {
            #expect(checkpoint.deadline == original.core.deadline)
            #expect(checkpoint.deadline != nil)
            #expect(checkpoint.thinking == nil)
        } else {
            #expect(checkpoint.thinking?.ticket == original.jobs.first?.ticket)
            #expect(checkpoint.game.thinking != nil)
        }

        var restored = try Self.restored(
            from: checkpoint, setup: setup, drawn: UInt64(original.core.game.gameNumber))
        #expect(restored.core.game.match == original.core.game.match)
        #expect(restored.core.game.flips == original.core.game.flips)
        #expect(restored.core.game.moves == original.core.game.moves)
        restored.resume(beside: &original)

        var next = step
        while next < step + 4_000, !original.finished {
            Self.step(&original, next)
            next += 1
        }
        for index in step..<next { Self.step(&restored, index) }
        #expect(original.core.game.gamesPlayed == 3)
        restored.expectPlayedAlike(original, watcher: People.eve)
    }

    @Test("flips the rules would not have taken are not taken up")
    func impossibleFlipsRefused() throws {
        var table = CoreHarness<MemoryGame>(
            setup: Tables.setup(turnSeconds: 30), settings: Self.options)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        let down = try #require(table.core.game.match).view(for: 0).faceDown
        table.request(People.ann, .move(.flip([down.trailingZeroBitCount])))
        let checkpoint = try #require(table.core.checkpoint())
        #expect(checkpoint.game.flipped?.count == 1)
        let drawn = UInt64(table.core.game.gameNumber)
        for damage in Damage.allCases {
            var damaged = checkpoint
            damage.apply(to: &damaged.game)
            var fresh = CoreHarness<MemoryGame>(
                setup: Tables.setup(turnSeconds: 30), settings: Self.options, drawn: drawn)
            let taken = fresh.core.restore(damaged)
            #expect(!taken, "\(damage) taken up")
            #expect(fresh.core.status == .waiting)
        }
        // The same checkpoint as it was is taken up.
        var fresh = CoreHarness<MemoryGame>(
            setup: Tables.setup(turnSeconds: 30), settings: Self.options, drawn: drawn)
        let taken = fresh.core.restore(checkpoint)
        #expect(taken)
        #expect(fresh.core.game.match == table.core.game.match)
    }

    /// Ways a checkpoint cut during a game can be wrong.
    enum Damage: CaseIterable {
        /// The card up flipped again.
        case sameCardTwice
        /// A card that is not on the table.
        case noSuchCard
        /// Flips that finish the game, which a checkpoint during a game cannot hold.
        case gameOver
        /// Another seed than the game's (its layout need not hold the flips).
        case badSeed
        /// The game's players missing.
        case noPlayers

        func apply(to game: inout MemoryGame.Checkpoint) {
            switch self {
            case .sameCardTwice:
                let last = game.flipped?.last ?? 0
                game.flipped?.append(last)
            case .noSuchCard: game.flipped?.append(options.cardCount)
            case .gameOver:
                // Each pair in turn, as a player who knows the layout finds them.
                let seed = game.seed.flatMap(DealSeed.init(hex:))
                let layout = seed.map { MemoryDealer.layout(seed: $0, pairs: options.pairs) } ?? []
                game.flipped = (0..<options.pairs).flatMap { face in
                    layout.indices.filter { layout[$0] == face }
                }
            case .badSeed: game.seed = "zz"
            case .noPlayers: game.players = nil
            }
        }
    }

    /// True when `table` is at the point `cut` names.
    static func isAt(_ cut: Cut, _ table: CoreHarness<MemoryGame>) -> Bool {
        guard let match = table.core.game.match, !match.isOver, match.flips >= 4 else {
            return false
        }
        let job = table.jobs.first
        switch cut {
        case .seatBotThinking:
            return job.map { !$0.timedOut && $0.seat == 1 } ?? false
        case .timedOutBotThinking:
            return job.map { $0.timedOut && table.core.seats[$0.seat].bot == nil } ?? false
        case .personsTurn:
            guard let deadline = table.core.deadline, job == nil else { return false }
            return match.seatToFlip == 0 && match.firstPosition == nil
                && deadline - table.now < 30_000
        case .firstCardUp:
            return job == nil && match.seatToFlip == 0 && match.firstPosition != nil
        }
    }

    /// One step of ann's play, the same at both tables for the same `index`: held bots
    /// answer; on her turn she flips the lowest face-down card, one she knows misses, lets a
    /// little time or all of it go by.
    static func step(_ table: inout CoreHarness<MemoryGame>, _ index: Int) {
        if !table.jobs.isEmpty {
            table.runHeldJobs()
            return
        }
        guard let match = table.core.game.match, !match.isOver, match.seatToFlip == 0,
            let deadline = table.core.deadline
        else {
            table.advance(to: table.now + 1_000)
            return
        }
        let down = match.view(for: 0).faceDown
        switch index % 5 {
        case 1:
            table.advance(to: deadline)
        case 3 where deadline - table.now == 30_000:
            table.advance(to: table.now + 4_000)
        case 4:
            // The highest card face down: with the lowest before, often a miss.
            table.request(People.ann, .move(.flip([63 - down.leadingZeroBitCount])), id: index)
        default:
            table.request(People.ann, .move(.flip([down.trailingZeroBitCount])), id: index)
        }
    }

    /// A new table taking up `checkpoint` through JSON, as the journal keeps it, its seeds
    /// `drawn` in as the journal would replay them.
    static func restored(
        from checkpoint: TableCheckpoint<MemoryGame.Checkpoint>, setup: TableSetup,
        drawn: UInt64
    ) throws -> CoreHarness<MemoryGame> {
        let json = try JSONEncoder().encode(checkpoint)
        let decoded = try JSONDecoder().decode(
            TableCheckpoint<MemoryGame.Checkpoint>.self, from: json)
        var restored = CoreHarness<MemoryGame>(
            setup: setup, settings: options, drawn: drawn)
        restored.autoBots = false
        let taken = restored.core.restore(decoded)
        #expect(taken)
        return restored
    }
}
