import Foundation
import LobbyProtocol
import Testing
import TestSupport

@testable import LobbyServer

/// A long-running table's journal stays small: each deal's end writes the table's checkpoint,
/// and compaction keeps only the latest one and the lines after it.
@Suite("Journal checkpoints of long-running tables")
struct JournalCheckpointTests {
    @Test("an all-bot table's compacted journal after 200 deals is about its size after 2")
    func compactedJournalStaysSmall() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-checkpoint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let journal = data.appendingPathComponent(TableJournal.fileName)
        let arguments = [
            "--bot-delay-ms", "0", "--pause-seconds", "0", "--seed", "5", "--data-dir", data.path,
        ]
        let first = try ServerProcess(arguments: arguments)
        let watcher = try TestPlayer(port: first.port)
        try watcher.request(jsonHello("watcher"), expect: "welcome")
        let created = try watcher.request("create allbots games=100000", expect: "created")
        guard case .created(let table) = created.event else {
            Issue.record("expected a 'created' event")
            return
        }
        try watcher.request("watch \(table.table.id)", expect: "watching")
        try Self.awaitDeal(number: 2, watcher)
        let early = try Data(contentsOf: journal)
        let last = try Self.awaitDeal(number: 200, watcher)
        let late = try Data(contentsOf: journal)
        first.stop(signal: SIGKILL)

        let compactedEarly = TableJournal.compacted(early)
        let compactedLate = TableJournal.compacted(late)
        // Both hold the latest checkpoint and the deal under way: within one deal's lines.
        #expect(compactedLate.count < compactedEarly.count + 16 * 1024)
        #expect(late.count > 20 * compactedLate.count)
        let kept = JournalContents(TableJournal.entries(in: compactedLate))
        let keptTable = try #require(kept.tables.first)
        #expect(keptTable.checkpoint != nil)

        // The restarted server takes the table up from its checkpoint and plays on.
        let second = try ServerProcess(arguments: arguments)
        let eve = try TestPlayer(port: second.port)
        try eve.request(jsonHello("eve"), expect: "welcome")
        try eve.request("watch \(table.table.id)", expect: "watching")
        let next = try Self.awaitDeal(number: last.deal + 1, eve)
        #expect(next.table == table.table.id)
        #expect(second.stop(signal: SIGTERM) == 0)
    }

    /// Reads until the `deal_end` of deal `number` (or a later one).
    @discardableResult
    private static func awaitDeal(number: Int, _ player: TestPlayer) throws -> DealEnd {
        while true {
            if case .dealEnd(let end) = try player.next().event, end.deal >= number {
                return end
            }
        }
    }
}
