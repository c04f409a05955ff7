import CardGames
import LobbyClient
import LobbyProtocol
import Testing
import TextMode

@Suite struct InputInterpreterTests {
    let style = CardStyle(colour: false)

    func table(kind: TableKind, seats: Int) -> TableInfo {
        TableInfo(
            id: 1, kind: kind, name: "t", status: .playing,
            seats: (0..<seats).map {
                SeatInfo(seat: $0, player: $0 == 0 ? "ann" : nil, bot: $0 != 0, connected: true)
            },
            rules: kind == .bigtwo ? "standard" : nil, options: kind == .bigtwo ? .standard : nil,
            ecard: kind == .ecard ? .standard : nil, bots: "greedy", spectators: 0,
            turnSeconds: 0, games: nil, gamesPlayed: 0, totals: Array(repeating: 0, count: seats))
    }

    /// The state at this seat's first turn to follow (not lead) in a scripted deal.
    func stateFollowing() throws -> SessionState {
        let script = ScriptedDeal(masterSeed: 21, seat: 0)
        var state = SessionState()
        state.apply(
            ServerMessage(.joined(TableNotice(table: table(kind: .bigtwo, seats: 4), seat: 0))))
        for (message, _) in script.messages {
            state.apply(message)
            if case .turn(let notice) = message.event, notice.seat == 0, !notice.leading,
                state.deal?.view()?.legalPlays().count ?? 0 > 1
            {
                return state
            }
        }
        throw InterpreterTestFailure()
    }

    struct InterpreterTestFailure: Error {}

    @Test func hintsGoWeakestFirstWithPassLast() throws {
        let state = try stateFollowing()
        guard case .show(let lines) = InputInterpreter.interpret("hint", state: state, style: style)
        else {
            Issue.record("hint did not show")
            return
        }
        #expect(lines.first == "legal plays, weakest first:")
        #expect(lines.last == "  pass")
        let plays = try #require(state.deal?.view()).legalPlays()
        let weakest = try #require(
            plays.min { ($0.cards.count, $0.strength) < ($1.cards.count, $1.strength) })
        let first = CardText.sorted(weakest.cards, by: .rank, options: .standard)
        #expect(lines[1].hasPrefix("  " + style.render(first)))
    }

    @Test func bareCardsWithOrWithoutSpacesPlay() throws {
        let state = try stateFollowing()
        let pair = [Card(.four, .diamonds), Card(.five, .diamonds)]
        #expect(
            InputInterpreter.interpret("4d5d", state: state, style: style) == .request(.play(pair)))
        #expect(
            InputInterpreter.interpret("4d 5d", state: state, style: style) == .request(.play(pair))
        )
        #expect(
            InputInterpreter.interpret("10h10s", state: state, style: style)
                == .request(.play([Card(.ten, .hearts), Card(.ten, .spades)])))
        #expect(InputInterpreter.interpret("pass", state: state, style: style) == .request(.pass))
        #expect(
            InputInterpreter.interpret("list", state: state, style: style)
                == .request(.list(ListQuery())))
    }

    @Test func sortBySuitChangesWhatNumbersMean() throws {
        let state = try stateFollowing()
        #expect(InputInterpreter.interpret("sort suit", state: state, style: style) == .sort(.suit))
        #expect(InputInterpreter.interpret("sort", state: state, style: style) == .sort(.rank))
        let hand = try #require(state.deal?.hand)
        let bySuit = CardStyle(colour: false, order: .suit)
        let shown = bySuit.sorted(hand, options: .standard)
        #expect(
            InputInterpreter.interpret("1", state: state, style: bySuit)
                == .request(.play([shown[0]])))
        let suits = shown.map { Suit.allCases.firstIndex(of: $0.suit)! }
        #expect(suits == suits.sorted())
    }

    @Test func eCardNamesLayAndPlayPointsToLay() {
        var state = SessionState()
        state.apply(
            ServerMessage(.joined(TableNotice(table: table(kind: .ecard, seats: 2), seat: 0))))
        #expect(
            InputInterpreter.interpret("emperor", state: state, style: style)
                == .request(.lay(.emperor)))
        #expect(
            InputInterpreter.interpret("Slave", state: state, style: style)
                == .request(.lay(.slave)))
        #expect(
            InputInterpreter.interpret("play emperor", state: state, style: style)
                == .show(["at an E-Card table you lay a card: type lay emperor, or just emperor"]))
        state.apply(
            ServerMessage(
                .ecardHand(
                    ECardHandNotice(
                        table: 1, hand: 1, emperorSeat: 0, seat: 0, side: "emperor",
                        cards: ["emperor", "citizen", "citizen", "citizen", "citizen"]))))
        #expect(
            InputInterpreter.interpret("hint", state: state, style: style)
                == .show(["you can lay: emperor, citizen"]))
    }

    @Test func aCellOrCardNumbersAloneMoveAtOnesOwnSmallGameTurn() {
        var ticTacToe = SessionState()
        ticTacToe.apply(
            ServerMessage(.joined(TableNotice(table: table(kind: .tictactoe, seats: 2), seat: 0))))
        ticTacToe.apply(
            ServerMessage(.tictactoeRound(TicTacToeRoundNotice(table: 1, round: 1, first: "x", score: [0, 0]))))
        ticTacToe.apply(
            ServerMessage(.tictactoeTurn(TicTacToeTurnNotice(table: 1, seat: 1, mark: "x", deadline: nil))))
        #expect(
            InputInterpreter.interpret("7", state: ticTacToe, style: style) != .request(.mark(cell: 6)),
            "not at the other seat's turn")
        ticTacToe.apply(
            ServerMessage(.tictactoeTurn(TicTacToeTurnNotice(table: 1, seat: 0, mark: "o", deadline: nil))))
        // Requests hold cells and cards from 0: b2, cell 5, is 4.
        #expect(InputInterpreter.interpret("b2", state: ticTacToe, style: style) == .request(.mark(cell: 4)))
        #expect(InputInterpreter.interpret("7", state: ticTacToe, style: style) == .request(.mark(cell: 6)))

        var memory = SessionState()
        memory.apply(
            ServerMessage(.joined(TableNotice(table: table(kind: .memory, seats: 2), seat: 0))))
        memory.apply(
            ServerMessage(.memoryStart(MemoryStartNotice(table: 1, game: 1, pairs: 3, commitment: ""))))
        memory.apply(
            ServerMessage(.memoryTurn(MemoryTurnNotice(table: 1, seat: 0, flip: 1, deadline: nil))))
        #expect(
            InputInterpreter.interpret("3 4", state: memory, style: style)
                == .request(.flip(cards: [2, 3])))
        #expect(InputInterpreter.interpret("2", state: memory, style: style) == .request(.flip(cards: [1])))
    }

    @Test func modeIsRefusedLocally() {
        guard
            case .show = InputInterpreter.interpret(
                "mode text", state: SessionState(), style: style)
        else {
            Issue.record("mode was sent")
            return
        }
    }
}

@Suite struct SessionStateTableLifeTests {
    @Test func seatEventsMarkAwayAndBack() {
        var state = SessionState()
        let info = TableInfo(
            id: 1, kind: .bigtwo, name: "t", status: .playing,
            seats: ["ann", "bob", "carol", nil].enumerated().map {
                SeatInfo(
                    seat: $0.offset, player: $0.element, bot: $0.element == nil,
                    connected: $0.element != nil)
            },
            rules: "standard", options: .standard, ecard: nil, bots: "greedy", spectators: 0,
            turnSeconds: 30, games: 3, gamesPlayed: 0, totals: [0, 0, 0, 0])
        state.apply(ServerMessage(.joined(TableNotice(table: info, seat: 2))))
        state.apply(
            ServerMessage(
                .seat(
                    SeatControl(table: 1, seat: 1, player: "bob", bot: true, reason: "disconnected")
                )))
        #expect(state.seatName(1) == "bob's bot")
        #expect(state.table?.seats[1].connected == false)
        #expect(state.recent.last == "a bot plays for bob")
        state.apply(
            ServerMessage(
                .seat(SeatControl(table: 1, seat: 1, player: "bob", bot: false, reason: "returned"))
            ))
        #expect(state.seatName(1) == "bob")
        #expect(state.table?.seats[1].connected == true)
    }

    @Test func theGameCounterAndTotalsMoveOnAfterADeal() {
        let script = ScriptedDeal(masterSeed: 5, seat: 0)
        var state = SessionState()
        let info = TableInfo(
            id: 1, kind: .bigtwo, name: "t", status: .waiting,
            seats: (0..<4).map {
                SeatInfo(seat: $0, player: "p\($0)", bot: false, connected: true)
            },
            rules: "standard", options: .standard, ecard: nil, bots: "greedy", spectators: 0,
            turnSeconds: 0, games: 3, gamesPlayed: 0, totals: [0, 0, 0, 0])
        state.apply(ServerMessage(.joined(TableNotice(table: info, seat: 0))))
        for (message, _) in script.messages { state.apply(message) }
        #expect(state.table?.gamesPlayed == 1)
        #expect(state.table?.totals == state.totals)
        let header = TableRenderer(style: CardStyle(colour: false)).render(
            state, nowMilliseconds: 0)[0]
        #expect(header.contains("game 2/3"))
    }
}
