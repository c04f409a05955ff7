import Foundation
import GameRecords
import LobbyClient
import LobbyProtocol
import LobbyServer
import Testing
import TestSupport

/// `history more` and `leaderboard more` at the interactive client show the next page, by
/// sending the cursor of the last page shown.
@Suite("Interactive record pages")
struct InteractiveRecordPagesTests {
    /// The numbers at the start of `lines` that begin with `prefix` and a number: `#12 table…`
    /// gives 12 with prefix `#`, `3. ann…` gives 3 with prefix "".
    private static func numbers(_ lines: ArraySlice<String>, prefix: String, end: Character)
        -> [Int]
    {
        lines.compactMap { line in
            guard line.hasPrefix(prefix) else { return nil }
            return Int(line.dropFirst(prefix.count).prefix { $0 != end })
        }
    }

    @Test("history more and leaderboard more walk every page once, then say there is no more")
    func morePagesThrough() throws {
        let dir = FileManager.default.temporaryDirectory
            .appendingPathComponent("record-pages-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let log = try GameLog(directory: dir)
        try log.append(contentsOf: (1...45).map { n in
            madeRecord(table: n, players: ["ann", "x\(n)"], winner: 0, scores: [n, -n])
        })
        let local = try LocalServer(seed: 7, recorder: log)
        defer { local.stop() }
        let printed = LockedLines()
        let interactive = try local.interactive(name: "eve", printed: printed)
        defer { interactive.session.close() }

        /// Types `line` and returns the lines printed from then until one matches `last`.
        func typed(_ line: String, until last: (String) -> Bool) -> ArraySlice<String> {
            let before = printed.lines.count
            interactive.handle(line: line)
            let lines = printed.wait(seconds: 10, until: last)
            return lines[min(before, lines.count)...]
        }

        let noOlder = "no older entries: type history for the latest"
        var records: [[Int]] = []
        for (line, last) in [("history", 26), ("history more", 6), ("history more", 1)] {
            let shown = typed(line) { $0.hasPrefix("#\(last) ") }
            records.append(Self.numbers(shown, prefix: "#", end: " "))
        }
        let newestFirst = [26...45, 6...25, 1...5].map { Array($0.reversed()) }
        #expect(records == newestFirst)
        #expect(typed("history more") { $0 == noOlder }.last == noOlder)

        let noMore = "no more rows: type leaderboard for the top"
        var ranks: [[Int]] = []
        let boardPages = [
            ("leaderboard", 20), ("leaderboard bigtwo more", 40), ("leaderboard more", 46),
        ]
        for (line, last) in boardPages {
            let shown = typed(line) { $0.hasPrefix("\(last). ") }
            ranks.append(Self.numbers(shown, prefix: "", end: "."))
            if last == 20 {
                // Another game's leaderboard has no page after this one.
                #expect(typed("leaderboard ecard more") { $0 == noMore }.last == noMore)
            }
        }
        #expect(ranks == [Array(1...20), Array(21...40), Array(41...46)])
        #expect(typed("leaderboard more") { $0 == noMore }.last == noMore)
    }
}
