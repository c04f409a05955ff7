import Foundation
import LobbyProtocol

/// The game log's index saved to `games.checkpoint`, so that opening a big log reads only the
/// lines written after it.
///
/// Format (version 2): the 8 bytes `BTGLCKPT`, the version as a 64-bit little-endian integer,
/// the payload, and FNV-1a-64 of the payload. The payload holds the index's parts in a fixed
/// order (see ``encode(_:fingerprints:)``).
///
/// A checkpoint is bound to the segments it covers: for each it keeps the name, the length
/// covered, and FNV-1a-64 of the first and of the last 4 KiB of that length, read again at
/// every opening (two small reads per segment). A checkpoint that is missing, of another
/// version, damaged, or whose segments are not the files in the directory (one missing or
/// renamed, shorter than covered, or with other bytes: another data directory's checkpoint)
/// is ignored, and the index is rebuilt from the segments.
enum GameLogCheckpoint {
    /// The current format version.
    static let version = 2
    /// The bytes at each end of a segment's covered length that bind the checkpoint to it.
    static let fingerprintBytes = 4_096
    /// The first bytes of every checkpoint.
    static let magic = Array("BTGLCKPT".utf8)

    /// Why a checkpoint was not used.
    enum Rejection: Error, Equatable {
        case missing
        case wrongMagic
        case wrongVersion(Int)
        case damaged
        case segmentsChanged
    }

    /// The checkpoint file's bytes for `index`, whose segments have `fingerprints`.
    static func encode(_ index: GameLogIndex, fingerprints: [SegmentFingerprint]) -> [UInt8] {
        var payload = BinaryWriter()
        payload.int(index.lastRecordNumber)
        payload.int(index.highestTable)
        payload.int(index.segments.count)
        for (segment, fingerprint) in zip(index.segments, fingerprints) {
            payload.string(segment.name)
            payload.int(segment.length)
            payload.int(segment.lines)
            payload.int(Int(Int64(bitPattern: fingerprint.head)))
            payload.int(Int(Int64(bitPattern: fingerprint.tail)))
        }
        payload.int(index.missingRecords.count)
        for gap in index.missingRecords {
            payload.int(gap.lowerBound)
            payload.int(gap.upperBound)
        }
        let parts = index.savedParts
        payload.array(parts.locations)
        payload.array(parts.entries)
        payload.int(parts.matchHands.count)
        for (entry, hands) in parts.matchHands {
            payload.int(Int(entry))
            payload.array(hands)
        }
        payload.int(parts.openMatches.count)
        for (key, open) in parts.openMatches {
            payload.int(key.table)
            payload.int(key.deal)
            payload.int(Int(open.entry))
            payload.int(Int(open.lastHand))
            payload.int(Int(open.handsPerMatch))
        }
        payload.int(parts.entriesByPlayer.count)
        for (name, entries) in parts.entriesByPlayer {
            payload.string(name)
            payload.array(entries)
        }
        payload.int(parts.standings.count)
        for (kind, board) in parts.standings {
            payload.string(kind.rawValue)
            payload.int(board.ranked.count)
            for row in board.ranked {
                payload.string(row.name)
                payload.int(row.deals)
                payload.int(row.wins)
                payload.int(row.score)
            }
        }
        payload.int(index.corruptLines.count)
        for line in index.corruptLines {
            payload.string(line.segment)
            payload.int(line.line)
        }
        var file = BinaryWriter()
        file.raw(magic)
        file.int(version)
        file.raw(payload.bytes)
        file.int(Int(Int64(bitPattern: fnv1a64(payload.bytes[...]))))
        return file.bytes
    }

    /// The index saved in `bytes`, and the fingerprints of its segments.
    static func decode(_ bytes: [UInt8]) throws(Rejection)
        -> (index: GameLogIndex, fingerprints: [SegmentFingerprint])
    {
        guard bytes.count >= magic.count + 16, Array(bytes.prefix(magic.count)) == magic else {
            throw .wrongMagic
        }
        var header = BinaryReader(bytes, from: magic.count)
        let found = (try? header.int()) ?? -1
        guard found == version else { throw .wrongVersion(found) }
        let payload = bytes[(magic.count + 8)..<(bytes.count - 8)]
        var trailer = BinaryReader(bytes, from: bytes.count - 8)
        guard let sum = try? trailer.int(), UInt64(bitPattern: Int64(sum)) == fnv1a64(payload)
        else { throw .damaged }
        do {
            return try decodePayload(
                BinaryReader(bytes, from: magic.count + 8), end: bytes.count - 8)
        } catch {
            throw .damaged
        }
    }

    private static func decodePayload(_ start: BinaryReader, end: Int) throws(BinaryReadError)
        -> (index: GameLogIndex, fingerprints: [SegmentFingerprint])
    {
        var reader = start
        let lastRecordNumber = try reader.int()
        let highestTable = try reader.int()
        var segments: [SegmentCoverage] = []
        var fingerprints: [SegmentFingerprint] = []
        for _ in 0..<(try reader.count()) {
            segments.append(
                SegmentCoverage(
                    name: try reader.string(), length: try reader.int(), lines: try reader.int()))
            fingerprints.append(
                SegmentFingerprint(
                    head: UInt64(bitPattern: Int64(try reader.int())),
                    tail: UInt64(bitPattern: Int64(try reader.int()))))
        }
        var missing: [ClosedRange<Int>] = []
        for _ in 0..<(try reader.count()) {
            let low = try reader.int()
            let high = try reader.int()
            guard low <= high else { throw .invalid }
            missing.append(low...high)
        }
        let locations = try reader.array(of: RecordLocation.self)
        let entries = try reader.array(of: Int32.self)
        var matchHands: [Int32: [Int32]] = [:]
        for _ in 0..<(try reader.count()) {
            let entry = Int32(clamping: try reader.int())
            matchHands[entry] = try reader.array(of: Int32.self)
        }
        var openMatches: [MatchKey: OpenMatch] = [:]
        for _ in 0..<(try reader.count()) {
            let key = MatchKey(table: try reader.int(), deal: try reader.int())
            openMatches[key] = OpenMatch(
                entry: Int32(clamping: try reader.int()),
                lastHand: Int32(clamping: try reader.int()),
                handsPerMatch: Int32(clamping: try reader.int()))
        }
        var entriesByPlayer: [String: [Int32]] = [:]
        for _ in 0..<(try reader.count()) {
            let name = try reader.string()
            entriesByPlayer[name] = try reader.array(of: Int32.self)
        }
        var standings: [TableKind: Standings] = [:]
        for _ in 0..<(try reader.count()) {
            guard let kind = TableKind(rawValue: try reader.string()) else { throw .invalid }
            var rows: [LeaderboardRow] = []
            for _ in 0..<(try reader.count()) {
                rows.append(
                    LeaderboardRow(
                        name: try reader.string(), deals: try reader.int(),
                        wins: try reader.int(), score: try reader.int()))
            }
            standings[kind] = Standings(ranked: rows)
        }
        var corrupt: [GameLogLine] = []
        for _ in 0..<(try reader.count()) {
            corrupt.append(GameLogLine(segment: try reader.string(), line: try reader.int()))
        }
        guard reader.offset == end else { throw .invalid }
        let valid = locations.allSatisfy { Int($0.segment) < segments.count }
            && entries.allSatisfy { $0 >= 0 && Int($0) < locations.count }
        guard valid else { throw .invalid }
        let index = GameLogIndex(
            segments: segments, locations: locations, entries: entries, matchHands: matchHands,
            openMatches: openMatches, entriesByPlayer: entriesByPlayer, standings: standings,
            lastRecordNumber: lastRecordNumber, corruptLines: corrupt, highestTable: highestTable,
            missingRecords: missing)
        return (index, fingerprints)
    }

    /// Reads the checkpoint in `directory` and checks it against the segment files found
    /// there (`segments`, in log order): each segment it covers must still be there, in the
    /// same order, at least as long as it was, with the same bytes at both ends of what it
    /// covers.
    static func load(directory: String, segments: [String]) throws(Rejection) -> GameLogIndex {
        let path = directory + "/" + LogSegments.checkpointName
        guard let bytes = readFile(path) else { throw .missing }
        let (index, fingerprints) = try decode(bytes)
        guard index.segments.count <= segments.count else { throw .segmentsChanged }
        for ((covered, fingerprint), name) in zip(zip(index.segments, fingerprints), segments) {
            let file = directory + "/" + name
            guard covered.name == name, fileSize(file) >= covered.length,
                SegmentFingerprint(of: file, length: covered.length) == fingerprint
            else { throw .segmentsChanged }
        }
        return index
    }

    /// What a checkpoint that was not used still tells of this directory's own log, when it
    /// is this log's: every segment it covers that is still there holds the same bytes, so the
    /// segments it covers that are gone were removed, and the record numbers and table ids it
    /// counted were handed out here. Nil for a checkpoint that is missing, damaged or another
    /// log's.
    static func inspect(directory: String, segments: [String])
        -> (lastRecordNumber: Int, highestTable: Int, removed: [String])?
    {
        guard let bytes = readFile(directory + "/" + LogSegments.checkpointName),
            let (index, fingerprints) = try? decode(bytes)
        else { return nil }
        let present = Set(segments)
        var removed: [String] = []
        for (covered, fingerprint) in zip(index.segments, fingerprints) {
            guard present.contains(covered.name) else {
                removed.append(covered.name)
                continue
            }
            let file = directory + "/" + covered.name
            guard SegmentFingerprint(of: file, length: covered.length) == fingerprint else {
                return nil
            }
        }
        return (index.lastRecordNumber, index.highestTable, removed)
    }

    /// Writes the checkpoint of `index` into `directory` atomically: a temporary file, flushed,
    /// renamed over the old one, and the directory flushed. On failure (a full disk) the
    /// temporary file is removed, so that it holds no space, and the old checkpoint stays.
    static func save(_ index: GameLogIndex, directory: String) throws(GameLogError) {
        let path = directory + "/" + LogSegments.checkpointName
        let temporary = path + ".tmp"
        let fingerprints = index.segments.map { segment in
            SegmentFingerprint(of: directory + "/" + segment.name, length: segment.length)
                ?? SegmentFingerprint(head: 0, tail: 0)
        }
        let bytes = encode(index, fingerprints: fingerprints)
        do {
            unlink(temporary)
            let file = try AppendOnlyFile(path: temporary)
            try file.append(bytes, sync: true)
        } catch {
            unlink(temporary)
            throw .cannotWriteCheckpoint(path: path, reason: error.reason)
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw .cannotWriteCheckpoint(path: path, reason: reason)
        }
        AppendOnlyFile.syncDirectory(containing: path)
    }

    /// The whole file at `path`, read straight into one array (a big checkpoint is not held
    /// twice); nil when it cannot be read.
    private static func readFile(_ path: String) -> [UInt8]? {
        let size = fileSize(path)
        guard size >= 0 else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var complete = false
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            var done = 0
            while done < size {
                let count = pread(fd, buffer.baseAddress! + done, size - done, off_t(done))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { break }
                done += count
            }
            initialized = done
            complete = done == size
        }
        return complete ? bytes : nil
    }

    static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }
}

/// What binds a checkpoint to one segment file: FNV-1a-64 of the first and of the last
/// ``GameLogCheckpoint/fingerprintBytes`` of the length it covers (the whole of a shorter
/// one).
struct SegmentFingerprint: Equatable {
    var head: UInt64
    var tail: UInt64

    init(head: UInt64, tail: UInt64) {
        self.head = head
        self.tail = tail
    }

    /// The fingerprint of the first `length` bytes of the file at `path`; nil when they
    /// cannot be read.
    init?(of path: String, length: Int) {
        let size = min(GameLogCheckpoint.fingerprintBytes, length)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        guard let first = Self.read(fd, at: 0, count: size),
            let last = Self.read(fd, at: length - size, count: size)
        else { return nil }
        head = fnv1a64(first[...])
        tail = fnv1a64(last[...])
    }

    private static func read(_ fd: Int32, at offset: Int, count: Int) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let read = bytes.withUnsafeMutableBytes { raw in
                pread(fd, raw.baseAddress! + done, count - done, off_t(offset + done))
            }
            if read < 0 && errno == EINTR { continue }
            guard read > 0 else { return nil }
            done += read
        }
        return bytes
    }
}
