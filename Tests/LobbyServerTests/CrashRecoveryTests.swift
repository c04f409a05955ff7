import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport
import WireJSON

@testable import LobbyServer

@Suite("Crash recovery: SIGKILL during a soak loses no announced deal")
struct CrashRecoveryTests {
    @Test("every deal announced before a SIGKILL is in history, the leaderboard and the log")
    func killAndRestart() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-crash-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments = [
            "--bot-delay-ms", "0", "--pause-seconds", "0", "--seed", "31", "--data-dir", data.path,
        ]
        let first = try ServerProcess(arguments: arguments)

        // A person plays at one table while two all-bot tables soak the server.
        let ann = try TestPlayer(port: first.port)
        try ann.request(jsonHello("ann"), expect: "welcome")
        try ann.request("create turn=0 games=1000", expect: "created")
        let watcher = try TestPlayer(port: first.port)
        try watcher.request(jsonHello("watcher"), expect: "welcome")
        guard case .created(let soak) = try watcher.request(
            "create allbots games=100000", expect: "created"
        ).event
        else {
            Issue.record("expected a 'created' event")
            return
        }
        try watcher.request("create allbots games=100000", expect: "created")
        try watcher.request("watch \(soak.table.id)", expect: "watching")
        try ann.request("start", expect: "deal_start")
        ann.seat = 0
        var annDeals: [DealEnd] = []
        for _ in 0..<3 { annDeals.append(try ann.playDeal()) }
        var watched: [DealEnd] = []
        while watched.count < 5 {
            if case .dealEnd(let end) = try watcher.next().event { watched.append(end) }
        }

        first.stop(signal: SIGKILL)
        // Whatever reached the watcher before the kill was announced too.
        while let message = try? watcher.next() {
            if case .dealEnd(let end) = message.event { watched.append(end) }
        }

        let second = try ServerProcess(arguments: arguments)
        let eve = try TestPlayer(port: second.port)
        try eve.request(jsonHello("eve"), expect: "welcome")
        guard case .history(let history) = try eve.request(
            #"{"type":"history","player":"ann","limit":200}"#, expect: "history"
        ).event
        else {
            Issue.record("expected a reply of another shape")
            return
        }
        let annSeeds = Set(history.deals.map(\.seed))
        for end in annDeals { #expect(annSeeds.contains(end.seed)) }
        guard case .leaderboard(let board) = try eve.request("leaderboard", expect: "leaderboard")
            .event
        else {
            Issue.record("expected a reply of another shape")
            return
        }
        // The journal brings ann's table back, and a bot plays her seat on meanwhile: the
        // counts may only have grown between the two requests.
        let annRow = try #require(board.players.first { $0.name == "ann" })
        #expect(annRow.deals >= history.deals.count)
        #expect(history.deals.count >= annDeals.count)

        // The log itself: every line readable, numbered in order, every deal replays, and
        // every announced deal of the watched table is there with its seed.
        let text = try LogSegments.list(in: data.path).map { name in
            try String(contentsOf: data.appendingPathComponent(name), encoding: .utf8)
        }.joined()
        let decoder = WireCodec.makeDecoder()
        let records = try text.split(separator: "\n").map {
            try decoder.decode(DealRecord.self, from: Data($0.utf8))
        }
        #expect(records.count >= annDeals.count + watched.count)
        #expect(records.map(\.record) == Array(1...records.count))
        let logged = Dictionary(
            records.map { ("\($0.table)/\($0.deal)", $0.seed) }, uniquingKeysWith: { a, _ in a })
        for end in watched { #expect(logged["\(end.table)/\(end.deal)"] == end.seed) }
        for record in records {
            if case .failure(let error) = DealReplay.replay(record) {
                Issue.record("record \(record.record) does not replay: \(error)")
            }
        }
        #expect(second.stop(signal: SIGTERM) == 0)
    }
}
