import Foundation

/// A journal's content read as a restart and compaction read it: each line's head first (see
/// ``JournalLineHead``), so that only the lines still needed are decoded, and a damaged line
/// is skipped and counted instead of stopping the start.
///
/// A line is damaged when it does not read as a journal line (the last line without its
/// newline excepted: that is a write cut off by a crash, not damage), or when its ids, time
/// or other numbers lie outside ``JournalLimits``.
struct JournalReading {
    /// The sessions and tables still alive, the highest ids and the last time.
    var contents: JournalContents
    /// The number of damaged lines skipped.
    var damaged = 0
    /// The line numbers (from 1) of the first damaged lines.
    var damagedLines: [Int] = []
    /// Sessions left out because more were held than a restart keeps.
    var sessionsDropped = 0

    /// How many damaged line numbers are kept for the warning.
    static let listedLines = 10

    /// Reads `content`; with `heldSessions`, keeps at most that many sessions: every session
    /// a table still running holds, then the newest of the others.
    init(_ content: Data, heldSessions: Int? = nil) {
        // Bytes at hand always read whole.
        self = JournalReading(JournalBytes(content), heldSessions: heldSessions)!
    }

    /// Reads `content` as ``init(_:heldSessions:)-(Data,_)`` does, a piece at a time: only
    /// the lines still needed are read again to be decoded. Nil when a read fails.
    init?(_ content: JournalBytes, heldSessions: Int? = nil) {
        var live = LiveJournalLines<Range<Int>>()
        var damaged: [Int] = []
        var count = 0
        var number = 0
        let whole = content.forEachLine { range, line, terminated in
            number += 1
            if let head = JournalLineHead(line) {
                if !live.add(range, head: head) { count += 1 }
            } else if terminated && !Self.isBlank(line) {
                count += 1
            }
            if count > damaged.count, damaged.count < Self.listedLines {
                damaged.append(number)
            }
        }
        guard whole else { return nil }
        if let heldSessions, live.sessions.count > heldSessions {
            let kept = Self.sessionsToKeep(live, in: content, cap: heldSessions)
            sessionsDropped = live.sessions.count - kept.count
            live.keepSessions(kept)
        }
        let lines = (Array(live.sessions.values) + live.tables.values.joined())
            .sorted { $0.lowerBound < $1.lowerBound }
        let decoder = JSONDecoder()
        var entries: [JournalEntry] = []
        entries.reserveCapacity(lines.count)
        for range in lines {
            guard let line = content.bytes(range) else { return nil }
            guard let entry = try? decoder.decode(JournalEntry.self, from: line), entry.isSound
            else {
                count += 1
                continue
            }
            entries.append(entry)
        }
        contents = JournalContents(entries)
        contents.lastSeen = max(contents.lastSeen, live.lastSeen)
        contents.lastTableID = max(contents.lastTableID, live.lastTableID)
        contents.lastSessionID = max(contents.lastSessionID, live.lastSessionID)
        self.damaged = count
        damagedLines = damaged
    }

    /// The sessions kept under a cap of `cap`: every one a running table's lines name, then
    /// the newest others.
    private static func sessionsToKeep(
        _ live: LiveJournalLines<Range<Int>>, in content: JournalBytes, cap: Int
    ) -> Set<Int> {
        var seated: Set<Int> = []
        for range in live.tables.values.joined() {
            let session = content.bytes(range)?.withUnsafeBytes { JournalLineHead($0)?.session }
            if let session { seated.insert(session) }
        }
        var kept = seated.intersection(live.sessions.keys)
        for id in live.sessions.keys.sorted(by: >) where kept.count < cap {
            kept.insert(id)
        }
        return kept
    }

    private static func isBlank(_ line: UnsafeRawBufferPointer) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x0D || $0 == 0x09 }
    }
}
