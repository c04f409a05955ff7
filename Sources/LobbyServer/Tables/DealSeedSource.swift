import CardGames
import LobbyProtocol
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

    /// How the deal numbers fare, for `stats`: `none` without a master seed or without a
    /// file to record them in.
    var numbersPart: (part: StorageStats.Part, reason: String?) {
        guard masterSeed != nil, numbers.isRecorded else { return (.none, nil) }
        switch numbers.health {
        case .ok: return (.ok, nil)
        case .failing(let reason): return (.failing, reason)
        }
    }

    /// The next deal's seed. Thread-safe.
    func next() -> DealSeed {
        guard let masterSeed, let number = numbers.take() else { return DealSeed.random() }
        return DealSeed.derived(masterSeed: masterSeed, dealNumber: number)
    }
}
