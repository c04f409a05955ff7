import CardGames
import LobbyClient
import LobbyProtocol
import Testing

@Suite struct RenderingTests {
    let hand = CardSet([Card(.two, .spades), Card(.three, .diamonds), Card(.ten, .hearts)])

    @Test func handWithoutColour() {
        let text = CardStyle(colour: false).renderHand(hand, options: .standard)
        #expect(text == "1:3♦ 2:10♥ 3:2♠")
    }

    @Test func handWithColourMarksRedSuitsOnly() {
        let text = CardStyle(colour: true).renderHand(hand, options: .standard)
        #expect(text == "1:\u{1B}[31m3♦\u{1B}[0m 2:\u{1B}[31m10♥\u{1B}[0m 3:2♠")
    }

    @Test func colourFollowsTerminalAndNoColour() {
        #expect(CardStyle.forTerminal(environment: [:], outputIsTerminal: true).colour)
        #expect(!CardStyle.forTerminal(environment: [:], outputIsTerminal: false).colour)
        #expect(
            !CardStyle.forTerminal(environment: ["NO_COLOR": "1"], outputIsTerminal: true).colour)
    }

    @Test func taiwanOrderSortsBySuitRank() {
        let pair = CardSet([Card(.three, .clubs), Card(.three, .diamonds)])
        let standard = CardStyle(colour: false).renderHand(pair, options: .standard)
        let taiwan = CardStyle(colour: false).renderHand(pair, options: .taiwan)
        #expect(standard == "1:3♦ 2:3♣")
        #expect(taiwan == "1:3♣ 2:3♦")
    }

    private func stateAtMyTurn() -> (SessionState, ScriptedDeal) {
        let script = ScriptedDeal(masterSeed: 21, seat: 0)
        var state = SessionState()
        for (message, _) in script.messages {
            state.apply(message)
            if case .turn(let notice) = message.event, notice.seat == 0 { break }
        }
        return (state, script)
    }

    @Test func tableShowsHandTurnAndCounts() {
        var (state, _) = stateAtMyTurn()
        state.table = TableInfo(
            id: 1, kind: .bigtwo, name: "t", status: .playing,
            seats: (0..<4).map {
                SeatInfo(seat: $0, player: $0 == 0 ? "ann" : nil, bot: $0 != 0, connected: true)
            },
            rules: "standard", options: .standard, ecard: nil, bots: "greedy", spectators: 0,
            turnSeconds: 60, games: nil, gamesPlayed: 0, totals: [0, 0, 0, 0])
        state.turn?.deadline = 10_000
        let lines = TableRenderer(style: CardStyle(colour: false))
            .render(state, nowMilliseconds: 5_000)
        let text = lines.joined(separator: "\n")
        #expect(text.contains("seat 0: ann (you) 13 cards"))
        #expect(text.contains("bot 1"))
        #expect(text.contains("5s left"))
        #expect(text.contains("your hand: 1:"))
    }

    @Test func inputByIndexCardsAndHint() {
        let (state, script) = stateAtMyTurn()
        let style = CardStyle(colour: false)
        let sorted = CardStyle.sorted(script.hands[0], options: .standard)
        #expect(
            InputInterpreter.interpret("1 2", state: state, style: style)
                == .request(.play([sorted[0], sorted[1]])))
        #expect(
            InputInterpreter.interpret("3d", state: state, style: style)
                == .request(.play([Card(.three, .diamonds)])))
        #expect(InputInterpreter.interpret("pass", state: state, style: style) == .request(.pass))
        #expect(
            InputInterpreter.interpret("list", state: state, style: style)
                == .request(.list(ListQuery())))
        guard case .show(let hints) = InputInterpreter.interpret("hint", state: state, style: style)
        else {
            Issue.record("hint did not show")
            return
        }
        #expect(hints.first == "legal plays, weakest first:")
        guard case .show(let bad) = InputInterpreter.interpret("99", state: state, style: style)
        else { return }
        #expect(bad.first?.contains("no card number 99") == true)
    }

    @Test func errorsAreExplained() {
        let text = ErrorExplanation.text(
            for: ErrorReply(code: .doesNotBeat, message: "a pair of 4s does not beat 5s"))
        #expect(
            text == "error (does_not_beat): a pair of 4s does not beat 5s; "
                + "type hint for the plays that beat it")
    }
}
