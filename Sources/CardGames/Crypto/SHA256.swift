/// SHA-256 as specified in FIPS 180-4, for deal commitments and derived deal seeds.
///
/// The server hashes every deal, so the hash works on contiguous bytes directly and only the
/// final one or two padded blocks are copied.
public enum SHA256 {
    /// The length of a digest in bytes.
    public static let digestByteCount = 32

    /// The 32-byte SHA-256 digest of `bytes`.
    public static func hash<S: Sequence>(_ bytes: S) -> [UInt8] where S.Element == UInt8 {
        if let digest = bytes.withContiguousStorageIfAvailable({ hash(contiguous: $0) }) {
            return digest
        }
        return Array(bytes).withUnsafeBufferPointer { hash(contiguous: $0) }
    }

    /// Lowercase hexadecimal text for `bytes`, two digits per byte.
    public static func hex(_ bytes: [UInt8]) -> String {
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The lowercase hexadecimal SHA-256 digest of the UTF-8 encoding of `string`.
    public static func hexDigest(_ string: String) -> String {
        hex(hash(string.utf8))
    }

    private static func hash(contiguous message: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var state = SHA256State()
        let fullBlocks = message.count / 64
        let remainder = message.count - fullBlocks * 64

        // Padding: a single 1 bit, zeros, then the message length in bits as a big-endian
        // 64-bit number, ending on a block boundary (one extra block when fewer than 9 bytes
        // of the last block are free).
        var tail = [UInt8](repeating: 0, count: remainder < 56 ? 64 : 128)
        for index in 0..<remainder {
            tail[index] = message[fullBlocks * 64 + index]
        }
        tail[remainder] = 0x80
        let bitLength = UInt64(message.count) &* 8
        for index in 0..<8 {
            tail[tail.count - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> (8 * index))
        }

        SHA256State.roundConstants.withUnsafeBufferPointer { constants in
            withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 64) { schedule in
                if let base = message.baseAddress {
                    for block in 0..<fullBlocks {
                        state.compress(
                            block: base + block * 64, schedule: schedule, constants: constants)
                    }
                }
                tail.withUnsafeBufferPointer { padded in
                    for offset in stride(from: 0, to: padded.count, by: 64) {
                        state.compress(
                            block: padded.baseAddress! + offset, schedule: schedule,
                            constants: constants)
                    }
                }
            }
        }
        return state.digest
    }
}
