import Foundation
import LobbyProtocol

/// The records read from the bytes of a game log file, and where the good part ends.
///
/// Every complete line that decodes is a record. A last line without its newline, or a last
/// line that does not decode, is a torn write: it ends the good part. Any other line that
/// does not decode is corrupt and skipped. Blank lines are ignored.
struct GameLogScan {
    /// The records, in file order.
    var records: [DealRecord] = []
    /// The length of the file up to the end of the last line kept.
    var goodLength = 0
    /// 1-based line numbers of corrupt lines before the last line.
    var corruptLines: [Int] = []

    init(_ bytes: Data) {
        let decoder = WireCodec.makeDecoder()
        let newline = UInt8(ascii: "\n")
        var start = bytes.startIndex
        var lineNumber = 0
        while start < bytes.endIndex {
            lineNumber += 1
            let end = bytes[start...].firstIndex(of: newline)
            let lineEnd = end ?? bytes.endIndex
            let line = bytes[start..<lineEnd]
            guard let end else { break }
            let next = end + 1
            let isLast = next == bytes.endIndex
            if Self.isBlank(line) {
                goodLength = next - bytes.startIndex
            } else if let record = try? decoder.decode(DealRecord.self, from: Data(line)) {
                records.append(record)
                goodLength = next - bytes.startIndex
            } else if isLast {
                break
            } else {
                corruptLines.append(lineNumber)
                goodLength = next - bytes.startIndex
            }
            start = next
        }
    }

    private static func isBlank(_ line: Data) -> Bool {
        line.allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r") }
    }
}
