/// SHA-1 as specified in FIPS 180-4, for the one thing RFC 6455 uses it for: the
/// `Sec-WebSocket-Accept` value of the opening handshake. (SHA-1 is broken for signatures and
/// must not be used where collisions matter; here it only proves the server read the key.)
public enum SHA1 {
    /// The length of a digest in bytes.
    public static let digestByteCount = 20

    /// The 20-byte SHA-1 digest of `bytes`.
    public static func hash(_ bytes: some Sequence<UInt8>) -> [UInt8] {
        if let digest = bytes.withContiguousStorageIfAvailable({ hash(contiguous: $0) }) {
            return digest
        }
        return Array(bytes).withUnsafeBufferPointer { hash(contiguous: $0) }
    }

    private static func hash(contiguous message: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        var state = SHA1State()
        let fullBlocks = message.count / 64
        let remainder = message.count - fullBlocks * 64
        // Padding (section 5.1.1): a 1 bit, zeros, and the length in bits as a big-endian
        // 64-bit number, ending on a block boundary.
        var tail = [UInt8](repeating: 0, count: remainder < 56 ? 64 : 128)
        for index in 0..<remainder {
            tail[index] = message[fullBlocks * 64 + index]
        }
        tail[remainder] = 0x80
        let bitLength = UInt64(message.count) &* 8
        for index in 0..<8 {
            tail[tail.count - 1 - index] = UInt8(truncatingIfNeeded: bitLength >> (8 * index))
        }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 80) { schedule in
            if let base = message.baseAddress {
                for block in 0..<fullBlocks {
                    state.compress(block: base + block * 64, schedule: schedule)
                }
            }
            tail.withUnsafeBufferPointer { padded in
                for offset in stride(from: 0, to: padded.count, by: 64) {
                    state.compress(block: padded.baseAddress! + offset, schedule: schedule)
                }
            }
        }
        return state.digest
    }
}

/// The five working words of SHA-1 and its block compression (FIPS 180-4, sections 4.1.1,
/// 5.3.1 and 6.1.2).
struct SHA1State {
    private var h0: UInt32 = 0x6745_2301
    private var h1: UInt32 = 0xEFCD_AB89
    private var h2: UInt32 = 0x98BA_DCFE
    private var h3: UInt32 = 0x1032_5476
    private var h4: UInt32 = 0xC3D2_E1F0

    /// Folds one 64-byte block into the hash words; `schedule` is scratch for 80 words.
    mutating func compress(block: UnsafePointer<UInt8>, schedule: UnsafeMutableBufferPointer<UInt32>) {
        let w = schedule.baseAddress!
        for t in 0..<16 {
            let byte = block + 4 * t
            w[t] =
                UInt32(byte[0]) << 24 | UInt32(byte[1]) << 16 | UInt32(byte[2]) << 8
                | UInt32(byte[3])
        }
        for t in 16..<80 {
            w[t] = rotateLeft(w[t - 3] ^ w[t - 8] ^ w[t - 14] ^ w[t - 16], 1)
        }
        var (a, b, c, d, e) = (h0, h1, h2, h3, h4)
        for t in 0..<80 {
            let (f, k): (UInt32, UInt32) =
                switch t {
                case 0..<20: ((b & c) | (~b & d), 0x5A82_7999)
                case 20..<40: (b ^ c ^ d, 0x6ED9_EBA1)
                case 40..<60: ((b & c) | (b & d) | (c & d), 0x8F1B_BCDC)
                default: (b ^ c ^ d, 0xCA62_C1D6)
                }
            let temp = rotateLeft(a, 5) &+ f &+ e &+ k &+ w[t]
            e = d
            d = c
            c = rotateLeft(b, 30)
            b = a
            a = temp
        }
        h0 &+= a
        h1 &+= b
        h2 &+= c
        h3 &+= d
        h4 &+= e
    }

    /// The hash words as 20 big-endian bytes.
    var digest: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        for word in [h0, h1, h2, h3, h4] {
            bytes.append(UInt8(truncatingIfNeeded: word >> 24))
            bytes.append(UInt8(truncatingIfNeeded: word >> 16))
            bytes.append(UInt8(truncatingIfNeeded: word >> 8))
            bytes.append(UInt8(truncatingIfNeeded: word))
        }
        return bytes
    }

    private func rotateLeft(_ value: UInt32, _ amount: UInt32) -> UInt32 {
        (value << amount) | (value >> (32 - amount))
    }
}
