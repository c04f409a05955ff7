import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// Sessions the tests use.
enum People {
    static let ann = SessionID(1)
    static let bob = SessionID(2)
    static let eve = SessionID(3)
    static let hop = SessionID(4)
}

/// Tables ready to drive, with a 10 s turn timer and bots that answer at once.
enum Tables {
    static func setup(
        turnSeconds: Int = 10, games: Int? = nil, allBots: Bool = false,
        pause: Milliseconds = 0
    ) -> TableSetup {
        TableSetup(
            id: 1, name: "test", botLevel: .greedy, games: games, turnSeconds: turnSeconds,
            personTurnSeconds: 30, allBots: allBots, botDelay: 0, timeoutsBeforeAway: 2,
            reconnect: 60_000, pause: pause)
    }

    static func bigTwo(
        turnSeconds: Int = 10, games: Int? = nil, allBots: Bool = false, master: UInt64 = 7,
        pause: Milliseconds = 0
    ) -> CoreHarness<BigTwoGame> {
        CoreHarness(
            setup: setup(turnSeconds: turnSeconds, games: games, allBots: allBots, pause: pause),
            settings: BigTwoGame.Settings(options: .standard, rulesName: "standard"),
            master: master)
    }

    static func eCard(turnSeconds: Int = 10, games: Int? = nil, allBots: Bool = false)
        -> CoreHarness<ECardGame>
    {
        CoreHarness(
            setup: setup(turnSeconds: turnSeconds, games: games, allBots: allBots),
            settings: .standard)
    }
}

extension CoreHarness where Game == BigTwoGame {
    /// The first legal move of the seat to act, as a person would send it.
    var firstLegalMove: TableMove? {
        guard let deal = core.game.deal, !deal.isOver else { return nil }
        switch deal.legalMoves().first {
        case .play(let cards): return .play(cards.cards)
        case .pass: return .pass
        case nil: return nil
        }
    }
}

extension CoreHarness where Game == ECardGame {
    /// The first card of the seat to act.
    var firstLegalMove: TableMove? {
        guard let match = core.game.match, let seat = match.seatToLay else { return nil }
        return match.hand(of: seat).cards.first.map { .lay($0) }
    }
}

extension CoreHarness where Game == BigTwoGame {
    /// Plays on with `people` making the first legal move on their turns.
    mutating func play(
        _ people: [SessionID], step: Milliseconds = 0, before: [TableRequest] = [],
        until done: (Self) -> Bool
    ) {
        play(people: people, move: \.firstLegalMove, step: step, before: before, until: done)
    }
}

extension CoreHarness where Game == ECardGame {
    /// Plays on with `people` laying their first card on their turns.
    mutating func play(
        _ people: [SessionID], step: Milliseconds = 0, before: [TableRequest] = [],
        until done: (Self) -> Bool
    ) {
        play(people: people, move: \.firstLegalMove, step: step, before: before, until: done)
    }
}

extension CoreHarness {
    /// Runs held bots and moves time on by `step` until it is `session`'s turn.
    mutating func runUntilTurn(of session: SessionID, step: Milliseconds = 1) throws {
        var steps = 0
        while !isTurn(of: session) {
            steps += 1
            try #require(steps < 100)
            runHeldJobs()
            advance(to: now + step)
        }
    }

    /// The seat `session` holds, if any.
    func seat(of session: SessionID) -> Int? {
        core.seats.firstIndex { $0.session == session }
    }

    /// True when it is `session`'s turn and they play it in person.
    func isTurn(of session: SessionID) -> Bool {
        guard let seat = seat(of: session) else { return false }
        return core.game.seatToAct == seat && core.seats[seat].isHuman
    }
}
