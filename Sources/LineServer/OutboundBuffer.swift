/// Bytes waiting to be written to a socket, never more than a fixed limit.
struct OutboundBuffer {
    /// The most bytes the buffer may hold.
    let limit: Int
    private var bytes: [UInt8] = []
    /// Bytes before this index were already written.
    private var start = 0

    /// Capacity kept once the buffer empties; a burst does not pin its RAM for good.
    private static let retainedCapacity = 16_384

    /// Creates an empty buffer holding at most `limit` bytes.
    init(limit: Int) {
        self.limit = limit
    }

    /// The number of bytes waiting.
    var count: Int { bytes.count - start }

    /// True when nothing is waiting.
    var isEmpty: Bool { count == 0 }

    /// Appends `chunk`, or returns false and appends nothing when the buffer would pass its
    /// limit.
    mutating func append(_ chunk: UnsafeRawBufferPointer) -> Bool {
        guard count + chunk.count <= limit else { return false }
        bytes.append(contentsOf: chunk.assumingMemoryBound(to: UInt8.self))
        return true
    }

    /// Calls `body` with the waiting bytes, oldest first.
    func withWaitingBytes<Result>(_ body: (UnsafeRawBufferPointer) -> Result) -> Result {
        bytes.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[start...])) }
    }

    /// Drops the first `written` waiting bytes.
    mutating func consume(_ written: Int) {
        precondition(written <= count, "consumed more than is waiting")
        start += written
        if start == bytes.count {
            removeAll()
        } else if start >= Self.retainedCapacity, start >= count {
            bytes.removeSubrange(0..<start)
            start = 0
        }
    }

    /// Drops everything waiting.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: bytes.capacity <= Self.retainedCapacity)
        start = 0
    }
}
