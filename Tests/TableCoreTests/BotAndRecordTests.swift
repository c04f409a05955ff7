import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// Bot decisions computed away from the table, and records stored before results are told.
@Suite("Bot decisions and records")
struct BotAndRecordTests {
    @Test("a bot's late decision for a turn that moved on is ignored")
    func staleDecisionIsIgnored() throws {
        var table = Tables.bigTwo()
        table.autoBots = false
        table.request(People.ann, .sitCreator(name: "ann"))
        table.request(People.ann, .start)
        try table.runUntilTurn(of: People.ann)
        table.advance(to: try #require(table.timers[.turn]))
        let late = try #require(table.jobs.first)
        #expect(late.timedOut)
        table.jobs = []
        table.request(People.ann, .move(try #require(table.firstLegalMove)))
        let history = table.core.game.deal?.history.count
        table.clearReceived()
        table.feed(.botChose(late.run()))
        #expect(table.core.game.deal?.history.count == history)
        #expect(table.events(of: People.ann).isEmpty)
    }

    @Test("a deal's end is told only once its record is durable")
    func resultWaitsForTheRecord() throws {
        var table = Tables.bigTwo(turnSeconds: 0, games: 1, allBots: true)
        table.autoRecord = false
        table.request(People.ann, .startAllBots)
        table.request(People.eve, .watch(name: "eve"))
        table.settle()
        let held = try #require(table.heldRecords.first)
        #expect(held.record.kind == .bigtwo)
        #expect(!table.events(of: People.eve).contains { $0.type == "deal_end" })
        table.request(People.eve, .state)
        table.feed(.recorded(ticket: held.ticket, stored: held.record))
        #expect(table.events(of: People.eve).contains { $0.type == "deal_end" })
        #expect(table.finished)
    }

    @Test("the same inputs at the same times give the same messages")
    func deterministic() throws {
        func run() -> [String] {
            var table = Tables.eCard(turnSeconds: 5, games: 1)
            table.request(People.ann, .sitCreator(name: "ann"))
            table.request(People.ann, .start)
            table.play([], step: 5_000) { $0.finished }
            return table.events(of: People.ann).map {
                String(decoding: ServerMessageEncoder().line($0), as: UTF8.self)
            }
        }
        let first = run()
        #expect(first.contains { $0.contains("match_end") })
        #expect(first == run())
    }
}
