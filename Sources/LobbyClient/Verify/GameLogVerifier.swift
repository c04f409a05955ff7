import Dispatch
import Foundation
import GameRecords
import LobbyProtocol
import Locking
import WireJSON

/// `verify --record` over a whole game log: a data directory (every segment, in order) or one
/// segment file. Every record is checked; an unreadable line is named and skipped, and the
/// rest are still checked. A last line without its newline at the end of the last segment is
/// a torn write (the server cuts it when it opens the log): it is noted, not failed.
public enum GameLogVerifier {
    /// The files to read for `path`: the segments of a directory, or the file itself.
    public static func files(at path: String) throws(ClientError) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .unreadable(path)
        }
        guard isDirectory.boolValue else { return [path] }
        let names = LogSegments.list(in: path)
        if names.isEmpty { throw .usage("'\(path)' holds no game log (games*.jsonl)") }
        return names.map { path + "/" + $0 }
    }

    /// Checks every record of the log at `path` (a data directory); only failures, notes and a
    /// summary are reported. Records are checked on every processor, and reported in order.
    public static func run(directory path: String) throws(ClientError) -> VerifyCommand.Outcome {
        let files = try files(at: path)
        var lines: [String] = []
        var checked = 0
        var failed = 0
        var deals = DealIdentitySet()
        // Record numbers run on from 1 across the segments: a gap that unreadable lines do
        // not account for is a segment, or part of one, that is gone.
        var lastRecord = 0
        var unreadableSince = 0
        var lastPlace = "the start of the log"
        let names = files.map { ($0 as NSString).lastPathComponent }
        let segmentsOfADirectory = files != [path]
        for name in LogSegments.missing(from: names) where segmentsOfADirectory {
            failed += 1
            lines.append("FAIL: \(name) is missing from the series: its records are gone")
        }
        for (position, file) in files.enumerated() {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw .unreadable(file)
            }
            let name = (file as NSString).lastPathComponent
            var records: [(number: Int, line: Data)] = []
            forEachLine(of: data) { number, line, terminated in
                if !terminated && position == files.count - 1 {
                    lines.append(
                        "NOTE: \(name) line \(number): a torn last line of \(line.count) bytes "
                            + "without its newline (the server cuts it when it opens the log)")
                } else {
                    records.append((number, line))
                }
            }
            let (failures, identified) = check(records, segment: name)
            checked += records.count
            failed += failures.count
            lines += failures
            unreadableSince += records.count - identified.count
            for (number, _, record) in identified where record > 0 {
                let missing = record - lastRecord - 1
                if missing > unreadableSince {
                    failed += 1
                    lines.append(
                        "FAIL: records \(lastRecord + 1) to \(record - 1) are in no line, between "
                            + "\(lastPlace) and \(name) line \(number): a segment or part of "
                            + "one is gone")
                }
                if record > lastRecord {
                    lastRecord = record
                    unreadableSince = 0
                }
                lastPlace = "\(name) line \(number)"
            }
            for (number, deal, _) in identified {
                let place = DealIdentitySet.Place(segment: UInt32(position), line: UInt32(number))
                guard let earlier = deals.insert(deal, at: place) else { continue }
                failed += 1
                let first = (files[Int(earlier.segment)] as NSString).lastPathComponent
                lines.append(
                    "FAIL: \(name) line \(number): deal \(deal) was stored before, at \(first) "
                        + "line \(earlier.line)")
            }
        }
        lines.append(
            failed == 0
                ? "all \(checked) checked entries are valid"
                : "\(failed) of \(checked) checked entries FAILED")
        return VerifyCommand.Outcome(lines: lines, allValid: checked > 0 && failed == 0)
    }

    /// The failure lines of the records of one segment, and the deal id of each readable
    /// record (``DealRecord/dealID``), both in line order.
    private static func check(_ records: [(number: Int, line: Data)], segment: String)
        -> (failures: [String], deals: [(number: Int, deal: String, record: Int)])
    {
        let chunk = 512
        let chunks = (records.count + chunk - 1) / chunk
        let results = ChunkResults(count: chunks)
        DispatchQueue.concurrentPerform(iterations: chunks) { index in
            let decoder = WireCodec.makeDecoder()
            var failures: [String] = []
            var readable: [(Int, String, Int)] = []
            let slice = records[(index * chunk)..<min((index + 1) * chunk, records.count)]
            for (number, line) in slice {
                guard let record = try? decoder.decode(DealRecord.self, from: line) else {
                    failures.append(
                        "FAIL: \(segment) line \(number) is not a readable game log record")
                    continue
                }
                readable.append((number, record.dealID, record.record))
                let result = RecordCheck.check(record)
                if !result.isValid {
                    failures.append(
                        "\(segment) line \(number), \(RecordCheck.label(record)): "
                            + result.explanation)
                }
            }
            results.set(index, failures, readable)
        }
        return (results.joined, results.deals)
    }

    /// Calls `body` with each non-blank line of `data`: its 1-based number, its bytes, and
    /// whether it ended with a newline.
    static func forEachLine(of data: Data, _ body: (Int, Data, Bool) -> Void) {
        var number = 0
        var start = data.startIndex
        while start < data.endIndex {
            number += 1
            let end = data[start...].firstIndex(of: UInt8(ascii: "\n"))
            let line = data[start..<(end ?? data.endIndex)]
            if !line.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }) {
                body(number, Data(line), end != nil)
            }
            start = end.map { $0 + 1 } ?? data.endIndex
        }
    }
}

/// Failure lines and deal ids found on worker threads, one chunk each, joined in
/// order afterwards.
private final class ChunkResults: Sendable {
    /// Each chunk's lines and its readable deals, by chunk.
    private let results: Locked<(chunks: [[String]], readable: [[(Int, String, Int)]])>

    init(count: Int) {
        results = Locked(
            (Array(repeating: [], count: count), Array(repeating: [], count: count)))
    }

    func set(_ index: Int, _ lines: [String], _ deals: [(Int, String, Int)]) {
        results.withLock {
            $0.chunks[index] = lines
            $0.readable[index] = deals
        }
    }

    var joined: [String] { results.withLock { $0.chunks.flatMap { $0 } } }

    var deals: [(number: Int, deal: String, record: Int)] {
        results.withLock {
            $0.readable.flatMap { $0 }.map { (number: $0.0, deal: $0.1, record: $0.2) }
        }
    }
}
