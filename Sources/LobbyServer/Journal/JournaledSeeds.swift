import CardGames
import Synchronization
import TableCore

/// A table's seed source when the server keeps a journal: while the table is rebuilt it
/// hands out the seeds the journal holds, in order; then it draws from the server's source
/// and journals each seed before the deal is announced.
final class JournaledSeeds: SeedSource {
    private let base: any SeedSource
    private let journal: TableJournal
    private let table: Int
    private let replayed: Mutex<ArraySlice<DealSeed>>

    /// Seeds for `table` from `base`, after the `replaying` ones.
    init(base: any SeedSource, journal: TableJournal, table: Int, replaying: [DealSeed] = []) {
        self.base = base
        self.journal = journal
        self.table = table
        replayed = Mutex(replaying[...])
    }

    func next() -> DealSeed {
        if let seed = replayed.withLock({ $0.popFirst() }) { return seed }
        let seed = base.next()
        journal.seed(seed, table: table)
        return seed
    }
}
