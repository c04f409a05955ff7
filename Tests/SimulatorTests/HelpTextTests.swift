import Foundation
import Testing

@testable import Simulator

/// `bigtwo-sim --help` lists every flag README tells people to use.
@Suite struct HelpTextTests {
    @Test("every bigtwo-sim flag in README is in --help")
    func readmeFlagsAreInTheHelp() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        let help = SimulatorFlags.usage + RecordingFlags.usage
        let commands = text.split(separator: "\n").filter { $0.contains("bigtwo-sim ") }
        let flags = Set(
            commands.flatMap { line in
                line.split(separator: " ").filter { $0.hasPrefix("--") && $0.count > 2 }
                    .map { String($0.prefix { $0 != "=" && $0 != "`" && $0 != "," }) }
            })
        #expect(flags.contains("--bench-log"), "README names the benchmark flags: \(flags)")
        for flag in flags where !flag.hasPrefix("--release") {
            #expect(help.contains(flag + " "), "\(flag) is in README but not in --help")
        }
    }
}
