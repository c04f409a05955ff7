/// Checks bytes for well-formed UTF-8 (Unicode table 3-7) as they arrive, so a text message
/// split across frames, or a frame split across reads, is refused at its first bad byte,
/// even in the middle of a character, without buffering anything.
///
/// `String(decoding:as:)` would quietly repair bad bytes instead, and RFC 6455 asks the
/// receiver to fail the connection on them.
public struct UTF8Validator: Sendable, Equatable {
    /// Continuation bytes still owed by the character begun.
    private var remaining: UInt8 = 0
    /// The range the next continuation byte must fall in (narrower after E0, ED, F0, F4).
    private var low: UInt8 = 0x80
    private var high: UInt8 = 0xBF

    /// A validator at the start of a text.
    public init() {}

    /// True when the bytes so far end on a character boundary.
    public var isComplete: Bool { remaining == 0 }

    /// Starts over, for the next text.
    public mutating func reset() {
        self = UTF8Validator()
    }

    /// Checks the next bytes; false as soon as they cannot continue well-formed UTF-8 (the
    /// validator is then of no further use until ``reset()``).
    public mutating func validate(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let count = bytes.count
        var index = 0
        while index < count {
            if remaining == 0 {
                // Runs of ASCII, eight bytes at a time.
                while index + 8 <= count,
                    (base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
                {
                    index += 8
                }
                guard index < count else { break }
                let byte = base.load(fromByteOffset: index, as: UInt8.self)
                index += 1
                guard byte >= 0x80 else { continue }
                guard begin(byte) else { return false }
            } else {
                let byte = base.load(fromByteOffset: index, as: UInt8.self)
                index += 1
                guard byte >= low, byte <= high else { return false }
                remaining -= 1
                low = 0x80
                high = 0xBF
            }
        }
        return true
    }

    /// Notes the lead byte of a multi-byte character; false when no character starts so.
    private mutating func begin(_ byte: UInt8) -> Bool {
        switch byte {
        case 0xC2...0xDF: remaining = 1
        case 0xE0:
            remaining = 2
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: remaining = 2
        case 0xED:
            remaining = 2
            high = 0x9F
        case 0xF0:
            remaining = 3
            low = 0x90
        case 0xF1...0xF3: remaining = 3
        case 0xF4:
            remaining = 3
            high = 0x8F
        default: return false
        }
        return true
    }
}

extension UTF8Validator {
    /// True when `bytes` as a whole are well-formed UTF-8.
    public static func isValid(_ bytes: some Sequence<UInt8>) -> Bool {
        var validator = UTF8Validator()
        let checked = bytes.withContiguousStorageIfAvailable {
            validator.validate(UnsafeRawBufferPointer($0))
        }
        let valid = checked ?? Array(bytes).withUnsafeBytes { validator.validate($0) }
        return valid && validator.isComplete
    }
}
