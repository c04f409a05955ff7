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
        let table = Self.oneBigTwoGame()
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

    @Test("a public projection is what every viewer gets; only a deal's or hand's start has none")
    func publicProjections() {
        #expect(Self.checkPublicProjections(Self.oneBigTwoGame().sent) == 1)
        var eCard = Tables.eCard(games: 1)
        eCard.request(People.ann, .sitCreator(name: "ann"))
        eCard.request(People.eve, .watch(name: "eve"))
        eCard.request(People.ann, .start)
        eCard.play([People.ann], step: 10_000) { $0.finished }
        #expect(Self.checkPublicProjections(eCard.sent) > 1)
    }

    /// A one-deal Big Two table played to its end by ann at seat 0 with bots, eve watching.
    static func oneBigTwoGame() -> CoreHarness<BigTwoGame> {
        var table = Tables.bigTwo(games: 1)
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.eve, .watch(name: "eve"))
        table.request(People.ann, .start)
        table.play([People.ann], step: 10_000) { $0.finished }
        return table
    }

    /// Checks that each message's public projection, if any, is what every kind of viewer
    /// gets, and that only the starts of deals and hands have none among game events; returns
    /// how many starts there were.
    static func checkPublicProjections<Game: TableGame>(_ sent: [Outbound<Game>]) -> Int {
        let viewers: [Viewer] = [
            .player(seat: 0), .player(seat: 1), .reserved(seat: 1), .watcher, .outsider,
        ]
        var starts = 0
        for outbound in sent {
            guard let shared = TableProjection.publicProjection(of: outbound.message) else {
                if case .game(let event) = outbound.message {
                    #expect(Game.startsDeal(event))
                    starts += 1
                }
                continue
            }
            for viewer in viewers {
                #expect(TableProjection.project(outbound.message, for: viewer) == shared)
            }
        }
        return starts
    }
}
