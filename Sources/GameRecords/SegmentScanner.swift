import Glibc

/// One line of a segment file, as found by ``SegmentScanner``.
struct ScannedLine {
    /// Where the line starts in the file.
    var offset: Int
    /// Its length without the newline.
    var length: Int
    /// Its 1-based line number in the file.
    var number: Int
    /// False for a last line without its newline (a torn write, when the file is the last
    /// segment).
    var terminated: Bool
}

/// Reads a segment file line by line from a given offset, in large chunks.
enum SegmentScanner {
    /// The size of one read.
    static let chunkSize = 4 << 20

    /// Calls `body` with each line from `offset` (whose line number is `firstLine`) to the end
    /// of the file at `path`, with the line's bytes (without the newline).
    static func scan(
        path: String, from offset: Int, firstLine: Int,
        _ body: (ScannedLine, UnsafeRawBufferPointer) -> Void
    ) throws(GameLogError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, errno: errno) }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: chunkSize)
        var held = 0
        var fileOffset = offset
        var bufferStart = offset
        var lineNumber = firstLine
        while true {
            if held == buffer.count { buffer += [UInt8](repeating: 0, count: buffer.count) }
            let count = buffer.withUnsafeMutableBytes { raw in
                pread(fd, raw.baseAddress! + held, raw.count - held, off_t(fileOffset))
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw .cannotRead(path: path, reason: "errno \(errno)")
            }
            let atEnd = count == 0
            fileOffset += count
            held += count
            let consumed = buffer.withUnsafeBytes { raw -> Int in
                var start = 0
                while start < held {
                    guard let found = memchr(raw.baseAddress! + start, 0x0A, held - start) else {
                        break
                    }
                    let end = raw.baseAddress!.distance(to: UnsafeRawPointer(found))
                    let line = ScannedLine(
                        offset: bufferStart + start, length: end - start, number: lineNumber,
                        terminated: true)
                    body(line, UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                    lineNumber += 1
                    start = end + 1
                }
                if atEnd && start < held {
                    let line = ScannedLine(
                        offset: bufferStart + start, length: held - start, number: lineNumber,
                        terminated: false)
                    body(line, UnsafeRawBufferPointer(rebasing: raw[start..<held]))
                    start = held
                }
                return start
            }
            if atEnd { return }
            if consumed > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    let base = raw.baseAddress!
                    memmove(base, base + consumed, held - consumed)
                }
                held -= consumed
                bufferStart += consumed
            }
        }
    }
}
