import LobbyProtocol
import Testing

@testable import GameRecords

/// The cache of built `history` entries keeps the most recently built ones, dropping the
/// oldest first, and tells an E-Card match that gained a hand from the one it was.
@Suite struct SummaryCacheTests {
    static func summary(_ record: Int) -> DealSummary {
        DealSummary(
            record: record, finishedAt: 0, table: 1, tableName: "t", kind: .bigtwo, deal: 1,
            players: ["ann"], winner: 0, scores: [0], seed: nil, commitment: nil)
    }

    @Test func theOldestBuiltEntryIsDroppedFirst() {
        let cache = SummaryCache(capacity: 2)
        let keys = (0..<3).map { SummaryCache.Key(entry: Int32($0), hands: 0) }
        cache[keys[0]] = Self.summary(1)
        cache[keys[1]] = Self.summary(2)
        // Storing a key again neither adds it twice nor pushes another out.
        cache[keys[0]] = Self.summary(1)
        #expect(cache[keys[0]]?.record == 1 && cache[keys[1]]?.record == 2)
        cache[keys[2]] = Self.summary(3)
        #expect(cache[keys[0]] == nil)
        #expect(cache[keys[1]]?.record == 2 && cache[keys[2]]?.record == 3)
    }

    @Test func aMatchWithAnotherHandCountIsAnotherEntry() {
        let cache = SummaryCache(capacity: 4)
        cache[SummaryCache.Key(entry: 5, hands: 1)] = Self.summary(7)
        #expect(cache[SummaryCache.Key(entry: 5, hands: 2)] == nil)
        #expect(cache[SummaryCache.Key(entry: 5, hands: 1)]?.record == 7)
    }
}
