import Foundation
import LobbyClient
import LobbyProtocol
import Testing

/// `list` at the interactive client shows every table, fetching the server's pages itself.
@Suite("Interactive list")
struct InteractiveListTests {
    @Test("list shows every table once, in order, over several pages, with no more hint")
    func listShowsEveryPage() throws {
        let local = try LocalServer(seed: 7)
        defer { local.stop() }
        let count = ListQuery.maximumLimit + ListQuery.defaultLimit + 4
        var creators: [ClientSession] = []
        defer { creators.forEach { $0.close() } }
        for index in 0..<count {
            let creator = ClientSession(address: local.address, name: "c\(index)")
            _ = try creator.connect()
            creators.append(creator)
            _ = try creator.call(.create(CreateTable(turnSeconds: 0)))
        }
        let printed = LockedLines()
        let interactive = try local.interactive(name: "ann", printed: printed)
        defer { interactive.session.close() }
        interactive.handle(line: "list")
        let lines = printed.wait(seconds: 10) { $0.hasPrefix("table \(count) ") }
        let listed = lines.compactMap { line -> Int? in
            guard line.hasPrefix("table ") else { return nil }
            return Int(line.dropFirst(6).prefix { $0 != " " })
        }
        #expect(listed == Array(1...count))
        #expect(!lines.contains { $0.contains("list more") })
    }
}
