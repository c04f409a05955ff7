import Foundation
import LobbyProtocol

/// The game log's index saved to `games.checkpoint`, so that opening a big log reads only the
/// lines written after it.
///
/// Format (version 1): the 8 bytes `BTGLCKPT`, the version as a 64-bit little-endian integer,
/// the payload, and FNV-1a-64 of the payload. The payload holds the index's parts in a fixed
/// order (see ``encode(_:)``). A checkpoint that is missing, of another version, damaged, or
/// that covers more of a segment than the file holds is ignored, and the index is rebuilt
/// from the segments.
enum GameLogCheckpoint {
    /// The current format version.
    static let version = 1
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

    /// The checkpoint file's bytes for `index`.
    static func encode(_ index: GameLogIndex) -> [UInt8] {
        var payload = BinaryWriter()
        payload.int(index.lastRecordNumber)
        payload.int(index.segments.count)
        for segment in index.segments {
            payload.string(segment.name)
            payload.int(segment.length)
            payload.int(segment.lines)
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

    /// The index saved in `bytes`.
    static func decode(_ bytes: [UInt8]) throws(Rejection) -> GameLogIndex {
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
        -> GameLogIndex
    {
        var reader = start
        let lastRecordNumber = try reader.int()
        var segments: [SegmentCoverage] = []
        for _ in 0..<(try reader.count()) {
            segments.append(
                SegmentCoverage(
                    name: try reader.string(), length: try reader.int(), lines: try reader.int()))
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
        return GameLogIndex(
            segments: segments, locations: locations, entries: entries, matchHands: matchHands,
            openMatches: openMatches, entriesByPlayer: entriesByPlayer, standings: standings,
            lastRecordNumber: lastRecordNumber, corruptLines: corrupt)
    }

    /// Reads the checkpoint in `directory` and checks it against the segment files found
    /// there (`segments`, in log order): each segment it covers must still be there, in the
    /// same order, at least as long as it was.
    static func load(directory: String, segments: [String]) throws(Rejection) -> GameLogIndex {
        let path = directory + "/" + LogSegments.checkpointName
        guard let bytes = readFile(path) else { throw .missing }
        let index = try decode(bytes)
        guard index.segments.count <= segments.count else { throw .segmentsChanged }
        for (covered, name) in zip(index.segments, segments) {
            guard covered.name == name, fileSize(directory + "/" + name) >= covered.length else {
                throw .segmentsChanged
            }
        }
        return index
    }

    /// Writes the checkpoint of `index` into `directory` atomically: a temporary file, flushed,
    /// renamed over the old one, and the directory flushed. On failure (a full disk) the
    /// temporary file is removed, so that it holds no space, and the old checkpoint stays.
    static func save(_ index: GameLogIndex, directory: String) throws(GameLogError) {
        let path = directory + "/" + LogSegments.checkpointName
        let temporary = path + ".tmp"
        let bytes = encode(index)
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

    private static func fileSize(_ path: String) -> Int {
        var info = stat()
        return stat(path, &info) == 0 ? Int(info.st_size) : -1
    }
}
