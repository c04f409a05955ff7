import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// The pause between deals at tables with people, cut short when every person is ready.
@Suite("Pause between deals")
struct PauseTests {
    /// Ann and Bob play a deal to its end; the table waits before the next.
    static func afterFirstDeal() throws -> CoreHarness<BigTwoGame> {
        var table = Tables.bigTwo(turnSeconds: 0, games: 3, pause: 5_000)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.bob, .join(name: "bob", seat: 1))
        table.request(People.ann, .start)
        table.play([People.ann, People.bob]) { $0.core.game.match.dealsPlayed == 1 }
        try #require(table.core.game.match.dealsPlayed == 1)
        return table
    }

    @Test("the next deal waits for the pause")
    func waitsForThePause() throws {
        var table = try Self.afterFirstDeal()
        let due = try #require(table.timers[.nextGame])
        #expect(due == table.now + 5_000)
        table.advance(to: due - 1)
        #expect(table.core.game.dealNumber == 1)
        table.advance(to: due)
        #expect(table.core.game.dealNumber == 2)
    }

    @Test("the pause ends once every connected person is ready")
    func readyEndsThePause() throws {
        var table = try Self.afterFirstDeal()
        table.request(People.ann, .ready)
        #expect(table.core.game.dealNumber == 1)
        table.request(People.eve, .ready)
        #expect(table.core.game.dealNumber == 1)
        table.request(People.bob, .ready)
        #expect(table.core.game.dealNumber == 2)
        #expect(table.timers[.nextGame] == nil)
    }

    @Test("a dropped person does not hold the others up")
    func droppedPersonIsNotWaitedFor() throws {
        var table = try Self.afterFirstDeal()
        table.request(People.bob, .disconnected)
        table.request(People.ann, .ready)
        #expect(table.core.game.dealNumber == 2)
    }

    @Test("an all-bot table does not pause")
    func allBotTablesDoNotPause() throws {
        var table = Tables.bigTwo(turnSeconds: 0, games: 2, allBots: true, pause: 5_000)
        table.request(People.ann, .startAllBots)
        #expect(table.timers[.nextGame] == table.now)
    }
}
