import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// The public description the core hands the lobby: sent whenever it changes, and only then.
@Suite("Table descriptions")
struct DescriptionTests {
    @Test("after every input the last description published is the table as it stands")
    func publishedDescriptionIsCurrent() throws {
        var table = Tables.bigTwo(turnSeconds: 0, games: 2)
        var inputs = 0
        func check(_ table: CoreHarness<BigTwoGame>) {
            #expect(table.infos.last == table.core.makeInfo())
        }
        table.request(People.ann, .sitCreator(name: "ann"))
        check(table)
        table.request(People.bob, .join(name: "bob", seat: nil))
        check(table)
        table.request(People.eve, .watch(name: "eve"))
        check(table)
        table.request(People.ann, .start)
        check(table)
        table.request(People.bob, .disconnected)
        check(table)
        table.request(People.bob, .returned)
        check(table)
        table.play([People.ann, People.bob]) { table in
            inputs += 1
            check(table)
            return table.core.status == .finished
        }
        #expect(inputs > 10)
        #expect(table.core.status == .finished)
        #expect(table.infos.last?.gamesPlayed == 2)
    }

    @Test("a card played that changes no seat, status or score publishes no description")
    func aMoveAloneIsNotPublished() throws {
        var table = Tables.bigTwo(turnSeconds: 0)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        try table.runUntilTurn(of: People.ann)
        let published = table.infos.count
        table.request(People.ann, .move(try #require(table.firstLegalMove)))
        #expect(table.core.game.deal?.isOver == false)
        #expect(table.infos.count == published)
    }
}
