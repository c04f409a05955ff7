import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// What a table takes: watchers up to its cap, chat up to its room rate, and a seat kept for
/// a dropped person only briefly while the table has not started.
@Suite struct TableLimitsTests {
    private static func table(
        maxWatchers: Int? = nil, chatRate: ChatRate = .unlimited,
        waitingReconnect: Milliseconds? = nil
    ) -> CoreHarness<BigTwoGame> {
        let setup = TableSetup(
            id: 1, name: "test", botLevel: .greedy, turnSeconds: 10, personTurnSeconds: 30,
            botDelay: 0, reconnect: 300_000, waitingReconnect: waitingReconnect,
            maxWatchers: maxWatchers, chatRate: chatRate)
        return CoreHarness(
            setup: setup, settings: BigTwoGame.Settings(options: .standard, rulesName: "standard"))
    }

    private static func errors(_ table: CoreHarness<BigTwoGame>, of session: SessionID)
        -> [ErrorCode]
    {
        table.events(of: session).compactMap { event in
            if case .error(let reply) = event { return reply.code }
            return nil
        }
    }

    @Test func aTableTakesWatchersUpToItsCap() {
        var table = Self.table(maxWatchers: 2)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.bob, .watch(name: "bob"))
        table.request(People.eve, .watch(name: "eve"))
        table.request(People.hop, .watch(name: "hop"), id: 9)
        #expect(table.core.watchers == [People.bob, People.eve])
        #expect(table.places[People.hop] == nil)
        #expect(Self.errors(table, of: People.hop) == [.tooManyWatchers])
        table.request(People.bob, .leave(reply: true))
        table.request(People.hop, .watch(name: "hop"))
        #expect(table.core.watchers == [People.eve, People.hop])
    }

    @Test func aTableTakesChatUpToItsRoomRate() {
        var table = Self.table(chatRate: ChatRate(perSecond: 2, burst: 3))
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.bob, .join(name: "bob", seat: 1))
        table.clearReceived()
        for index in 0..<5 {
            table.request(index % 2 == 0 ? People.ann : People.bob, .chat("line \(index)"))
        }
        let heard = table.events(of: People.ann).filter {
            if case .chat = $0 { return true }
            return false
        }
        #expect(heard.count == 3)
        #expect(Self.errors(table, of: People.ann) == [.chatBusy])
        #expect(Self.errors(table, of: People.bob) == [.chatBusy])
        table.advance(to: table.now + 500)
        table.request(People.bob, .chat("after a pause"))
        #expect(Self.errors(table, of: People.bob) == [.chatBusy])
        #expect(table.events(of: People.ann).filter {
            if case .chat(let chat) = $0 { return chat.text == "after a pause" }
            return false
        }.count == 1)
    }

    @Test func aWaitingTableItsCreatorLeftEndsAfterTheShortWait() {
        var table = Self.table(waitingReconnect: 30_000)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .disconnected)
        #expect(table.timers[.release(People.ann)] == table.now + 30_000)
        table.advance(to: table.now + 30_000)
        #expect(table.finished)
    }

    @Test func aTableInPlayKeepsADroppedSeatTheWholeReconnectTime() {
        var table = Self.table(waitingReconnect: 30_000)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.bob, .join(name: "bob", seat: 1))
        table.request(People.ann, .start)
        table.request(People.bob, .disconnected)
        #expect(table.timers[.release(People.bob)] == table.now + 300_000)
    }

    @Test func aChatRateRefillsWithTime() {
        var rate = ChatRate(perSecond: 10, burst: 2)
        var taken: [Bool] = []
        for time: Milliseconds in [0, 0, 0, 50, 100, 10_000, 10_000, 10_000] {
            taken.append(rate.admit(at: time))
        }
        #expect(taken == [true, true, false, false, true, true, true, false])
        var open = ChatRate.unlimited
        var all = true
        for _ in 0..<1000 { all = all && open.admit(at: 0) }
        #expect(all)
    }
}
