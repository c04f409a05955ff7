import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// A person who resumes in the middle of a timed turn learns its deadline from the snapshot,
/// as a Big Two snapshot's `deal` carries it, instead of only from the next warning: every
/// kind's view carries it under the same name.
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

    /// Seats ann, starts the table and lets `wait` milliseconds of her turn go by.
    static func begin<Game: TableGame>(_ table: inout CoreHarness<Game>, wait: Milliseconds) {
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        table.advance(to: table.now + wait)
    }

    @Test("a tic-tac-toe snapshot carries the turn's deadline")
    func ticTacToe() throws {
        var table = CoreHarness<TicTacToeGame>(
            setup: Tables.setup(turnSeconds: 30), settings: .o)
        Self.begin(&table, wait: 4_000)
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
        Self.begin(&table, wait: 4_000)
        let deadline = try #require(table.core.deadline)
        let view = try #require(try Self.snapshot(&table).memory)
        #expect(view.seatToFlip == 0)
        #expect(view.deadline == deadline)
    }

    @Test("an E-Card and a roulette snapshot carry the turn's deadline")
    func eCardAndRoulette() throws {
        var eCard = Tables.eCard(turnSeconds: 30)
        Self.begin(&eCard, wait: 4_000)
        let eCardView = try #require(try Self.snapshot(&eCard).ecard)
        #expect(eCardView.seatToLay == 0)
        #expect(eCardView.deadline == eCard.core.deadline)
        #expect(eCardView.deadline != nil)
        var roulette = CoreHarness<RouletteGame>(
            setup: Tables.setup(turnSeconds: 30), settings: RouletteOptions(seats: 2))
        Self.begin(&roulette, wait: 4_000)
        let rouletteView = try #require(try Self.snapshot(&roulette).roulette)
        #expect(rouletteView.seatToBet == 0)
        #expect(rouletteView.deadline == roulette.core.deadline)
        #expect(rouletteView.deadline != nil)
    }

    @Test("an untimed table's snapshot carries no deadline")
    func untimed() throws {
        var table = CoreHarness<TicTacToeGame>(setup: Tables.setup(turnSeconds: 0), settings: .o)
        Self.begin(&table, wait: 0)
        let view = try #require(try Self.snapshot(&table).tictactoe)
        #expect(view.seatToMove == 0)
        #expect(view.deadline == nil)
    }
}
