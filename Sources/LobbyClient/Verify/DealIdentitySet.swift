import CardGames

/// The deals seen so far in a game log, by a 128-bit digest of each record's
/// ``DealRecord/dealID`` (a million deals fit in a few tens of megabytes), and where each was
/// first seen: what finds a deal stored twice.
struct DealIdentitySet {
    /// Where a record is: its segment's position in the log and its line number there.
    struct Place: Equatable {
        var segment: UInt32
        var line: UInt32
    }

    private struct Digest: Hashable {
        var high: UInt64
        var low: UInt64
    }

    private var seen: [Digest: Place] = [:]

    /// Adds the deal `id` (a record's ``DealRecord/dealID``), seen at `place`; returns where
    /// it was seen before, or nil when it is new.
    mutating func insert(_ id: String, at place: Place) -> Place? {
        let bytes = SHA256.hash(Array(id.utf8))
        var high: UInt64 = 0
        var low: UInt64 = 0
        for index in 0..<8 {
            high = high << 8 | UInt64(bytes[index])
            low = low << 8 | UInt64(bytes[8 + index])
        }
        let digest = Digest(high: high, low: low)
        if let earlier = seen[digest] { return earlier }
        seen[digest] = place
        return nil
    }
}
