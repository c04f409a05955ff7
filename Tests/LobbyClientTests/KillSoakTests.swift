import Foundation
import LobbyClient
import Locking
import Testing
import TestSupport

/// The real server killed with SIGKILL three times in a row while a soak table plays, and
/// restarted each time on the same data directory with a journal small enough to be compacted
/// meanwhile: the clients resume and finish, every deal announced to them has exactly one
/// record, and `verify` passes.
@Suite(.serialized) struct KillSoakTests {
    @Test func threeKillsLoseAndDuplicateNoRecord() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-killsoak-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let directory = Bundle.main.executableURL!.deletingLastPathComponent()
        // Enough deals that the three kills (each 125–375 ms after the restart before) land
        // while they are played, however fast the server gets through them.
        let soak = try SoakOptions(clients: 4, games: 300, seed: 3, timeout: 120)
        let options = try KillSoakOptions(
            server: directory.appendingPathComponent("bigtwo-server").path,
            dataDirectory: data.path, kills: 3, intervalMilliseconds: 250,
            botDelayMilliseconds: 10, journalCompactKilobytes: 64, soak: soak)
        // The progress lines name each violation; a failure shows them.
        let progress = Locked<[String]>([])
        let report = try KillSoakCommand.killSoak(
            options, progress: TextOutput { line in progress.withLock { $0.append(line) } })
        let violations = progress.value.filter { $0.contains("violation") }
        #expect(report.kills == 3)
        #expect(report.completed)
        #expect(report.lost == 0 && report.duplicated == 0)
        #expect(report.violations == 0, "\(violations)")
        #expect(report.records == 300 && report.dealsAnnounced == 300)
        #expect(report.verified)
        #expect(report.passed, "\(report) \(violations.joined(separator: "; "))")
    }
}
