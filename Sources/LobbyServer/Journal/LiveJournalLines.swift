/// The journal's lines sorted out as a restart reads them, from their heads alone: the
/// latest line of each session not forgotten, and of each table not finished its `table`
/// line, then its latest checkpoint and every line after it. Forgotten sessions, finished
/// tables and what a checkpoint replaces drop away.
///
/// Generic over what a line is, so that ``JournalContents`` sorts decoded entries and
/// compaction sorts the byte ranges of lines it has not decoded by the same rules. Lines kept
/// here may still be of no use once decoded (a seed that does not read); lines dropped here
/// never matter.
struct LiveJournalLines<Line> {
    /// The latest time any line records, in Unix milliseconds (0 for none).
    private(set) var lastSeen: Int64 = 0
    /// The highest table id ever used.
    private(set) var lastTableID = 0
    /// The highest session id ever used.
    private(set) var lastSessionID = 0
    /// The `session` line of each session not forgotten, by id.
    private(set) var sessions: [Int: Line] = [:]
    /// Of each table not finished, by id: its `table` line, then its latest checkpoint (if
    /// any) and the seed and input lines after it, in order.
    private(set) var tables: [Int: [Line]] = [:]

    /// Adds the next line of the journal, whose head is `head`; false (and nothing changed)
    /// for a damaged line, whose ids or time lie out of range.
    @discardableResult
    mutating func add(_ line: Line, head: JournalLineHead) -> Bool {
        guard head.isSound else { return false }
        if let at = head.at { lastSeen = max(lastSeen, at) }
        switch head.kind {
        case .session:
            guard let id = head.session else { return true }
            sessions[id] = line
            lastSessionID = max(lastSessionID, id)
        case .forget:
            if let id = head.session { sessions[id] = nil }
        case .table:
            guard let id = head.table, head.hasCreate else { return true }
            tables[id] = [line]
            lastTableID = max(lastTableID, id)
        case .finished:
            if let id = head.table { tables[id] = nil }
        case .checkpoint:
            guard let id = head.table, head.hasState, let lines = tables[id] else { return true }
            tables[id] = [lines[0], line]
        case .seed, .request, .timer, .bot, .record, .storing, .postpone, .end, .storage:
            if let id = head.table { tables[id]?.append(line) }
        case .ids:
            lastSessionID = max(lastSessionID, head.session ?? 0)
            lastTableID = max(lastTableID, head.table ?? 0)
        case .clock:
            break
        }
        return true
    }

    /// Keeps only the sessions `kept` of those not forgotten (the others are dropped as if
    /// forgotten).
    mutating func keepSessions(_ kept: Set<Int>) {
        sessions = sessions.filter { kept.contains($0.key) }
    }
}
