/// The secret 32 bytes that decide one deal.
///
/// The server commits to a seed before play by sending its ``commitment`` and reveals the seed
/// after the deal, so every player can re-deal and check their hand. The bytes are read as the
/// four little-endian state words of ``Xoshiro256StarStar``; a seed of 32 zero bytes would be
/// the generator's forbidden all-zero state and is rejected.
public struct DealSeed: Hashable, Sendable, CustomStringConvertible {
    /// The number of bytes in a seed.
    public static let byteCount = 32

    /// The seed bytes, always exactly 32 and never all zero.
    public let bytes: [UInt8]

    /// A seed holding these bytes, or nil unless there are exactly 32 of them and at least
    /// one is non-zero.
    public init?(bytes: [UInt8]) {
        guard bytes.count == Self.byteCount, bytes.contains(where: { $0 != 0 }) else {
            return nil
        }
        self.bytes = bytes
    }

    /// A seed read from 64 hexadecimal digits (either case), or nil for any other text or for
    /// the all-zero seed.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 2 * Self.byteCount else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Self.byteCount)
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let high = Self.nibble(digits[index]), let low = Self.nibble(digits[index + 1])
            else { return nil }
            bytes.append(high << 4 | low)
        }
        self.init(bytes: bytes)
    }

    /// The seed as 64 lowercase hexadecimal digits.
    public var hex: String { SHA256.hex(bytes) }

    /// The seed as 64 lowercase hexadecimal digits, like ``hex``. The seed is the deal's
    /// secret: print it only once the deal is over.
    public var description: String { hex }

    /// The public commitment to the seed: lowercase hexadecimal SHA-256 of the 32 raw seed
    /// bytes (not of their hex text).
    public var commitment: String { SHA256.hex(SHA256.hash(bytes)) }

    /// A fresh seed from the operating system's secure random source.
    public static func random() -> DealSeed {
        var source = SystemRandomNumberGenerator()
        while true {
            var bytes: [UInt8] = []
            bytes.reserveCapacity(byteCount)
            for _ in 0..<(byteCount / 8) {
                let word = source.next()
                for shift in stride(from: 0, to: 64, by: 8) {
                    bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
                }
            }
            if let seed = DealSeed(bytes: bytes) { return seed }
        }
    }

    /// The seed of deal number `dealNumber` under a fixed `masterSeed`, for reproducible runs:
    /// SHA-256 of the 16 bytes `masterSeed` (little-endian) followed by `dealNumber`
    /// (little-endian).
    public static func derived(masterSeed: UInt64, dealNumber: UInt64) -> DealSeed {
        var message: [UInt8] = []
        message.reserveCapacity(16)
        for word in [masterSeed, dealNumber] {
            for shift in stride(from: 0, to: 64, by: 8) {
                message.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        guard let seed = DealSeed(bytes: SHA256.hash(message)) else {
            preconditionFailure("SHA-256 produced an all-zero digest")
        }
        return seed
    }

    private static func nibble(_ digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
