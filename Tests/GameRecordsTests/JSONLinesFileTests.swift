import Foundation
import GameRecords
import LobbyProtocol
import Testing
import TestSupport
import WireJSON

/// The single-file log of the tools: records numbered after the lines already there, one
/// line each, read back as they were.
@Suite struct JSONLinesFileTests {
    @Test func recordsAreNumberedAfterTheLinesTheFileHolds() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        try dir.create()
        let path = dir.file("games.jsonl").path
        do {
            let file = try JSONLinesFile(path: path, syncEachBatch: true)
            let stored = try file.commit([1, 2].map { randomDealRecord(dealNumber: $0) })
            #expect(stored.map(\.record) == [1, 2])
        }
        let file = try JSONLinesFile(path: path, syncEachBatch: false)
        #expect(try file.commit([randomDealRecord(dealNumber: 3)]).map(\.record) == [3])
        #expect((try? file.syncResult.get()) != nil)
        let decoder = WireCodec.makeDecoder()
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        let records = try lines.map { try decoder.decode(DealRecord.self, from: Data($0.utf8)) }
        #expect(records.map(\.record) == [1, 2, 3])
        #expect(records.map(\.deal) == [1, 2, 3])
    }
}
