import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// A person who resumes in the middle of a timed turn learns its deadline from the snapshot,
/// as a Big Two snapshot's `deal` carries it, instead of only from the next warning.
@Suite struct SnapshotDeadlineTests {
    /// The snapshot ann gets when she asks for one now.
    static func snapshot<Game: TableGame>(_ table: inout CoreHarness<Game>) throws -> Snapshot {
        table.clearReceived()
        table.request(People.ann, .state, id: 9)
        let event = try #require(table.events(of: People.ann).last)
        guard case .state(let snapshot) = event else { throw SnapshotMissing() }
        return snapshot
    }

    struct SnapshotMissing: Error {}

    @Test("a tic-tac-toe snapshot carries the turn's deadline")
    func ticTacToe() throws {
        var table = CoreHarness<TicTacToeGame>(
            setup: Tables.setup(turnSeconds: 30), settings: .o)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        table.advance(to: table.now + 4_000)
        let deadline = try #require(table.core.deadline)
        let view = try #require(try Self.snapshot(&table).tictactoe)
        #expect(view.seatToMove == 0)
        #expect(view.deadline == deadline)
        // Once ann has marked, the bot's move is awaited: no person's turn runs.
        table.autoBots = false
        table.request(People.ann, .move(.mark(4)))
        #expect(try #require(try Self.snapshot(&table).tictactoe).deadline == nil)
    }

    @Test("a memory snapshot carries the turn's deadline")
    func memory() throws {
        var table = CoreHarness<MemoryGame>(
            setup: Tables.setup(turnSeconds: 30), settings: MemoryOptions(pairs: 3, seats: 2))
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        table.advance(to: table.now + 4_000)
        let deadline = try #require(table.core.deadline)
        let view = try #require(try Self.snapshot(&table).memory)
        #expect(view.seatToFlip == 0)
        #expect(view.deadline == deadline)
    }

    @Test("an untimed table's snapshot carries no deadline")
    func untimed() throws {
        var table = CoreHarness<TicTacToeGame>(setup: Tables.setup(turnSeconds: 0), settings: .o)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        let view = try #require(try Self.snapshot(&table).tictactoe)
        #expect(view.seatToMove == 0)
        #expect(view.deadline == nil)
    }
}
