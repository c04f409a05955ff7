import CardGames
import Synchronization
import TableCore

/// Deal seeds derived from a fixed master seed, one after another.
final class FixedSeeds: SeedSource {
    private let master: UInt64
    private let counter = Atomic<UInt64>(0)

    /// Seeds from `master`, after the first `drawn` (a table restored after that many deals).
    init(master: UInt64, drawn: UInt64 = 0) {
        self.master = master
        counter.store(drawn, ordering: .relaxed)
    }

    func next() -> DealSeed {
        let number = counter.add(1, ordering: .relaxed).newValue
        return DealSeed.derived(masterSeed: master, dealNumber: number)
    }
}
