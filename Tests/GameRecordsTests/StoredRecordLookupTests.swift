import GameRecords
import LobbyProtocol
import Testing
import TestSupport

/// Finding the stored record of a deal, which a restarted server asks before storing a
/// record again whose completion it never heard of.
@Suite struct StoredRecordLookupTests {
    @Test func theSameDealIsFoundAmongTheLatestAndOnlyFromWhereAsked() throws {
        let dir = TemporaryDirectory()
        defer { dir.remove() }
        let log = try GameLog(directory: dir.url)
        let stored = try log.append(contentsOf: (1...5).map { randomDealRecord(dealNumber: $0) })
        var again = randomDealRecord(dealNumber: 3)
        again.record = 0
        #expect(log.storedRecord(sameDealAs: again) == stored[2])
        #expect(log.storedRecord(sameDealAs: again, from: 2) == stored[2])
        #expect(log.storedRecord(sameDealAs: again, from: 3) == nil)
        // Another deal, or the same deal finished at another time, is not it.
        #expect(log.storedRecord(sameDealAs: randomDealRecord(dealNumber: 6)) == nil)
        var later = again
        later.finishedAt += 1
        #expect(log.storedRecord(sameDealAs: later) == nil)
    }
}
