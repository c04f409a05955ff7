import CardGames
import LobbyProtocol
import TableCore

/// What the journal holds of one table still running: how it was created, its latest
/// checkpoint, and the seeds it drew and the inputs its core was fed since, in order.
struct JournaledTable: Equatable {
    /// The `table` line: id, `create` request, creator and owner.
    var created: JournalEntry
    /// The latest `checkpoint` line, if the table wrote one.
    var checkpoint: JournalEntry?
    /// The seeds drawn since the checkpoint (or the start), in order.
    var seeds: [DealSeed] = []
    /// The input lines since the checkpoint (or the start), in order.
    var inputs: [JournalEntry] = []
    /// How long the server was down before this start, in milliseconds: the table's timers
    /// move that much later when it is rebuilt.
    var downtime: Milliseconds = 0

    /// The table of `lines`, as ``LiveJournalLines`` keeps them: its `table` line, then its
    /// latest checkpoint (if any) and the lines after it.
    init(_ lines: [JournalEntry]) {
        created = lines[0]
        var rest = lines.dropFirst()
        if rest.first?.kind == .checkpoint { checkpoint = rest.removeFirst() }
        for line in rest {
            if line.kind == .seed {
                if let seed = line.seed.flatMap(DealSeed.init(hex:)) { seeds.append(seed) }
            } else {
                inputs.append(line)
            }
        }
    }
}

/// The journal read back: the sessions and tables still alive, in the order they were made,
/// the highest ids handed out, and the last time the server was known to run.
struct JournalContents: Equatable {
    /// The `session` lines of sessions not forgotten.
    var sessions: [JournalEntry] = []
    /// The tables not finished, by id order.
    var tables: [JournaledTable] = []
    /// The highest table id ever used.
    var lastTableID = 0
    /// The highest session id ever used.
    var lastSessionID = 0
    /// The latest time any line records, in Unix milliseconds (0 for none).
    var lastSeen: Int64 = 0

    /// Sorts `entries` out: forgotten sessions and finished tables drop away.
    init(_ entries: [JournalEntry]) {
        var live = LiveJournalLines<JournalEntry>()
        for entry in entries { live.add(entry, head: entry.head) }
        lastSeen = live.lastSeen
        lastTableID = live.lastTableID
        lastSessionID = live.lastSessionID
        sessions = live.sessions.keys.sorted().compactMap { live.sessions[$0] }
        tables = live.tables.keys.sorted().compactMap { live.tables[$0].map(JournaledTable.init) }
    }

    /// The lines that rebuild the same sessions, tables, ids and last time: what a compacted
    /// journal holds. Of each table, only its latest checkpoint and the lines after it.
    var entries: [JournalEntry] {
        var ids = JournalEntry(.ids, table: lastTableID)
        ids.session = lastSessionID
        var entries = [ids]
        if lastSeen > 0 { entries.append(JournalEntry(.clock, at: lastSeen)) }
        entries += sessions
        for table in tables {
            entries.append(table.created)
            if let checkpoint = table.checkpoint { entries.append(checkpoint) }
            for seed in table.seeds {
                var entry = JournalEntry(.seed, table: table.created.table)
                entry.seed = seed.hex
                entries.append(entry)
            }
            entries += table.inputs
        }
        return entries
    }
}
