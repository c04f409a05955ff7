import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// Game broadcasts to people not asked to act may wait up to the broadcast delay; only their
/// timing changes. These play over real sockets: ann at seat 0 with three bots, bob watching.
@Suite("Deferred table broadcasts")
struct BroadcastDelayTests {
    /// Long enough that nothing held could leave at a tick of the flush ticker during a test.
    static let forever = 600_000

    @Test(
        "every connection gets the same lines, in the same order, whatever the delay",
        arguments: [10, forever])
    func sameLinesWhateverTheDelay(delay: Int) throws {
        let today = try Self.oneDeal(delay: 0)
        let deferred = try Self.oneDeal(delay: delay)
        #expect(deferred.ann == today.ann)
        #expect(deferred.bob == today.bob)
        #expect(today.bob.contains { $0.contains(#""type":"play""#) })
    }

    @Test("what a watcher was held leaves at a tick of the flush ticker while the table waits for a person")
    func flushTickerSendsWhatWaits() throws {
        let server = try TestServer(seed: 7, broadcastDelayMilliseconds: 20)
        let (ann, bob) = try Self.annPlaysBobWatches(server)
        #expect(try bob.gameEvents(untilTurnOf: 0) == ann.gameEvents(untilTurnOf: 0))
        // Ann moves and the bots answer until it is her turn again: bob is sent nothing but
        // game events that may wait, and then the table waits for ann. Nothing but the flush
        // ticker can send bob what it held.
        try ann.send(ann.legalMove(in: try ann.state()))
        let annSaw = try ann.gameEvents(untilTurnOf: 0)
        #expect(try bob.gameEvents(untilTurnOf: 0) == annSaw)
    }

    @Test("a prompt to act never waits: a person plays a whole deal while everything else is held")
    func promptsNeverWait() throws {
        let server = try TestServer(seed: 7, broadcastDelayMilliseconds: Self.forever)
        let (ann, bob) = try Self.annPlaysBobWatches(server)
        ann.seat = 0
        let end = try ann.playDeal()
        // The result leaves at once, with everything held before it.
        let result = try bob.waitFor("deal_end")
        if case .dealEnd(let seen) = result.event {
            #expect(seen.seed == end.seed)
        } else {
            Issue.record("not a deal_end: \(result.event.type)")
        }
    }

    @Test("a watcher's request, and leaving, bring everything held before the answer")
    func requestsAndLeavingFlush() throws {
        let server = try TestServer(seed: 7, broadcastDelayMilliseconds: Self.forever)
        let (ann, bob) = try Self.annPlaysBobWatches(server)
        let annSaw = try ann.gameEvents(untilTurnOf: 0)
        try bob.request("state", expect: "state")
        #expect(try bob.gameEvents(untilTurnOf: 0) == annSaw)

        // Ann moves; the bots answer until it is her turn again, all of it held for bob.
        try ann.send(ann.legalMove(in: try ann.state()))
        let annSawNext = try ann.gameEvents(untilTurnOf: 0)
        try bob.send("leave")
        var bobSawNext: [String] = []
        while true {
            let message = try bob.next()
            if message.event.type == "left" { break }
            if let event = BroadcastDelayTests.gameEvent(message.event) { bobSawNext.append(event) }
        }
        #expect(bobSawNext == annSawNext)
    }

    @Test("a move comes back to its maker within the delay, while the table waits for another person")
    func ownMoveLeavesAtAFlushTick() throws {
        let server = try TestServer(seed: 7, broadcastDelayMilliseconds: 20)
        let (ann, bob) = try Self.ticTacToe(server)
        // A plain mark carries no id: its echo is a broadcast, yet it answers ann's request.
        try ann.send("mark 5")
        let echo = try ann.waitFor("tictactoe_mark")
        if case .tictactoeMark(let mark) = echo.event {
            #expect(mark.seat == 0 && mark.board == "....o....")
        } else {
            Issue.record("not a mark: \(echo.event.type)")
        }
        // Bob's prompt brings the mark held for him before it.
        #expect(try Self.marksAndTurns(of: bob, until: 1) == ["turn 0", "mark 0", "turn 1"])
    }

    @Test("at a quick table a move's echo comes with its maker's next prompt, in order")
    func ownMoveWaitsForTheNextPrompt() throws {
        let server = try TestServer(seed: 7, broadcastDelayMilliseconds: Self.forever)
        let (ann, bob) = try Self.ticTacToe(server)
        try ann.send(#"{"id":1,"type":"mark","cell":5}"#)
        #expect(try Self.marksAndTurns(of: bob, until: 1) == ["turn 0", "mark 0", "turn 1"])
        // Bob has his prompt, sent after ann's echo: the echo is still held.
        #expect(!ann.client.hasUnreadInput)
        try bob.send("mark 1")
        // Ann's echo comes with her next prompt, after bob's turn and mark.
        #expect(try Self.marksAndTurns(of: ann, until: 0) == ["mark 0", "turn 1", "mark 1", "turn 0"])
        #expect(ann.lines.contains { $0.contains(#""id":1"#) && $0.contains("tictactoe_mark") })
    }

    /// Ann (o, to move) and bob at a tic-tac-toe table with `turnSeconds` per turn (0: no
    /// limit), after ann's first prompt.
    static func ticTacToe(_ server: TestServer, turnSeconds: Int = 0) throws
        -> (ann: TestPlayer, bob: TestPlayer)
    {
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        try ann.request("create tictactoe first=o turn=\(turnSeconds)", expect: "created")
        try bob.request("join 1", expect: "joined")
        try ann.request("start", expect: "table")
        try ann.waitFor("tictactoe_turn")
        return (ann, bob)
    }

    /// The marks and turns `player` reads, as `mark SEAT` and `turn SEAT`, up to the turn of
    /// `seat`.
    static func marksAndTurns(of player: TestPlayer, until seat: Int) throws -> [String] {
        var seen: [String] = []
        while seen.last != "turn \(seat)" {
            switch try player.next().event {
            case .tictactoeMark(let mark): seen.append("mark \(mark.seat)")
            case .tictactoeTurn(let turn): seen.append("turn \(turn.seat)")
            default: break
            }
        }
        return seen
    }

    /// A server with the given delay where ann plays one deal of Big Two with bots while bob
    /// watches: every line each of them read after their welcome, up to the deal's end.
    static func oneDeal(delay: Int) throws -> (ann: [String], bob: [String]) {
        let server = try TestServer(seed: 7, broadcastDelayMilliseconds: delay)
        let (ann, bob) = try annPlaysBobWatches(server)
        ann.seat = 0
        _ = try ann.playDeal()
        try bob.waitFor("deal_end")
        return (Array(ann.lines.dropFirst()), Array(bob.lines.dropFirst()))
    }

    /// Ann creates a Big Two table without turn timers, bob watches it, ann starts it.
    static func annPlaysBobWatches(_ server: TestServer) throws -> (TestPlayer, TestPlayer) {
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        try ann.request("create turn=0", expect: "created")
        try bob.request("watch 1", expect: "watching")
        try ann.request("start", expect: "table")
        return (ann, bob)
    }

    /// A game event as `type seat`, or nil for anything else.
    static func gameEvent(_ event: ServerEvent) -> String? {
        switch event {
        case .dealStart: "deal_start"
        case .play(let play): "play \(play.seat)"
        case .pass(let pass): "pass \(pass.seat)"
        case .trick(let trick): "trick \(trick.leader)"
        case .turn(let turn): "turn \(turn.seat)"
        default: nil
        }
    }
}

extension TestPlayer {
    /// The game events read until the `turn` of `seat`, as ``BroadcastDelayTests/gameEvent(_:)``
    /// names them.
    fileprivate func gameEvents(untilTurnOf seat: Int) throws -> [String] {
        var events: [String] = []
        while true {
            let event = try next().event
            guard let name = BroadcastDelayTests.gameEvent(event) else { continue }
            events.append(name)
            if name == "turn \(seat)" { return events }
        }
    }
}
