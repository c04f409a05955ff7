import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

@Suite("Request backpressure")
struct RequestBackpressureTests {
    private static let floodLines = 2_000

    /// The lines the server has read, from `stats` on `player`.
    private func linesRead(_ player: TestPlayer) throws -> Int {
        let message = try player.request(#"{"type":"stats"}"#, expect: "stats")
        guard case .stats(let stats) = message.event else {
            throw TestFailure("expected stats, got \(message.event.type)")
        }
        return stats.messagesIn
    }

    @Test("a connection whose requests wait unanswered is not read further")
    func floodWaitsInItsOwnSocket() throws {
        let server = try TestServer(requestsPerSecond: 100_000, requestBurst: 100_000)
        let flooder = try server.login("flood")
        let calm = try server.login("calm")
        let before = try linesRead(calm)
        // The directory answers `list`: while it is held, no page is sent.
        let directory = server.server.lobby.directory.queue
        directory.suspend()
        var flood: [UInt8] = []
        for index in 0..<Self.floodLines {
            flood += Array(#"{"type":"list","id":\#(index)}"#.utf8) + [0x0A]
        }
        try flooder.client.sendRaw(flood)
        // The flood's lines read so far, give or take one: `calm`'s own lines are taken out,
        // and the line asking for the figure (like the one that asked for `before`) may or
        // may not be counted yet.
        var calmLines = 0
        func floodRead() throws -> Int {
            calmLines += 1
            return try linesRead(calm) - before - calmLines
        }
        // Both the old and the new server read at least the first few waiting requests.
        while try floodRead() < RequestRoute.mostWaiting - 1 {}
        // Other clients are answered meanwhile, by the lobby and by their own connection.
        try calm.request("help", expect: "help")
        try calm.request("ping", expect: "pong")
        calmLines += 2
        let read = try floodRead()
        #expect(read <= RequestRoute.mostWaiting + 1)
        #expect(read >= RequestRoute.mostWaiting - 1)
        // Once pages are sent again, the flood is read on to its end, in order.
        directory.resume()
        for index in 0..<Self.floodLines {
            let message = try flooder.next()
            #expect(message.event.type == "tables")
            #expect(message.id == .number(index))
            if message.id != .number(index) { break }
        }
        #expect(try linesRead(calm) - before >= Self.floodLines)
    }
}
