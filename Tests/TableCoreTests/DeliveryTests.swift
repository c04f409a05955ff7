import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// The core says which copies may wait: game broadcasts may, the prompt to act (for the
/// person asked) and results may not, and nothing that is not a game event ever waits.
@Suite("Delivery of table messages")
struct DeliveryTests {
    @Test("a turn prompts only the person at its seat; plays may wait; results and notices may not")
    func bigTwoDelivery() throws {
        var table = Tables.bigTwo(games: 1)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.eve, .watch(name: "eve"))
        table.request(People.ann, .start)
        table.play([People.ann], step: 10_000) { $0.finished }
        #expect(table.finished)
        var seen: Set<String> = []
        for outbound in table.sent {
            let event = outbound.projected(for: try #require(outbound.recipients.first))
            seen.insert(event.type)
            switch (outbound.message, event) {
            case (.game, .turn(let turn)):
                // Ann created the table and holds seat 0; bots hold the others.
                let expected: Delivery = turn.seat == 0 ? .prompt(People.ann) : .mayWait
                #expect(outbound.delivery == expected, "turn of seat \(turn.seat)")
            case (.game, .dealEnd):
                #expect(outbound.delivery == .now)
            case (.game, _):
                #expect(outbound.delivery == .mayWait, "\(event.type)")
            default:
                #expect(outbound.delivery == .now, "\(event.type)")
            }
        }
        #expect(seen.isSuperset(of: ["deal_start", "turn", "play", "pass", "deal_end", "table"]))
    }

    @Test("a copy is urgent for the prompted session only")
    func urgency() {
        #expect(Delivery.now.isUrgent(for: People.ann))
        #expect(!Delivery.mayWait.isUrgent(for: People.ann))
        #expect(Delivery.prompt(People.ann).isUrgent(for: People.ann))
        #expect(!Delivery.prompt(People.ann).isUrgent(for: People.eve))
    }

    @Test("a turn a bot takes for a person away does not prompt them; their return does")
    func awayAndBack() throws {
        var table = Tables.bigTwo(turnSeconds: 0)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        try table.runUntilTurn(of: People.ann)
        table.autoBots = false
        table.sent = []
        table.request(People.ann, .disconnected)
        #expect(table.sent.map(\.delivery).contains(.mayWait))
        #expect(!table.sent.map(\.delivery).contains(.prompt(People.ann)))
        table.sent = []
        table.request(People.ann, .returned)
        let turns = table.sent.filter { outbound in
            if case .game = outbound.message { return true }
            return false
        }
        #expect(turns.map(\.delivery) == [.prompt(People.ann)])
    }
}
