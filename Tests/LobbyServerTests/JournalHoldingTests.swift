import Dispatch
import Foundation
import Testing
import TestSupport

@testable import LobbyServer

/// Journal lines held in memory reach the file when flushed, when synced, or when too many
/// wait; and a server with a journal flushes them before any byte leaves for a client.
@Suite("Journal lines held until flushed")
struct JournalHoldingTests {
    @Test func heldLinesReachTheFileOnFlushAndOnSync() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try directory.create()
        let file = try JournalFile(url: directory.url.appendingPathComponent("j"))
        file.holdLinesUntilFlushed()
        file.append(Data(#"{"kind":"clock","at":1}"#.utf8), sync: false)
        file.append(Data(#"{"kind":"clock","at":2}"#.utf8), sync: false)
        #expect(try Data(contentsOf: file.url).isEmpty)
        #expect(file.length == 2 * 24)
        file.flushPending()
        #expect(try String(decoding: Data(contentsOf: file.url), as: UTF8.self)
            == "{\"kind\":\"clock\",\"at\":1}\n{\"kind\":\"clock\",\"at\":2}\n")
        file.append(Data(#"{"kind":"clock","at":3}"#.utf8), sync: false)
        let synced = DispatchSemaphore(value: 0)
        file.sync { synced.signal() }
        #expect(synced.wait(timeout: .now() + 5) == .success)
        #expect(try Data(contentsOf: file.url).count == 3 * 24)
        // Past 64 KB waiting, an append writes everything.
        let long = Data(("{\"kind\":\"clock\",\"name\":\"" + String(repeating: "x", count: 70_000) + "\"}").utf8)
        file.append(long, sync: false)
        #expect(try Data(contentsOf: file.url).count == file.length)
    }

    /// On an idle server no write to a client flushes the journal, yet its `clock` lines,
    /// which tell a restart when the server was last alive, reach the file as they come.
    @Test func clockLinesReachTheFileWithoutAFlush() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try directory.create()
        let journal = try TableJournal(directory: directory.url.path)
        journal.file.holdLinesUntilFlushed()
        journal.startClock(every: 10) { 1_234 }
        defer { journal.stopClock() }
        let deadline = Date(timeIntervalSinceNow: 5)
        while !TableJournal.read(journal.file.url).contains(where: { $0.kind == .clock }),
            Date() < deadline
        {
            usleep(5_000)
        }
        #expect(TableJournal.read(journal.file.url).contains { $0.kind == .clock && $0.at == 1_234 })
    }

    /// Ann plays tic-tac-toe against a bot; whenever she reads a mark, the file (read
    /// without flushing) already holds every mark's input: hers as requests, the bot's as
    /// its decisions coming back.
    @Test("every mark a client reads is already in the journal file")
    func everyMarkReadIsInTheFile() throws {
        let directory = TemporaryDirectory()
        defer { directory.remove() }
        try directory.create()
        let journal = try TableJournal(directory: directory.url.path)
        let server = try TestServer(seed: 7, broadcastDelayMilliseconds: 0, journal: journal)
        let ann = try server.login("ann")
        try ann.request("create tictactoe first=o turn=0", expect: "created")
        try ann.request("start", expect: "table")
        var board = "........."
        var marksRead = 0
        var marksChecked = 0
        while marksRead < 9 {
            switch try ann.next().event {
            case .tictactoeTurn(let turn) where turn.seat == 0:
                let free = board.firstIndex(of: ".").map {
                    board.distance(from: board.startIndex, to: $0)
                }
                try ann.send("mark \((free ?? 0) + 1)")
            case .tictactoeMark(let mark):
                marksRead += 1
                board = mark.board
                let lines = TableJournal.read(journal.file.url)
                let inputs = lines.filter { $0.request == "mark" || $0.kind == .bot }.count
                #expect(inputs >= marksRead, "mark \(marksRead) read before its journal line")
                marksChecked += 1
            case .tictactoeResult, .error:
                marksRead = 9
            default:
                break
            }
        }
        #expect(marksChecked >= 5)
    }
}
