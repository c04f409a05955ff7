import CommandOptions
import GameRecords
import Testing

@testable import LobbyServer

/// The game log's segment size is a server flag, and its default is the log's own.
@Suite struct GameLogSegmentFlagTests {
    @Test func theSegmentSizeIsAServerFlag() throws {
        let command = try ServerCommandLine.parse(
            arguments: ["--log-segment-mb", "8"], environment: [:])
        guard case .run(let config) = command else {
            Issue.record("expected a run command")
            return
        }
        #expect(config.logSegmentMegabytes == 8)
        guard
            case .run(let fromEnvironment) = try ServerCommandLine.parse(
                arguments: [], environment: ["BIGTWO_LOG_SEGMENT_MB": "2"])
        else {
            Issue.record("expected a run command")
            return
        }
        #expect(fromEnvironment.logSegmentMegabytes == 2)
        #expect(throws: UsageError.self) {
            try ServerCommandLine.parse(arguments: ["--log-segment-mb", "0"], environment: [:])
        }
        let defaults = ServerConfiguration()
        #expect(defaults.logSegmentMegabytes == GameLog.Options.defaultSegmentMegabytes)
        #expect(ServerCommandLine.usage.contains("--log-segment-mb MB"))
    }
}
