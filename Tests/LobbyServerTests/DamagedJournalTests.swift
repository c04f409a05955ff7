import Foundation
import LobbyProtocol
import TestSupport
import Testing

@testable import LobbyServer

/// A journal with damaged lines never stops a start: each damaged line is skipped and named
/// in a warning, and the rest is taken up. The server runs as a process of its own, so that a
/// start that traps fails the test instead of the test run.
@Suite("A damaged journal line never stops a start")
struct DamagedJournalTests {
    static let hash = String(repeating: "ab", count: 32)

    /// Lines that once stopped every start (an overflow, an index check), and others alike.
    static let damagedLines = [
        #"{"kind":"ids","table":9223372036854775807,"session":0}"#,
        #"{"kind":"ids","table":0,"session":9223372036854775807}"#,
        #"{"kind":"session","session":9223372036854775807,"name":"max","hash":"\#(hash)"}"#,
        #"{"kind":"table","table":9223372036854775807,"create":{"kind":"bigtwo"},"name":"ann"}"#,
        #"{"kind":"table","table":-3,"create":{"kind":"bigtwo","all_bots":true},"name":"ann","hash":"\#(hash)"}"#,
        #"{"kind":"clock","at":-9223372036854775807}"#,
        #"{"kind":"clock","at":9223372036854775807}"#,
        #"{"kind":"session","session":-1,"name":"neg","hash":"\#(hash)"}"#,
    ]

    private static func dataDirectory(journal lines: [String]) throws -> URL {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-damaged-journal-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
        try (lines.joined(separator: "\n") + "\n").write(
            to: data.appendingPathComponent("tables.journal"), atomically: true, encoding: .utf8)
        return data
    }

    @Test(arguments: damagedLines)
    func theLineIsSkippedAndTheRestTakenUp(line: String) throws {
        let good = #"{"kind":"session","session":4,"name":"kim","hash":"\#(Self.hash)"}"#
        let data = try Self.dataDirectory(journal: [good, line])
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try ServerProcess(
            arguments: ["--data-dir", data.path, "--log-level", "warning"], keepingLog: true)
        let client = try TestPlayer(port: server.port)
        try client.request(jsonHello("ann"), expect: "welcome")
        // A new table takes an id in range, past the ones the journal holds.
        guard case .created(let created) = try client.request("create", expect: "created").event
        else {
            Issue.record("no table")
            return
        }
        #expect((1...JournalLimits.maxID).contains(created.table.id))
        let (status, log) = server.stopAndReadLog()
        #expect(status == 0)
        #expect(log.contains("skipped 1 damaged line(s) (line 2)"), "\(log)")
    }

    /// A checkpoint whose numbers make no sense (a score of one seat, a counter at its
    /// limit) leaves its table out, with a warning, and the server starts.
    @Test func aCheckpointThatMakesNoSenseLeavesItsTableOut() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-damaged-checkpoint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments = ["--data-dir", data.path, "--bot-delay-ms", "5", "--log-level", "warning"]
        let first = try ServerProcess(arguments: arguments)
        let owner = try TestPlayer(port: first.port)
        try owner.request(jsonHello("owner"), expect: "welcome")
        try owner.request("create tictactoe allbots games=1000", expect: "created")
        try owner.request("create tictactoe allbots games=1000", expect: "created")
        let journal = data.appendingPathComponent("tables.journal")
        let checkpointed = { (table: Int, text: String) in
            text.contains(#"{"kind":"checkpoint","table":\#(table),"#)
        }
        let deadline = Date(timeIntervalSinceNow: 30)
        while Date() < deadline {
            let text = (try? String(contentsOf: journal, encoding: .utf8)) ?? ""
            if checkpointed(1, text) && checkpointed(2, text) { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        first.stop(signal: SIGKILL)
        let text = try String(contentsOf: journal, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let one = try #require(lines.lastIndex { checkpointed(1, $0) })
        let two = try #require(lines.lastIndex { checkpointed(2, $0) })
        lines[one] = lines[one].replacingOccurrences(
            of: #"\"score\":["#, with: #"\"score\":[7],\"was\":["#)
        lines[two] = lines[two].replacingOccurrences(
            of: #"\"turnTicket\":"#, with: #"\"turnTicket\":9223372036854775807,\"was\":"#)
        try lines.joined(separator: "\n").write(to: journal, atomically: true, encoding: .utf8)

        let second = try ServerProcess(arguments: arguments, keepingLog: true)
        let eve = try TestPlayer(port: second.port)
        try eve.request(jsonHello("eve"), expect: "welcome")
        let (status, log) = second.stopAndReadLog()
        #expect(status == 0)
        #expect(log.contains("table 1 cannot be rebuilt"), "\(log)")
        #expect(log.contains("table 2 cannot be rebuilt"), "\(log)")
    }

    /// A restart holds no more sessions than `--held-sessions`: those at a table first, then
    /// the newest.
    @Test func aRestartHoldsNoMoreSessionsThanAllowed() throws {
        var lines: [String] = []
        for id in 1...500 {
            let hash = String(format: "%064x", id)
            lines.append(#"{"kind":"session","session":\#(id),"name":"p\#(id)","hash":"\#(hash)"}"#)
        }
        let data = try Self.dataDirectory(journal: lines)
        defer { try? FileManager.default.removeItem(at: data) }
        let server = try ServerProcess(
            arguments: [
                "--data-dir", data.path, "--held-sessions", "100", "--log-level", "warning",
            ],
            keepingLog: true)
        let client = try TestPlayer(port: server.port)
        guard
            case .stats(let stats) = try client.request(#"{"type":"stats"}"#, expect: "stats").event
        else {
            Issue.record("no stats")
            return
        }
        #expect(stats.sessions == 100)
        let (_, log) = server.stopAndReadLog()
        #expect(log.contains("let 400 older one(s) go"), "\(log)")
    }
}
