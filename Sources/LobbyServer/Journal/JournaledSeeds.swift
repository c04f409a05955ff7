import CardGames
import Locking
import Synchronization
import TableCore

/// A table's seed source when the server keeps a journal: while the table is rebuilt it
/// hands out the seeds the journal holds, in order; then it draws from the server's source
/// and journals each seed before the deal is announced.
///
/// A table rebuilt from a checkpoint is first made anew, and some kinds draw a seed then (for
/// their bots' random source): those draws come "aside", from the server's source, neither
/// journaled nor taken from the journal's seeds, since the checkpoint replaces what they
/// seeded. ``endAside()`` ends that once the core is made.
final class JournaledSeeds: SeedSource {
    private let base: any SeedSource
    private let journal: TableJournal
    private let table: Int
    private let replayed: Locked<ArraySlice<DealSeed>>
    private let aside: Atomic<Bool>

    /// Seeds for `table` from `base`, after the `replaying` ones; with `aside`, the draws
    /// until ``endAside()`` are set aside.
    init(
        base: any SeedSource, journal: TableJournal, table: Int, replaying: [DealSeed] = [],
        aside: Bool = false
    ) {
        self.base = base
        self.journal = journal
        self.table = table
        replayed = Locked(replaying[...])
        self.aside = Atomic(aside)
    }

    /// The draws from now on are the table's own.
    func endAside() {
        aside.store(false, ordering: .sequentiallyConsistent)
    }

    func next() -> DealSeed {
        if aside.load(ordering: .sequentiallyConsistent) { return base.next() }
        if let seed = replayed.withLock({ $0.popFirst() }) { return seed }
        let seed = base.next()
        journal.seed(seed, table: table)
        return seed
    }
}
