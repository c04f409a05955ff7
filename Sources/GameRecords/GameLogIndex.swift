import LobbyProtocol

/// Where one record's line is: its segment (by position in the segment list), its offset in
/// that file, and its length without the newline.
struct RecordLocation: Equatable, Sendable, BitwiseCopyable {
    var offset: Int64
    var segment: UInt32
    var length: UInt32
}

/// One `history` entry to read: its records' lines (the latest few hands of a long E-Card
/// match) and, for E-Card, how many hands it has.
struct HistoryEntry {
    var entry: Int32
    var locations: [RecordLocation]
    var handCount: Int?
}

/// A segment file and how much of it the index covers.
struct SegmentCoverage: Equatable {
    /// The file name inside the data directory.
    var name: String
    /// The end of the last line the index has read.
    var length: Int
    /// The number of lines read (good, blank or corrupt).
    var lines: Int
}

/// An E-Card match whose hands are still arriving: the entry they join.
struct OpenMatch: Equatable {
    var entry: Int32
    var lastHand: Int32
    var handsPerMatch: Int32
}

/// The key of an E-Card match at a table.
struct MatchKey: Hashable {
    var table: Int
    var deal: Int
}

/// What the game log keeps in RAM: where each record is, the `history` entries (a Big Two
/// deal, or an E-Card match gathering its hands), each player's entries, and one ranked
/// leaderboard per game. Records themselves stay on disk.
struct GameLogIndex: Equatable {
    /// The segments, in log order, and how far each is read.
    var segments: [SegmentCoverage] = []
    /// Each record's line, in log order (a record's position is its index here).
    private(set) var locations: [RecordLocation] = []
    /// Each `history` entry's first record position, oldest first.
    private(set) var entries: [Int32] = []
    /// The record positions of each E-Card entry, oldest first.
    private(set) var matchHands: [Int32: [Int32]] = [:]
    /// E-Card matches whose next hand would join their entry.
    private(set) var openMatches: [MatchKey: OpenMatch] = [:]
    /// The entries each player (bots included) sat in, oldest first.
    private(set) var entriesByPlayer: [String: [Int32]] = [:]
    /// One leaderboard per game; bots are left out.
    private(set) var standings: [TableKind: Standings] = [:]
    /// The highest record number seen, or 0.
    var lastRecordNumber = 0
    /// Unreadable lines kept in the segments and skipped.
    var corruptLines: [GameLogLine] = []
    /// The highest table id any record names, or 0: a new table never takes an id at or
    /// below it, even when the journal that counts ids is lost.
    var highestTable = 0
    /// Record numbers missing from the log: a record numbered past the one before it plus
    /// one leaves a gap (a segment removed, or an unreadable line).
    var missingRecords: [ClosedRange<Int>] = []

    /// The number of records indexed.
    var count: Int { locations.count }

    /// Adds `record`, whose line is at `location`.
    mutating func add(_ record: DealRecord, at location: RecordLocation) {
        add(IndexedRecord(record), at: location)
    }

    /// Adds the record whose index fields are `record`, whose line is at `location`. With
    /// `rankingLater`, the leaderboards only count it, and show it once
    /// ``rankLeaderboards()`` has run: for a rebuild, which adds every record at once.
    mutating func add(
        _ record: IndexedRecord, at location: RecordLocation, rankingLater: Bool = false
    ) {
        let position = Int32(locations.count)
        locations.append(location)
        if record.record > lastRecordNumber + 1 {
            missingRecords.append((lastRecordNumber + 1)...(record.record - 1))
        }
        lastRecordNumber = max(lastRecordNumber, record.record)
        highestTable = max(highestTable, record.table)
        let entry = entryJoined(by: record, at: position)
        let players = record.players
        // Seats are few: a name's first seat is found by looking at the seats before it,
        // without a set made per record.
        for (seat, name) in players.enumerated() where !players[..<seat].contains(name) {
            func join(_ list: inout [Int32]) {
                if list.last != entry { list.append(entry) }
            }
            join(&entriesByPlayer[name, default: []])
            guard let winner = record.winner, !DealRecord.isBot(name) else { continue }
            var score = 0
            var won = false
            for other in seat..<players.count where players[other] == name {
                if other < record.scores.count { score += record.scores[other] }
                if other == winner { won = true }
            }
            // Changed in place: a copy of the board would copy every row.
            if rankingLater {
                standings[record.kind, default: Standings()].tally(name, won: won, score: score)
            } else {
                standings[record.kind, default: Standings()].add(name, won: won, score: score)
            }
        }
    }

    /// Ranks the leaderboards after records added with `rankingLater`.
    mutating func rankLeaderboards() {
        for kind in standings.keys { standings[kind]?.rank() }
    }

    /// The entry `record` belongs to: a new one, or the open E-Card match it continues.
    private mutating func entryJoined(by record: IndexedRecord, at position: Int32) -> Int32 {
        guard record.kind == .ecard, let hand = record.hand else {
            entries.append(position)
            return Int32(entries.count - 1)
        }
        let key = MatchKey(table: record.table, deal: record.deal)
        let entry: Int32
        if hand > 1, let open = openMatches[key], Int(open.lastHand) == hand - 1 {
            entry = open.entry
            matchHands[entry, default: []].append(position)
        } else {
            entries.append(position)
            entry = Int32(entries.count - 1)
            matchHands[entry] = [position]
        }
        let length = Int32(clamping: record.handsPerMatch ?? 0)
        if hand >= length {
            openMatches[key] = nil
        } else {
            openMatches[key] = OpenMatch(
                entry: entry, lastHand: Int32(clamping: hand), handsPerMatch: length)
        }
        return entry
    }

    /// The entries of one page of `history`, most recent first, and the cursor of the next
    /// page.
    func historyPage(_ query: HistoryQuery) -> (entries: [HistoryEntry], nextCursor: Int?) {
        // A cursor past the end is none this log gave: its page is empty.
        if let cursor = query.cursor, cursor > entries.count { return ([], nil) }
        let upper = min(query.cursor ?? entries.count, entries.count)
        let chosen: [Int32]
        var more = false
        if let player = query.player {
            let list = entriesByPlayer[player] ?? []
            let end = Self.lowerBound(list, Int32(clamping: upper))
            let start = max(0, end - query.pageSize)
            chosen = Array(list[start..<end])
            more = start > 0
        } else {
            let start = max(0, upper - query.pageSize)
            chosen = Array(Int32(start)..<Int32(upper))
            more = start > 0
        }
        let page = chosen.reversed().map { entry -> HistoryEntry in
            guard let hands = matchHands[entry] else {
                return HistoryEntry(
                    entry: entry, locations: [locations[Int(entries[Int(entry)])]],
                    handCount: nil)
            }
            let listed = hands.suffix(DealSummary.maximumHands)
            return HistoryEntry(
                entry: entry, locations: listed.map { locations[Int($0)] },
                handCount: hands.count)
        }
        return (page, more ? chosen.first.map(Int.init) : nil)
    }

    /// One page of a game's leaderboard.
    func leaderboardPage(_ query: LeaderboardQuery) -> LeaderboardReply {
        let ranked = standings[query.game]?.ranked ?? []
        let start = min(query.cursor ?? 0, ranked.count)
        let end = min(start + query.pageSize, ranked.count)
        return LeaderboardReply(
            kind: query.game, start: start, players: Array(ranked[start..<end]),
            nextCursor: end < ranked.count ? end : nil)
    }

    /// The location of the record at `position` in log order.
    func location(at position: Int) -> RecordLocation { locations[position] }

    /// The number of elements of the sorted `list` below `value`.
    private static func lowerBound(_ list: [Int32], _ value: Int32) -> Int {
        var low = 0
        var high = list.count
        while low < high {
            let middle = (low + high) / 2
            if list[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

extension GameLogIndex {
    /// The parts a checkpoint saves beyond the segments, last number and corrupt lines.
    var savedParts:
        (
            locations: [RecordLocation], entries: [Int32], matchHands: [Int32: [Int32]],
            openMatches: [MatchKey: OpenMatch], entriesByPlayer: [String: [Int32]],
            standings: [TableKind: Standings]
        )
    {
        (locations, entries, matchHands, openMatches, entriesByPlayer, standings)
    }
}
