import CardGames
import Foundation
import LobbyProtocol
import Testing

@testable import TableCore

/// A tic-tac-toe round may go on without end between two records (a restart the bot agrees
/// to begins a new round without one), so the table saves its checkpoint during a round too:
/// a table restored from one cut at any point of a round plays on exactly as the original,
/// the board, the turn, its time left and the bot asked for the awaited move included.
@Suite("Tic-tac-toe checkpoints during a round")
struct TicTacToeMidRoundCheckpointTests {
    /// Where in a round the checkpoint is cut.
    enum Cut: String, CaseIterable, CustomTestStringConvertible {
        /// The seat's bot was asked for its move and has not answered.
        case seatBotThinking
        /// A fresh bot was asked to move for ann, who let her time run out.
        case timedOutBotThinking
        /// Ann's turn runs, with some of her time gone.
        case personsTurn
        /// Ann asked to restart, the bot agreed, and the new round's bot move is awaited.
        case afterRestart

        var testDescription: String { rawValue }
    }

    @Test(
        "a table restored from a checkpoint cut during a round plays on alike",
        arguments: Cut.allCases, [BotLevel.random, .smart])
    func playsOnAlike(cut: Cut, level: BotLevel) throws {
        let setup = TableSetup(
            id: 1, name: "noughts", botLevel: level, games: 8, turnSeconds: 30,
            personTurnSeconds: 30, allBots: false, botDelay: 0, timeoutsBeforeAway: 3,
            reconnect: 60_000)
        var original = CoreHarness<TicTacToeGame>(setup: setup, settings: .x)
        original.autoBots = false
        original.request(People.ann, .sitCreator(name: "ann"))
        original.request(People.eve, .watch(name: "eve"))
        original.request(People.ann, .start)
        var step = 0
        var lastStep: Cut?
        while step < 400, !Self.isAt(cut, original, last: lastStep) {
            lastStep = Self.step(&original, step)
            step += 1
        }
        let checkpoint = try #require(original.core.checkpoint(), "no checkpoint at \(cut)")
        #expect(original.core.game.match.result == nil)
        #expect(checkpoint.game.names != nil)
        if cut == .personsTurn {
            #expect(checkpoint.deadline == original.core.deadline)
            #expect(checkpoint.deadline != nil)
            #expect(checkpoint.thinking == nil)
        } else {
            #expect(checkpoint.thinking?.ticket == original.jobs.first?.ticket)
            #expect(checkpoint.game.thinking != nil)
        }

        var restored = try Self.restored(from: checkpoint, setup: setup)
        #expect(restored.core.game.match == original.core.game.match)
        restored.resume(beside: &original)

        var next = step
        while next < step + 400, !original.finished {
            _ = Self.step(&original, next)
            next += 1
        }
        for index in step..<next { _ = Self.step(&restored, index) }
        #expect(original.core.game.gamesPlayed == 8)
        restored.expectPlayedAlike(original, watcher: People.eve)
    }

    @Test("a round's board its moves could not have made is not taken up")
    func impossibleBoardRefused() throws {
        var table = CoreHarness<TicTacToeGame>(setup: Tables.setup(turnSeconds: 30), settings: .o)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        table.request(People.ann, .move(.mark(4)))
        let checkpoint = try #require(table.core.checkpoint())
        var json = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(checkpoint))
                as? [String: Any])
        var game = try #require(json["game"] as? [String: Any])
        var match = try #require(game["match"] as? [String: Any])
        // Ann's mark moved to another cell than the moves say.
        match["board"] = ["o": 1, "x": 0]
        game["match"] = match
        json["game"] = game
        let damaged = try JSONDecoder().decode(
            TableCheckpoint<TicTacToeGame.Checkpoint>.self,
            from: JSONSerialization.data(withJSONObject: json))
        var fresh = CoreHarness<TicTacToeGame>(setup: Tables.setup(turnSeconds: 30), settings: .o)
        let takenDamaged = fresh.core.restore(damaged)
        #expect(!takenDamaged)
        #expect(fresh.core.status == .waiting)
        // The same checkpoint as it was is taken up.
        let taken = fresh.core.restore(checkpoint)
        #expect(taken)
    }

    /// True when `table` is at the point `cut` names.
    static func isAt(_ cut: Cut, _ table: CoreHarness<TicTacToeGame>, last: Cut?) -> Bool {
        let job = table.jobs.first
        switch cut {
        case .seatBotThinking:
            return job.map { !$0.timedOut && table.core.game.match.moves.count >= 2 } ?? false
        case .timedOutBotThinking:
            return job.map { $0.timedOut && table.core.seats[$0.seat].bot == nil } ?? false
        case .personsTurn:
            guard let deadline = table.core.deadline, job == nil else { return false }
            return table.core.game.seatToAct == 0 && deadline - table.now < 30_000
        case .afterRestart:
            return last == .afterRestart && job != nil
        }
    }

    /// One step of ann's play, the same at both tables for the same `index`: held bots
    /// answer; between rounds she asks for another; on her turn she marks the first free
    /// cell, lets a little time or all of it go by, or asks to restart. Returns
    /// ``Cut/afterRestart`` when she restarted.
    @discardableResult
    static func step(_ table: inout CoreHarness<TicTacToeGame>, _ index: Int) -> Cut? {
        if !table.jobs.isEmpty {
            table.runHeldJobs()
            return nil
        }
        let game = table.core.game
        guard game.seatToAct == 0, let deadline = table.core.deadline else {
            if game.match.result != nil { table.request(People.ann, .move(.again), id: index) }
            table.advance(to: table.now + 1_000)
            return nil
        }
        switch index % 7 {
        case 2:
            table.advance(to: deadline)
        case 4 where deadline - table.now == 30_000:
            table.advance(to: table.now + 4_000)
        case 5:
            table.request(People.ann, .move(.restart), id: index)
            return .afterRestart
        default:
            let free = (0..<9).first { game.match.board[$0] == nil } ?? 0
            table.request(People.ann, .move(.mark(free)), id: index)
        }
        return nil
    }

    /// A new table taking up `checkpoint` through JSON, as the journal keeps it.
    static func restored(
        from checkpoint: TableCheckpoint<TicTacToeGame.Checkpoint>, setup: TableSetup
    ) throws -> CoreHarness<TicTacToeGame> {
        let json = try JSONEncoder().encode(checkpoint)
        let decoded = try JSONDecoder().decode(
            TableCheckpoint<TicTacToeGame.Checkpoint>.self, from: json)
        var restored = CoreHarness<TicTacToeGame>(setup: setup, settings: .x, master: 99)
        restored.autoBots = false
        let taken = restored.core.restore(decoded)
        #expect(taken)
        return restored
    }
}
