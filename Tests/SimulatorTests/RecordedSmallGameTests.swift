import CardGames
import Foundation
import GameRecords
import LobbyProtocol
import Simulator
import TestSupport
import Testing
import WireJSON

/// `bigtwo-sim --record` for tic-tac-toe, memory and roulette: the built `bigtwo-client
/// verify` accepts the simulated log, and refuses it once one record is tampered with.
@Suite struct RecordedSmallGameTests {
    static let games = 30

    @Test(arguments: [SimulationConfig.Game.tictactoe, .memory, .roulette])
    func verifyAcceptsTheSimulatedLogAndRefusesATamperedRecord(_ game: SimulationConfig.Game)
        throws
    {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sim-\(game.rawValue)-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let config = SimulationConfig(game: game, games: Self.games, seed: 5, threads: 2)
        let report = try GameLogGenerator.run(config, path: directory, people: 4)
        #expect(report.records == Self.games)

        let accepted = try ExecutableRun("bigtwo-client", ["verify", "--record", directory])
        #expect(accepted.status == 0, "\(accepted.output)")
        #expect(accepted.output.contains("all \(Self.games) checked entries are valid"))

        let segment = directory + "/" + (try #require(LogSegments.list(in: directory).first))
        var lines = try String(contentsOfFile: segment, encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var record = try WireCodec.makeDecoder().decode(
            DealRecord.self, from: Data(lines[7].utf8))
        #expect(record.kind.rawValue == game.rawValue)
        switch game {
        case .tictactoe:
            // Another result than the marks reach.
            let drawn = record.result?.winner == DealOutcome.noWinner
            record.result = drawn
                ? DealOutcome(winner: 0, scores: [1, -1])
                : DealOutcome(winner: DealOutcome.noWinner, scores: [0, 0])
        default:
            // A revealed seed that is not the one committed to.
            let other = DealSeed.derived(masterSeed: 99, dealNumber: 1)
            #expect(record.seed != other.hex)
            record.seed = other.hex
        }
        lines[7] = String(decoding: try WireCodec.makeEncoder().encode(record), as: UTF8.self)
        try lines.joined(separator: "\n").write(toFile: segment, atomically: true, encoding: .utf8)

        let refused = try ExecutableRun("bigtwo-client", ["verify", "--record", directory])
        #expect(refused.status != 0)
        #expect(refused.output.contains("1 of \(Self.games) checked entries FAILED"))
        #expect(refused.output.contains("line 8"), "\(refused.output)")
    }
}
