import LobbyClient
import Testing
import TestSupport

/// `verify` passes over the game log written by the server at commit e6808bc
/// (`Tests/Fixtures`): every record of all five kinds, in every segment, checks against its
/// seed and commitment, and no deal is stored twice. Later changes to the record format, or to
/// what `verify` checks, must keep this passing.
@Suite("verify over the game log written at e6808bc")
struct FixtureVerifyTests {
    @Test func everyRecordChecks() throws {
        let outcome = try VerifyCommand.run(VerifyOptions(record: Fixtures.dataE6808bc.path))
        #expect(outcome.allValid, "\(outcome.lines)")
        #expect(outcome.lines == ["all 20 checked entries are valid"])
    }

    /// The same over the game log written at 3e3ff92.
    @Test func everyRecordWrittenAt3e3ff92Checks() throws {
        let outcome = try VerifyCommand.run(VerifyOptions(record: Fixtures.data3e3ff92.path))
        #expect(outcome.allValid, "\(outcome.lines)")
        #expect(outcome.lines == ["all 18 checked entries are valid"])
    }

    @Test func theCommandSaysSoAndExitsZero() throws {
        let run = try ExecutableRun(
            "bigtwo-client", ["verify", "--record", Fixtures.dataE6808bc.path])
        #expect(run.status == 0, "\(run.output)\(run.errors)")
        #expect(run.output.contains("all 20 checked entries are valid"))
    }
}
