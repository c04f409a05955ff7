import Foundation
import Glibc

/// A journal's bytes, read line by line a piece at a time and again by range: bytes at
/// hand, or a file read through a descriptor. Compaction and a restart read a journal file
/// this way, so that a big journal is never held whole: only the lines still needed
/// are read a second time, and they are few (the live sessions, and each table's lines since
/// its checkpoint).
struct JournalBytes {
    /// The number of bytes.
    let length: Int
    private let source: Source
    /// The bytes read from a file at a time.
    private let piece: Int

    private enum Source {
        case bytes(Data)
        case file(Int32)
    }

    /// The bytes read from a file at a time, unless told otherwise.
    static let pieceBytes = 1 << 20

    /// Bytes already at hand.
    init(_ data: Data) {
        length = data.count
        source = .bytes(data)
        piece = data.count
    }

    /// The first `length` bytes of the file open as `descriptor` (which the caller closes),
    /// read `pieceBytes` at a time.
    init(descriptor: Int32, length: Int, pieceBytes: Int = Self.pieceBytes) {
        self.length = length
        source = .file(descriptor)
        piece = max(1, pieceBytes)
    }

    /// The bytes `range`, or nil when they cannot all be read.
    func bytes(_ range: Range<Int>) -> Data? {
        guard range.lowerBound >= 0, range.upperBound <= length else { return nil }
        switch source {
        case .bytes(let data):
            let start = data.startIndex
            return data.subdata(in: (start + range.lowerBound)..<(start + range.upperBound))
        case .file(let descriptor):
            return Self.read(descriptor, range)
        }
    }

    /// Calls `body` with each line in order: its range (without the newline), its bytes, and
    /// whether a newline ends it (only the last line may lack one). Reads a piece at a time;
    /// false when a read failed (the lines before it were handed over).
    func forEachLine(_ body: (Range<Int>, UnsafeRawBufferPointer, _ terminated: Bool) -> Void)
        -> Bool
    {
        if case .bytes(let data) = source {
            _ = data.withUnsafeBytes { Self.lines(in: $0, at: 0, final: true, body) }
            return true
        }
        var start = 0
        var carried = Data()
        while start + carried.count < length {
            let from = start + carried.count
            guard let piece = bytes(from..<min(length, from + piece)) else {
                return false
            }
            carried.append(piece)
            let final = start + carried.count == length
            let used = carried.withUnsafeBytes {
                Self.lines(in: $0, at: start, final: final, body)
            }
            start += used
            carried = used == carried.count ? Data() : carried.subdata(in: used..<carried.count)
        }
        return true
    }

    /// Hands over the lines of `bytes`, which begin at `offset` in the journal: every line a
    /// newline ends, and the rest too when `final`; returns how many bytes it handed over.
    private static func lines(
        in bytes: UnsafeRawBufferPointer, at offset: Int, final: Bool,
        _ body: (Range<Int>, UnsafeRawBufferPointer, Bool) -> Void
    ) -> Int {
        var start = 0
        while start < bytes.count {
            guard let newline = bytes[start...].firstIndex(of: 0x0A) else {
                guard final else { return start }
                body(
                    (offset + start)..<(offset + bytes.count),
                    UnsafeRawBufferPointer(rebasing: bytes[start...]), false)
                return bytes.count
            }
            body(
                (offset + start)..<(offset + newline),
                UnsafeRawBufferPointer(rebasing: bytes[start..<newline]), true)
            start = newline + 1
        }
        return start
    }

    /// The bytes `range` of the file open as `fd`, or nil when they cannot all be read.
    static func read(_ fd: Int32, _ range: Range<Int>) -> Data? {
        var data = Data(count: range.count)
        let complete = data.withUnsafeMutableBytes { raw -> Bool in
            var done = 0
            while done < range.count {
                let count = pread(
                    fd, raw.baseAddress! + done, range.count - done,
                    off_t(range.lowerBound + done))
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else { return false }
                done += count
            }
            return true
        }
        return complete ? data : nil
    }
}
