import CardGames
import TableCore

/// Gives every deal of the server its seed: derived from a master seed and the next deal
/// number when one is configured, otherwise fresh from the secure random source.
///
/// A deal number is never handed out twice (see ``DealNumbers``), so no seed derived from
/// the master seed is drawn twice, whatever restarts come between. When no number can be
/// reserved durably, the seed comes from the secure random source instead: a run that cannot
/// promise a fresh derived seed gives up reproducibility rather than fairness.
final class DealSeedSource: SeedSource {
    private let masterSeed: UInt64?
    private let numbers: DealNumbers

    init(masterSeed: UInt64?, numbers: DealNumbers = DealNumbers()) {
        self.masterSeed = masterSeed
        self.numbers = numbers
    }

    /// The next deal's seed. Thread-safe.
    func next() -> DealSeed {
        guard let masterSeed, let number = numbers.take() else { return DealSeed.random() }
        return DealSeed.derived(masterSeed: masterSeed, dealNumber: number)
    }
}
