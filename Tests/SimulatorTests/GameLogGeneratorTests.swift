import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Simulator
import Testing
import WireJSON

/// `bigtwo-sim --record`: the simulated games as a valid game log.
@Suite struct GameLogGeneratorTests {
    private static func temporaryPath(_ suffix: String = "") -> String {
        FileManager.default.temporaryDirectory
            .appendingPathComponent("sim-log-\(UUID().uuidString)\(suffix)").path
    }

    @Test func aRecordedDirectoryOpensWithItsCheckpointAndEveryRecordReplays() throws {
        let path = Self.temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: path) }
        let config = SimulationConfig(games: 40, seed: 3, threads: 2)
        let report = try GameLogGenerator.run(config, path: path, people: 5)
        #expect(report.games == 40 && report.records == 40)
        let log = try GameLog(directory: path)
        #expect(log.recovery.usedCheckpoint && log.recovery.recordsReplayed == 0)
        #expect(log.count == 40)
        for record in log.records {
            #expect(record.players.allSatisfy { $0.hasPrefix("person-") })
            if case .failure(let error) = DealReplay.replay(record) {
                Issue.record("record \(record.record) does not replay: \(error)")
            }
        }
        #expect(log.leaderboard().players.count == 5)
        #expect(log.records.map(\.record) == Array(1...40))
    }

    @Test func theSameSeedRecordsTheSameGamesWhateverTheThreads() throws {
        let one = Self.temporaryPath(".jsonl")
        let two = Self.temporaryPath(".jsonl")
        defer {
            try? FileManager.default.removeItem(atPath: one)
            try? FileManager.default.removeItem(atPath: two)
        }
        let eCard = SimulationConfig(game: .ecard, games: 3, seed: 9, threads: 1)
        _ = try GameLogGenerator.run(eCard, path: one, people: nil)
        var spread = eCard
        spread.threads = 3
        _ = try GameLogGenerator.run(spread, path: two, people: nil)
        let first = try String(contentsOfFile: one, encoding: .utf8)
        #expect(first == (try String(contentsOfFile: two, encoding: .utf8)))
        let lines = first.split(separator: "\n")
        #expect(lines.count == 3 * ECardOptions.standard.handsPerMatch)
        let decoder = WireCodec.makeDecoder()
        for line in lines {
            let record = try decoder.decode(DealRecord.self, from: Data(line.utf8))
            #expect(record.kind == .ecard && record.players == ["bot:mixed", "bot:random"])
            #expect(DealReplay.replay(record) == .success(record.result))
        }
    }
}
