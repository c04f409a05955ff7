import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// A `restart` vote that does not restart yet changes nothing of the turn.
@Suite struct TicTacToeRestartVoteTests {
    @Test("a lone restart vote neither prompts the turn again nor gives it more time")
    func loneVoteKeepsTheTurn() throws {
        var table = CoreHarness<TicTacToeGame>(
            setup: Tables.setup(turnSeconds: 30), settings: .o)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.bob, .join(name: "bob", seat: 1))
        table.request(People.ann, .start)
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
}
