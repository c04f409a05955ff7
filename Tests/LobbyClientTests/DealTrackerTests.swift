import CardGames
import LobbyClient
import LobbyProtocol
import Testing

@Suite struct DealTrackerTests {
    /// The live deal follows every event of many deals from every seat without a replay:
    /// after each event it still applies, and at each of the seat's turns its view is the
    /// real one.
    @Test(arguments: 0..<4)
    func theLiveDealKeepsUpWithEveryEventOfManyDeals(seat: Int) {
        var turnsChecked = 0
        for masterSeed in UInt64(100)..<140 {
            let script = ScriptedDeal(masterSeed: masterSeed, seat: seat)
            var state = SessionState()
            for (message, truth) in script.messages {
                state.apply(message)
                if case .dealEnd = message.event { continue }
                #expect(state.deal?.reconstructedDeal() != nil, "seed \(masterSeed)")
                guard case .turn(let notice) = message.event, notice.seat == seat else {
                    continue
                }
                let view = state.deal?.view()
                let real = truth.view(for: seat)
                #expect(view?.hand == real.hand)
                #expect(view?.cardCounts == real.cardCounts)
                #expect(view?.tablePlay == real.tablePlay)
                #expect(view?.tableSeat == real.tableSeat)
                #expect(view?.currentSeat == real.currentSeat)
                #expect(view?.passedMask == real.passedMask)
                #expect(view?.playedCards == real.playedCards)
                #expect(view?.requiredCard == real.requiredCard)
                turnsChecked += 1
            }
            #expect(state.violations.isEmpty, "seed \(masterSeed)")
            #expect(state.finishedGames == 1)
        }
        #expect(turnsChecked > 100)
    }

    @Test func aTamperedSeedIsAViolation() {
        var script = ScriptedDeal(masterSeed: 8, seat: 0)
        guard case .dealEnd(var end) = script.messages.last!.0.event else {
            Issue.record("no deal_end")
            return
        }
        end.seed = DealSeed.derived(masterSeed: 8, dealNumber: 2).hex
        script.messages[script.messages.count - 1].0 = ServerMessage(.dealEnd(end))
        var state = SessionState()
        for (message, _) in script.messages { state.apply(message) }
        #expect(state.violations.contains { $0.contains("commitment") })
    }

    @Test func aTurnOutOfOrderIsAViolation() {
        var script = ScriptedDeal(masterSeed: 9, seat: 0)
        let index = script.messages.firstIndex {
            if case .turn = $0.0.event { return true }
            return false
        }!
        guard case .turn(var notice) = script.messages[index].0.event else {
            Issue.record("expected a 'turn' message")
            return
        }
        notice.seat = (notice.seat + 1) % 4
        script.messages[index].0 = ServerMessage(.turn(notice))
        var state = SessionState()
        for (message, _) in script.messages { state.apply(message) }
        #expect(state.violations.contains { $0.contains("out of turn") })
    }

    @Test func unequalScoresAreAViolation() {
        var script = ScriptedDeal(masterSeed: 10, seat: 1)
        guard case .dealEnd(var end) = script.messages.last!.0.event else {
            Issue.record("expected a 'dealEnd' message")
            return
        }
        end.totals[0] += 1
        script.messages[script.messages.count - 1].0 = ServerMessage(.dealEnd(end))
        var state = SessionState()
        for (message, _) in script.messages { state.apply(message) }
        #expect(state.violations.contains { $0.contains("sum to zero") })
    }

    /// The autoplayer answers its own turns, and says it is ready after a deal's end.
    @Test func autoplayerAnswersOnlyItsOwnTurns() {
        let script = ScriptedDeal(masterSeed: 11, seat: 2)
        var state = SessionState()
        var player = AutoPlayer(level: .greedy, seed: 1)
        var answers = 0
        for (message, truth) in script.messages {
            state.apply(message)
            guard let request = player.respond(to: message, in: state) else { continue }
            if case .dealEnd = message.event {
                #expect(request == .ready)
                continue
            }
            answers += 1
            guard case .turn(let notice) = message.event else {
                Issue.record("answered a non-turn message")
                continue
            }
            #expect(notice.seat == 2)
            switch request {
            case .play(let cards): #expect((try? truth.validatePlay(CardSet(cards), by: 2)) != nil)
            case .pass: #expect(truth.canPass)
            default: Issue.record("unexpected request \(request)")
            }
        }
        #expect(answers > 0)
    }
}
