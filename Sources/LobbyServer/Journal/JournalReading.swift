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
        var live = LiveJournalLines<Range<Int>>()
        var damaged: [Int] = []
        var count = 0
        content.withUnsafeBytes { bytes in
            var start = 0
            var number = 0
            while start < bytes.count {
                number += 1
                let newline = bytes[start...].firstIndex(of: 0x0A)
                let end = newline ?? bytes.count
                let line = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
                if let head = JournalLineHead(line) {
                    if !live.add(start..<end, head: head) { count += 1 }
                } else if newline != nil && !Self.isBlank(line) {
                    count += 1
                }
                if count > damaged.count, damaged.count < Self.listedLines {
                    damaged.append(number)
                }
                start = end + 1
            }
        }
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
            let bounds =
                range.lowerBound + content.startIndex..<range.upperBound + content.startIndex
            guard let entry = try? decoder.decode(JournalEntry.self, from: content[bounds]),
                entry.isSound
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
        _ live: LiveJournalLines<Range<Int>>, in content: Data, cap: Int
    ) -> Set<Int> {
        var seated: Set<Int> = []
        content.withUnsafeBytes { bytes in
            for range in live.tables.values.joined() {
                let line = UnsafeRawBufferPointer(rebasing: bytes[range])
                if let session = JournalLineHead(line)?.session { seated.insert(session) }
            }
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
