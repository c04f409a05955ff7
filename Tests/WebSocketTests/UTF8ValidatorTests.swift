import CardGames
import Testing
import WebSocket

@Suite struct UTF8ValidatorTests {
    /// Well-formed sequences at the edges of Unicode table 3-7.
    static let valid: [[UInt8]] = [
        [], Array("hello".utf8), Array("κόσμε".utf8), Array("3♦ 2♠".utf8),
        [0x7F], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
        [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x90, 0x80, 0x80],
        [0xF4, 0x8F, 0xBF, 0xBF], [0xF3, 0xBF, 0xBF, 0xBF],
    ]

    /// Overlong forms, surrogates, code points past U+10FFFF, stray continuation bytes and
    /// bytes that never appear.
    static let invalid: [[UInt8]] = [
        [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xE0, 0x80, 0x80], [0xE0, 0x9F, 0xBF],
        [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xF0, 0x80, 0x80, 0x80],
        [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
        [0xFE], [0xFF], [0xC2, 0x41], [0xE1, 0x80, 0x41], [0xF1, 0x80, 0x80, 0x41],
        Array("abc".utf8) + [0xCE, 0xBA, 0xE1, 0xBD, 0xB9, 0xCF, 0x83, 0xCE, 0xBC, 0xCE, 0xB5, 0xED, 0xA0, 0x80],
    ]

    /// Cut short inside a character: nothing wrong yet, but not complete.
    static let truncated: [[UInt8]] = [[0xC2], [0xE0, 0xA0], [0xF0, 0x90, 0x80], [0x41, 0xF4]]

    @Test func validSequencesPassAtEverySplit() {
        for bytes in Self.valid {
            #expect(UTF8Validator.isValid(bytes))
            for split in 0...bytes.count {
                var validator = UTF8Validator()
                let first = bytes[..<split].withUnsafeBytes { validator.validate($0) }
                let second = bytes[split...].withUnsafeBytes { validator.validate($0) }
                #expect(first && second && validator.isComplete)
            }
        }
    }

    @Test func invalidSequencesFailAtEverySplit() {
        for bytes in Self.invalid {
            #expect(!UTF8Validator.isValid(bytes))
            for split in 0...bytes.count {
                var validator = UTF8Validator()
                let first = bytes[..<split].withUnsafeBytes { validator.validate($0) }
                let second = first && bytes[split...].withUnsafeBytes { validator.validate($0) }
                #expect(!second, "\(bytes) split at \(split)")
            }
        }
    }

    @Test func truncatedSequencesAreIncomplete() {
        for bytes in Self.truncated {
            var validator = UTF8Validator()
            #expect(bytes.withUnsafeBytes { validator.validate($0) })
            #expect(!validator.isComplete)
        }
    }

    /// Fails at the first bad byte: the bytes before it were fine, the byte is not.
    @Test func failsAtTheFirstBadByte() {
        var validator = UTF8Validator()
        #expect(([0xCE, 0xBA, 0xE1] as [UInt8]).withUnsafeBytes { validator.validate($0) })
        #expect(!([0x41] as [UInt8]).withUnsafeBytes { validator.validate($0) })
    }

    /// Agrees with the standard library on random byte strings, mostly ASCII with some
    /// high bytes so that long ASCII runs and every kind of sequence are crossed.
    @Test func agreesWithTheStandardLibrary() {
        var random = SplitMix64(seed: 2026)
        for _ in 0..<20_000 {
            let length = Int(random.next() % 24)
            let bytes = (0..<length).map { _ -> UInt8 in
                let draw = random.next()
                return draw % 3 == 0 ? UInt8(truncatingIfNeeded: draw >> 8) | 0x80
                    : UInt8(truncatingIfNeeded: draw >> 8) & 0x7F
            }
            #expect(UTF8Validator.isValid(bytes) == (String(validating: bytes, as: UTF8.self) != nil))
        }
    }
}
