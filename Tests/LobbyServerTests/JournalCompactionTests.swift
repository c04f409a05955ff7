import CardGames
import Dispatch
import Foundation
import LobbyProtocol
import Locking
import Testing
import TestSupport

@testable import LobbyServer

/// The table journal compacted while lines keep arriving from several threads: the file
/// shrinks, and reading it back gives the same live sessions, tables, inputs and ids as every
/// line written.
@Suite struct JournalCompactionTests {
    /// With `holding`, lines wait in memory, and a fifth thread flushes them now and then,
    /// as the server's writes to clients do.
    @Test(arguments: [false, true])
    func compactionWhileAppendingKeepsEveryLiveLine(holding: Bool) throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try directory.create()
        let journal = try TableJournal(directory: directory.url.path, compactionBytes: 8 * 1024)
        if holding { journal.file.holdLinesUntilFlushed() }
        let writers = 4
        let tablesPerWriter = 40
        let written = Locked<[JournalEntry]>([])
        DispatchQueue.concurrentPerform(iterations: writers + 1) { writer in
            guard writer < writers else {
                for _ in 0..<200 {
                    journal.file.flushPending()
                    usleep(100)
                }
                return
            }
            for round in 0..<tablesPerWriter {
                for entry in Self.tableLife(writer: writer, round: round) {
                    journal.append(entry)
                    written.withLock { $0.append(entry) }
                }
            }
        }
        try #require(waitForCompaction(journal))
        journal.file.flushPending()
        let all = written.value
        let totalBytes = try all.reduce(0) { $0 + (try JSONEncoder().encode($1)).count + 1 }
        let read = TableJournal.read(journal.file.url)
        #expect(JournalContents(read) == JournalContents(all))
        #expect(journal.file.length < totalBytes)
        #expect(journal.file.counts.compactions >= 1)
        // Every table that was not finished is there with all its inputs, in order.
        let expectedLive = writers * tablesPerWriter / 2
        #expect(JournalContents(read).tables.count == expectedLive)
        #expect(JournalContents(read).lastTableID == (writers - 1) * 1000 + tablesPerWriter)
    }

    @Test func compactionKeepsTheHighestIdsAndTheLastTime() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try directory.create()
        let journal = try TableJournal(directory: directory.url.path)
        let entries = Self.tableLife(writer: 0, round: 1) + [JournalEntry(.clock, at: 99_000)]
        for entry in entries { journal.append(entry) }
        let compacted = TableJournal.compacted(try Data(contentsOf: journal.file.url))
        let contents = JournalContents(TableJournal.entries(in: compacted))
        #expect(contents.tables.isEmpty && contents.sessions.isEmpty)
        #expect(contents.lastTableID == 2 && contents.lastSessionID == 2)
        #expect(contents.lastSeen == 99_000)
    }

    /// A session and a table with a few inputs; odd rounds finish the table and forget the
    /// session. Ids are unique per writer and round, and from 1, as a server gives them.
    private static func tableLife(writer: Int, round: Int) -> [JournalEntry] {
        let id = writer * 1000 + round + 1
        var session = JournalEntry(.session)
        session.session = id
        session.name = "p\(id)"
        session.hash = String(repeating: "a", count: 64)
        var table = JournalEntry(.table, table: id)
        table.create = CreateTable(kind: .bigtwo, name: "t\(id)", bots: "greedy", games: 3)
        table.name = "p\(id)"
        var lines = [session, table]
        for move in 0..<12 {
            var request = JournalEntry(.request, table: id, at: Int64(1_000 + move))
            request.session = id
            request.request = move == 0 ? "sit_creator" : "pass"
            request.name = "p\(id)"
            lines.append(request)
        }
        if round % 2 == 1 {
            lines.append(JournalEntry(.finished, table: id))
            var forget = JournalEntry(.forget)
            forget.session = id
            lines.append(forget)
        }
        return lines
    }

    /// Waits until a compaction has run and none is under way (a sync after it on the
    /// journal's queue has completed).
    private func waitForCompaction(_ journal: TableJournal) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 30)
        while journal.file.counts.compactions == 0 {
            if Date() > deadline { return false }
            Thread.sleep(forTimeInterval: 0.01)
        }
        let done = DispatchSemaphore(value: 0)
        journal.file.sync { done.signal() }
        return done.wait(timeout: .now() + 30) == .success
    }
}
