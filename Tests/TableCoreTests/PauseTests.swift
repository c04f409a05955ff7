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

    /// The `ready_check` notices a session received, in order.
    static func checks(_ table: CoreHarness<BigTwoGame>, _ session: SessionID) -> [ReadyCheck] {
        table.events(of: session).compactMap {
            if case .readyCheck(let check) = $0 { return check }
            return nil
        }
    }

    @Test("ready_check tells everyone when the pause ends and who is ready")
    func readyCheckTellsThePause() throws {
        var table = try Self.afterFirstDeal()
        let due = try #require(table.timers[.nextGame])
        #expect(Self.checks(table, People.ann) == [ReadyCheck(table: 1, deadline: due, ready: [])])
        #expect(Self.checks(table, People.bob) == [ReadyCheck(table: 1, deadline: due, ready: [])])
        // It comes after the deal's end, which the page shows under it.
        let annEvents = table.events(of: People.ann).map(\.type)
        #expect(annEvents.lastIndex(of: "ready_check")! > annEvents.lastIndex(of: "deal_end")!)
        table.clearReceived()
        table.request(People.bob, .ready)
        table.request(People.bob, .ready)
        #expect(Self.checks(table, People.ann) == [ReadyCheck(table: 1, deadline: due, ready: [1])])
        table.clearReceived()
        table.request(People.ann, .state, id: 7)
        #expect(table.events(of: People.ann).map(\.type) == ["state", "ready_check"])
        table.clearReceived()
        table.request(People.ann, .ready)
        #expect(Self.checks(table, People.ann).isEmpty)
        #expect(table.core.game.dealNumber == 2)
        table.clearReceived()
        table.request(People.ann, .state, id: 8)
        #expect(table.events(of: People.ann).map(\.type) == ["state"])
    }

    @Test("no ready_check without a pause, or at an all-bot table")
    func noReadyCheckWithoutAPause() throws {
        var table = Tables.bigTwo(turnSeconds: 0, games: 3, pause: 0)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        table.play([People.ann]) { $0.core.game.match.dealsPlayed == 1 }
        #expect(Self.checks(table, People.ann).isEmpty)
        var bots = Tables.bigTwo(turnSeconds: 0, games: 2, allBots: true, pause: 5_000)
        bots.request(People.ann, .startAllBots)
        bots.request(People.eve, .watch(name: "eve"))
        bots.play([]) { $0.core.game.match.dealsPlayed == 1 }
        #expect(Self.checks(bots, People.eve).isEmpty)
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
