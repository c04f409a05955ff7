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
        var sessions: [Int: JournalEntry] = [:]
        var tables: [Int: JournaledTable] = [:]
        for entry in entries {
            if let at = entry.at { lastSeen = max(lastSeen, at) }
            switch entry.kind {
            case .session:
                guard let id = entry.session else { continue }
                sessions[id] = entry
                lastSessionID = max(lastSessionID, id)
            case .forget:
                if let id = entry.session { sessions[id] = nil }
            case .table:
                guard let id = entry.table, entry.create != nil else { continue }
                tables[id] = JournaledTable(created: entry)
                lastTableID = max(lastTableID, id)
            case .seed:
                guard let id = entry.table, let seed = entry.seed.flatMap(DealSeed.init(hex:))
                else { continue }
                tables[id]?.seeds.append(seed)
            case .finished:
                if let id = entry.table { tables[id] = nil }
            case .checkpoint:
                guard let id = entry.table, entry.state != nil, let table = tables[id] else {
                    continue
                }
                tables[id] = JournaledTable(created: table.created, checkpoint: entry)
            case .request, .timer, .bot, .record, .storing, .postpone, .end:
                if let id = entry.table { tables[id]?.inputs.append(entry) }
            case .ids:
                lastSessionID = max(lastSessionID, entry.session ?? 0)
                lastTableID = max(lastTableID, entry.table ?? 0)
            case .clock:
                break
            }
        }
        self.sessions = sessions.keys.sorted().compactMap { sessions[$0] }
        self.tables = tables.keys.sorted().compactMap { tables[$0] }
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
