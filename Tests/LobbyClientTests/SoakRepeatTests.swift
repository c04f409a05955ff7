import Foundation
import Locking
import Testing

@testable import LobbyClient

/// A soak tester runs `soak` again and again against one server: each run's players need
/// names of their own, and a run that cannot go on says why on the standard output.
@Suite("Soak runs back to back")
struct SoakRepeatTests {
    @Test("a second soak right after the first, while its sessions are held, passes too")
    func secondSoakRightAfterTheFirst() throws {
        let local = try LocalServer(seed: 2024)
        defer { local.stop() }
        let options = try SoakOptions(
            address: local.address, clients: 4, games: 4, tables: 1, seed: 3, bots: "greedy",
            timeout: 60)
        for run in 1...2 {
            let lines = Locked<[String]>([])
            let output = TextOutput { line in lines.withLock { $0.append(line) } }
            let status = SoakCommand.run(options, output: output, progress: .discard)
            #expect(status == 0, "run \(run): \(lines.withLock { $0 })")
        }
    }

    @Test("a soak that cannot go on says why on the standard output, in words and in JSON")
    func aFailureIsPrintedOnStandardOutput() throws {
        let options = try SoakOptions(
            address: ServerAddress(host: "127.0.0.1", port: 1), clients: 1, games: 1, tables: 1,
            seed: 3, bots: "greedy", timeout: 5)
        let lines = Locked<[String]>([])
        let output = TextOutput { line in lines.withLock { $0.append(line) } }
        #expect(SoakCommand.run(options, output: output, progress: .discard) == 1)
        let printed = lines.withLock { $0 }
        #expect(printed.count == 2, "\(printed)")
        #expect(printed.first?.hasPrefix("soak failed: ") == true)
        #expect(printed.last?.hasPrefix(#"{"error":"#) == true)
        #expect(printed.last?.hasSuffix(#""passed":false}"#) == true)
    }
}
