import Foundation
import LobbyProtocol
import TestSupport
import Testing

/// A journal file removed (or replaced) while the server runs is noticed within a second: the
/// server writes a fresh one from the journal it still has open, with a warning, so that a
/// restart after a kill finds every session and table.
@Suite(.serialized) struct JournalRemovedTests {
    enum Loss: String, CaseIterable, Sendable {
        case removed
        case replaced
    }

    @Test(arguments: Loss.allCases)
    func aRestartAfterTheJournalWasLostFindsEverySession(loss: Loss) throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-journal-lost-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments = ["--data-dir", data.path, "--log-level", "warning"]
        let first = try ServerProcess(arguments: arguments, keepingLog: true)
        let ann = try TestPlayer(port: first.port)
        guard
            case .welcome(let welcome) = try ann.request(jsonHello("ann"), expect: "welcome").event
        else {
            Issue.record("no welcome")
            return
        }
        try ann.request("create", expect: "created")
        let journal = data.appendingPathComponent("tables.journal")
        switch loss {
        case .removed:
            try FileManager.default.removeItem(at: journal)
        case .replaced:
            let other = data.appendingPathComponent("other.journal")
            try Data(#"{"kind":"clock","at":1}"#.utf8 + [0x0A]).write(to: other)
            _ = rename(other.path, journal.path)
        }
        let what = loss == .removed ? "removed" : "replaced by another file"
        #expect(
            first.waitForLog(containing: "tables.journal was \(what) while the server runs"),
            "no warning")
        let text = (try? String(contentsOf: journal, encoding: .utf8)) ?? ""
        #expect(text.contains(welcome.name) && text.contains(#""kind":"table""#))
        first.stop(signal: SIGKILL)

        let second = try ServerProcess(arguments: arguments)
        let back = try TestPlayer(port: second.port)
        let resumed = try back.request(
            #"{"type":"hello","name":"ann","token":"\#(welcome.token)"}"#, expect: "welcome")
        guard case .welcome(let again) = resumed.event else {
            Issue.record("no welcome: \(resumed)")
            return
        }
        #expect(again.resumed)
        #expect(again.table != nil)
        second.stop(signal: SIGTERM)
    }
}
