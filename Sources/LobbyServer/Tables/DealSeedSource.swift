import CardGames
import Locking
import TableCore

/// Gives every deal of the server its seed: derived from a master seed and a server-wide deal
/// counter when one is configured, otherwise fresh from the secure random source.
final class DealSeedSource: SeedSource {
    private let masterSeed: UInt64?
    private let counter = Locked<UInt64>(0)

    init(masterSeed: UInt64?) {
        self.masterSeed = masterSeed
    }

    /// The next deal's seed. Thread-safe.
    func next() -> DealSeed {
        guard let masterSeed else { return DealSeed.random() }
        let number = counter.withLock { count in
            count += 1
            return count
        }
        return DealSeed.derived(masterSeed: masterSeed, dealNumber: number)
    }
}
