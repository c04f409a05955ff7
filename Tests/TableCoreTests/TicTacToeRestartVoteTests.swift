import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// A `restart` vote that does not restart yet changes nothing of the turn, and one said again
/// changes nothing at all.
@Suite struct TicTacToeRestartVoteTests {
    /// Ann (O, first) and bob at a timed table, the first round begun.
    static func annAndBob() -> CoreHarness<TicTacToeGame> {
        var table = CoreHarness<TicTacToeGame>(
            setup: Tables.setup(turnSeconds: 30), settings: .o)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.bob, .join(name: "bob", seat: 1))
        table.request(People.ann, .start)
        return table
    }

    @Test("a lone restart vote neither prompts the turn again nor gives it more time")
    func loneVoteKeepsTheTurn() throws {
        var table = Self.annAndBob()
        table.request(People.ann, .move(.mark(0)))
        let deadline = table.core.deadline
        table.now += 5_000
        table.clearReceived()
        table.request(People.bob, .move(.restart), id: 3)
        for person in [People.ann, People.bob] {
            let types = table.events(of: person).map(\.type)
            #expect(types == ["tictactoe_restart"], "\(person): \(types)")
        }
        #expect(table.core.deadline == deadline)
        #expect(table.core.game.seatToAct == 1)
    }

    @Test("a restart vote said again is answered and changes nothing, so writes nothing")
    func repeatedVoteChangesNothing() throws {
        var table = Self.annAndBob()
        table.request(People.ann, .move(.restart), id: 1)
        #expect(!table.core.changedNothing)
        table.clearReceived()
        table.request(People.ann, .move(.restart), id: 2)
        #expect(table.core.changedNothing)
        let types = table.events(of: People.ann).map(\.type)
        #expect(types == ["tictactoe_restart"])
        #expect(table.core.game.match.restartVotes == [0])
        // Bob's vote is the one that restarts, and is kept.
        table.request(People.bob, .move(.restart), id: 3)
        #expect(!table.core.changedNothing)
        #expect(table.core.game.match.restartVotes.isEmpty)
    }
}
