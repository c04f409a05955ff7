import Glibc
import Testing

@testable import LobbyServer

@Suite struct OpenFileLimitTests {
    @Test func raisesTheSoftLimitWithinTheHardLimit() {
        var limit = rlimit()
        #expect(getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0)
        let after = OpenFileLimit.raise(toServe: 1_000)
        #expect(after >= min(1_064, Int(clamping: limit.rlim_max)))
        #expect(after <= Int(clamping: limit.rlim_max))
    }
}
