import Foundation
import LobbyProtocol

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
    /// summary are reported.
    public static func run(directory path: String) throws(ClientError) -> VerifyCommand.Outcome {
        let files = try files(at: path)
        var lines: [String] = []
        var checked = 0
        var failed = 0
        let decoder = WireCodec.makeDecoder()
        for (position, file) in files.enumerated() {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw .unreadable(file)
            }
            let name = (file as NSString).lastPathComponent
            let isLast = position == files.count - 1
            forEachLine(of: data) { number, line, terminated in
                if !terminated && isLast {
                    lines.append(
                        "NOTE: \(name) line \(number): a torn last line of \(line.count) bytes "
                            + "without its newline (the server cuts it when it opens the log)")
                    return
                }
                checked += 1
                guard let record = try? decoder.decode(DealRecord.self, from: line) else {
                    failed += 1
                    lines.append("FAIL: \(name) line \(number) is not a readable game log record")
                    return
                }
                let result = RecordCheck.check(record)
                if !result.isValid {
                    failed += 1
                    lines.append("\(name) line \(number), \(RecordCheck.label(record)): "
                        + result.explanation)
                }
            }
        }
        lines.append(
            failed == 0
                ? "all \(checked) checked entries are valid"
                : "\(failed) of \(checked) checked entries FAILED")
        return VerifyCommand.Outcome(lines: lines, allValid: checked > 0 && failed == 0)
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
