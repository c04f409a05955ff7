/// Builds a little binary file: fixed-width integers, strings and raw arrays of plain values.
/// Arrays are written as the machine lays them out in RAM, which is little-endian on every platform
/// the server runs on.
struct BinaryWriter {
    private(set) var bytes: [UInt8] = []

    mutating func int(_ value: Int) {
        withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
    }

    mutating func string(_ value: String) {
        let utf8 = Array(value.utf8)
        int(utf8.count)
        bytes += utf8
    }

    mutating func array<Element: BitwiseCopyable>(_ values: [Element]) {
        int(values.count)
        values.withUnsafeBytes { bytes.append(contentsOf: $0) }
    }

    mutating func raw(_ values: [UInt8]) { bytes += values }
}

/// Why a binary file could not be read back.
enum BinaryReadError: Error, Equatable {
    /// The file ends before a value it announces.
    case truncated
    /// A count or string is not possible.
    case invalid
}

/// Reads what a ``BinaryWriter`` wrote, checking every length against the bytes left.
struct BinaryReader {
    private let bytes: [UInt8]
    private(set) var offset: Int

    init(_ bytes: [UInt8], from offset: Int = 0) {
        self.bytes = bytes
        self.offset = offset
    }

    /// True when every byte was read.
    var isAtEnd: Bool { offset == bytes.count }

    mutating func int() throws(BinaryReadError) -> Int {
        guard bytes.count - offset >= 8 else { throw .truncated }
        var value: Int64 = 0
        withUnsafeMutableBytes(of: &value) { raw in
            bytes.withUnsafeBytes { source in
                raw.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + 8]))
            }
        }
        offset += 8
        return Int(Int64(littleEndian: value))
    }

    mutating func count() throws(BinaryReadError) -> Int {
        let value = try int()
        guard value >= 0, value <= bytes.count - offset else { throw .invalid }
        return value
    }

    mutating func string() throws(BinaryReadError) -> String {
        let length = try count()
        guard bytes.count - offset >= length else { throw .truncated }
        defer { offset += length }
        guard let text = String(validating: bytes[offset..<offset + length], as: UTF8.self)
        else { throw .invalid }
        return text
    }

    mutating func array<Element: BitwiseCopyable>(of type: Element.Type) throws(BinaryReadError)
        -> [Element]
    {
        let count = try count()
        let size = count * MemoryLayout<Element>.stride
        guard bytes.count - offset >= size else { throw .truncated }
        let values = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            bytes.withUnsafeBytes { source in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: source[offset..<offset + size]))
            }
            initialized = count
        }
        offset += size
        return values
    }

    mutating func raw(_ count: Int) throws(BinaryReadError) -> ArraySlice<UInt8> {
        guard bytes.count - offset >= count else { throw .truncated }
        defer { offset += count }
        return bytes[offset..<offset + count]
    }
}

/// FNV-1a, 64 bits: a checksum that catches a damaged checkpoint.
func fnv1a64(_ bytes: ArraySlice<UInt8>) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
        hash ^= UInt64(byte)
        hash &*= 0x0000_0100_0000_01b3
    }
    return hash
}
