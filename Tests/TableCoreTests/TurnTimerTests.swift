import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// Turn timers, timeouts and away, driven by an injected clock: no test waits.
@Suite("Turn timers and away")
struct TurnTimerTests {
    /// Ann alone with three bots, her turn up next.
    static func annToAct(turnSeconds: Int = 10) throws -> CoreHarness<BigTwoGame> {
        var table = Tables.bigTwo(turnSeconds: turnSeconds)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.eve, .watch(name: "eve"))
        table.request(People.ann, .start)
        try table.runUntilTurn(of: People.ann)
        return table
    }

    @Test("a person's turn has a deadline; running out moves for them with timed_out")
    func timeoutMovesForThePerson() throws {
        var table = try Self.annToAct()
        let deadline = try #require(table.timers[.turn])
        #expect(deadline == table.now + 10_000)
        #expect(table.core.deadline == deadline)
        table.clearReceived()
        table.advance(to: deadline - 1)
        #expect(table.events(of: People.ann).isEmpty)
        table.advance(to: deadline)
        let timedOut = table.events(of: People.ann).contains { event in
            switch event {
            case .play(let notice): notice.seat == 0 && notice.timedOut == true
            case .pass(let notice): notice.seat == 0 && notice.timedOut == true
            default: false
            }
        }
        #expect(timedOut)
        #expect(table.core.seats[0].timeouts == 1)
        #expect(table.core.seats[0].isHuman)
    }

    @Test("the seat to act, and no one else, is warned 10 s before its deadline")
    func warningBeforeTheDeadline() throws {
        var table = try Self.annToAct(turnSeconds: 30)
        let deadline = try #require(table.timers[.turn])
        #expect(table.timers[.warning] == deadline - 10_000)
        table.clearReceived()
        table.advance(to: deadline - 10_001)
        #expect(table.events(of: People.ann).isEmpty)
        table.advance(to: deadline - 10_000)
        let warning = TurnTimerNotice(table: 1, seat: 0, secondsLeft: 10, deadline: deadline)
        #expect(table.events(of: People.ann) == [.timer(warning)])
        #expect(table.events(of: People.eve).isEmpty)
        table.autoBots = false
        table.request(People.ann, .move(try #require(table.firstLegalMove)))
        #expect(table.timers[.warning] == nil)
    }

    @Test("a turn of 10 s or less gets no warning")
    func noWarningOnShortTurns() throws {
        let table = try Self.annToAct()
        #expect(table.timers[.turn] != nil)
        #expect(table.timers[.warning] == nil)
    }

    @Test("after two timeouts in a row a bot plays for the person until they send a request")
    func awayAfterTimeoutsThenBack() throws {
        var table = try Self.annToAct()
        table.advance(to: try #require(table.timers[.turn]))
        try table.runUntilTurn(of: People.ann)
        // The bot's move for the second timeout is held back, so the turn is still hers.
        table.autoBots = false
        table.clearReceived()
        table.advance(to: try #require(table.timers[.turn]))
        let away = table.events(of: People.ann).contains {
            if case .seat(let control) = $0 { return control.reason == "timeouts" && control.bot }
            return false
        }
        #expect(away)
        #expect(table.core.seats[0].away)
        #expect(table.timers[.turn] == nil)
        table.clearReceived()
        table.request(People.ann, .state, id: 9)
        let events = table.events(of: People.ann)
        let back = events.contains {
            if case .seat(let control) = $0 { return control.reason == "returned" && !control.bot }
            return false
        }
        #expect(back)
        #expect(!table.core.seats[0].away)
        #expect(table.isTurn(of: People.ann))
        #expect(table.timers[.turn] == table.now + 10_000)
        let reply = try #require(table.received[People.ann]?.last { $0.id == .number(9) })
        guard case .state(let snapshot) = reply.event else {
            throw ProjectionFailure("the reply is not a state")
        }
        #expect(snapshot.hand?.isEmpty == false)
    }

    @Test("an all-bot table has no timer, but once a person sits down turns are timed")
    func personAtAnAllBotTableIsTimed() throws {
        var table = Tables.bigTwo(turnSeconds: 0, allBots: true)
        table.autoBots = false
        table.request(People.ann, .startAllBots)
        #expect(table.core.makeInfo().turnSeconds == 0)
        table.request(People.bob, .join(name: "bob", seat: 1))
        #expect(table.core.makeInfo().turnSeconds == 30)
        table.play([]) { $0.isTurn(of: People.bob) || $0.finished }
        #expect(table.isTurn(of: People.bob))
        #expect(table.timers[.turn] == table.now + 30_000)
    }
}
