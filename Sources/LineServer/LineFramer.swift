import Foundation
import Glibc

/// Splits a byte stream into newline-terminated lines and refuses lines longer than a limit.
///
/// A line is everything before a `"\n"`, with one trailing `"\r"` removed, so both `LF` and
/// `CRLF` endings work. The framer never holds more than `maxLineBytes + 1` bytes of an
/// unfinished line: as soon as a line is known to exceed the limit it reports it once and
/// ignores all further input.
public struct LineFramer: Sendable {
    /// What one call to ``append(_:)`` produced.
    public struct Output: Sendable, Equatable {
        /// Complete lines, in order, without their line ending.
        public var lines: [Data] = []
        /// True on the one call that found a line longer than the limit; lines after it are
        /// dropped.
        public var lineTooLong = false
    }

    /// The longest line accepted, counted without its line ending.
    public let maxLineBytes: Int
    /// True once a line exceeded ``maxLineBytes``; from then on all input is ignored.
    public private(set) var isOverflowed = false
    private var pending: [UInt8] = []

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    /// Buffer capacity kept between lines; a rare long line does not pin its RAM.
    private static let retainedCapacity = 4_096

    /// Creates a framer accepting lines of at most `maxLineBytes` bytes.
    public init(maxLineBytes: Int) {
        precondition(maxLineBytes > 0, "maxLineBytes must be positive")
        self.maxLineBytes = maxLineBytes
    }

    /// The number of bytes of an unfinished line held so far.
    public var pendingByteCount: Int { pending.count }

    /// Feeds the next bytes of the stream and returns the lines they complete.
    public mutating func append(_ bytes: some ContiguousBytes) -> Output {
        var output = Output()
        guard !isOverflowed else { return output }
        bytes.withUnsafeBytes { raw in
            let chunk = raw.assumingMemoryBound(to: UInt8.self)
            var start = 0
            while start < chunk.count {
                let rest = UnsafeBufferPointer(rebasing: chunk[start...])
                guard let end = Self.firstNewline(in: rest) else {
                    holdUnfinished(rest, into: &output)
                    return
                }
                guard let line = completeLine(UnsafeBufferPointer(rebasing: rest[..<end])) else {
                    overflow(&output)
                    return
                }
                output.lines.append(line)
                start += end + 1
            }
        }
        return output
    }

    /// The offset of the first `"\n"` in `bytes`, found with `memchr` as lines can be long.
    private static func firstNewline(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress,
            let found = memchr(base, Int32(newline), bytes.count)
        else { return nil }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// Joins the held bytes with `tail` into a line, or returns nil when it is too long.
    private mutating func completeLine(_ tail: UnsafeBufferPointer<UInt8>) -> Data? {
        let lastByte = tail.last ?? pending.last
        let endingLength = lastByte == Self.carriageReturn ? 1 : 0
        let length = pending.count + tail.count - endingLength
        guard length <= maxLineBytes else { return nil }
        var line: Data
        if pending.isEmpty {
            line = Data(buffer: tail)
        } else {
            line = Data(capacity: pending.count + tail.count)
            line.append(contentsOf: pending)
            line.append(tail)
            pending.removeAll(keepingCapacity: pending.capacity <= Self.retainedCapacity)
        }
        line.removeLast(endingLength)
        return line
    }

    /// Keeps the bytes of a line whose end has not arrived yet, unless they already prove the
    /// line too long. One byte beyond the limit is allowed, as it may be the `"\r"` of `CRLF`.
    private mutating func holdUnfinished(
        _ tail: UnsafeBufferPointer<UInt8>, into output: inout Output
    ) {
        let total = pending.count + tail.count
        let mayStillFit =
            total <= maxLineBytes
            || (total == maxLineBytes + 1 && tail.last == Self.carriageReturn)
        guard mayStillFit else {
            overflow(&output)
            return
        }
        pending.append(contentsOf: tail)
    }

    private mutating func overflow(_ output: inout Output) {
        isOverflowed = true
        output.lineTooLong = true
        pending = []
    }
}
