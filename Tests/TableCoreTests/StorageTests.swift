import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// A table while the server cannot store results: it holds the result under way, tells its
/// members in plain words, begins no new game, refuses moves that would play one, and carries
/// on by itself once the storage works again.
@Suite("Storage failing")
struct StorageTests {
    private static let full = StorageCondition.failing(reason: "No space left on device")

    private static func notices(_ events: [ServerEvent]) -> [StorageNotice] {
        events.compactMap { if case .storage(let notice) = $0 { notice } else { nil } }
    }

    private static func dealsStarted(_ events: [ServerEvent]) -> Int {
        events.filter { $0.type == "deal_start" }.count
    }

    @Test func aTableHoldsItsResultAndBeginsNoDealUntilTheStorageWorks() throws {
        var table = Tables.bigTwo(games: 5, allBots: true)
        table.request(People.ann, .startAllBots)
        table.request(People.eve, .watch(name: "eve"))
        table.autoRecord = false
        table.play([], step: 1_000) { !$0.heldRecords.isEmpty }
        let held = try #require(table.heldRecords.first)
        table.clearReceived()

        table.feed(.storage(Self.full))
        let told = Self.notices(table.events(of: People.eve))
        try #require(told.count == 1)
        #expect(told[0].state == .failing)
        #expect(told[0].message.contains("cannot save results (no space left on device)"))
        #expect(told[0].message.contains("holds its last result"))
        #expect(!table.events(of: People.eve).contains { $0.type == "deal_end" })

        // The record is durable at last (written from the log's memory): the result goes out,
        // but the next deal waits for the storage.
        table.heldRecords = []
        table.feed(.recorded(ticket: held.ticket, stored: held.record))
        #expect(table.events(of: People.eve).contains { $0.type == "deal_end" })
        table.advance(to: table.now + 60_000)
        #expect(Self.dealsStarted(table.events(of: People.eve)) == 0)
        #expect(table.heldRecords.isEmpty)

        table.clearReceived()
        table.feed(.storage(.ok))
        let events = table.events(of: People.eve)
        #expect(Self.notices(events).map(\.state) == [.ok])
        #expect(Self.dealsStarted(events) == 1)
        #expect(table.core.storageFailure == nil)
    }

    @Test func aTableStartedWhileTheStorageFailsWaitsAndSaysWhy() {
        var table = Tables.bigTwo()
        table.request(People.ann, .sitCreator(name: "ann"))
        table.feed(.storage(Self.full))
        #expect(Self.notices(table.events(of: People.ann)).isEmpty)
        table.request(People.ann, .start, id: 3)
        var events = table.events(of: People.ann)
        #expect(Self.dealsStarted(events) == 0)
        #expect(Self.notices(events).map(\.state) == [.failing])
        table.request(People.ann, .move(.pass), id: 4)
        guard case .error(let refusal) = table.events(of: People.ann).last else {
            Issue.record("no refusal")
            return
        }
        #expect(refusal.code == .storageUnavailable)
        table.clearReceived()
        table.feed(.storage(.ok))
        events = table.events(of: People.ann)
        #expect(Self.notices(events).map(\.state) == [.ok])
        #expect(Self.dealsStarted(events) == 1)
    }

    @Test func whoeverArrivesWhileTheStorageFailsIsTold() {
        var table = Tables.bigTwo(allBots: true)
        table.request(People.ann, .startAllBots)
        table.feed(.storage(Self.full))
        table.request(People.bob, .watch(name: "bob"))
        #expect(Self.notices(table.events(of: People.bob)).map(\.state) == [.failing])
        table.feed(.storage(.failing(reason: "Input/output error")))
        #expect(Self.notices(table.events(of: People.bob)).count == 1)
    }

    @Test func aCheckpointKeepsTheFailure() throws {
        var table = Tables.bigTwo(games: 5, allBots: true)
        table.request(People.ann, .startAllBots)
        table.play([], step: 1_000) { $0.core.checkpoint() != nil }
        table.feed(.storage(Self.full))
        let checkpoint = try #require(table.core.checkpoint())
        #expect(checkpoint.storageFailure == "No space left on device")
    }
}
