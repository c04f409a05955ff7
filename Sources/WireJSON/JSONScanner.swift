/// A cursor over one JSON text's bytes that reads the few members a caller wants and checks
/// and skips every other value, without building a ``JSONValue``.
///
/// For lines read by the thousand where only a handful of fields matter: a game log opened
/// without its checkpoint, a journal compacted. What it skips it still checks as RFC 8259
/// writes JSON (strings with their escapes and UTF-8, numbers, nesting), so a line it reads is
/// one a full decoder reads as far as the fields read go. Inlinable: its callers are in other
/// modules, and a call per byte would cost more than the reading.
public struct JSONScanner {
    /// The bytes.
    public let bytes: UnsafeBufferPointer<UInt8>
    /// The position of the next byte to read.
    public var index = 0

    /// A cursor at the start of `bytes`.
    @inlinable
    public init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// True when every byte has been read.
    @inlinable public var atEnd: Bool { index >= bytes.count }
    /// The next byte, if any.
    @inlinable public var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips spaces, tabs and line ends.
    @inlinable
    public mutating func skipSpace() {
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
            index += 1
        }
    }

    /// Reads `byte` if it comes next.
    @inlinable
    public mutating func take(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }

    /// Reads `null` if it comes next.
    @inlinable
    public mutating func takeNull() -> Bool { takeWord("null") }

    @inlinable
    mutating func takeWord(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard bytes.count - index >= count else { return false }
        for offset in 0..<count where bytes[index + offset] != word.utf8Start[offset] {
            return false
        }
        index += count
        return true
    }

    /// True when `key`, a member's key as ``object(_:)`` hands it over, is `word`.
    @inlinable
    public static func equals(_ key: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        guard key.count == word.utf8CodeUnitCount else { return false }
        for offset in 0..<key.count where key[offset] != word.utf8Start[offset] { return false }
        return true
    }

    /// A whole number (no fraction or exponent) of at most 18 digits.
    @inlinable
    public mutating func integer() -> Int? {
        var negative = false
        if peek == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let start = index
        var value = 0
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
            // Counted before the digit is added, so that the value never overflows.
            guard index - start < 18 else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
            index += 1
        }
        let digits = index - start
        guard digits > 0, digits == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
        if let byte = peek,
            byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
        {
            return nil
        }
        return negative ? -value : value
    }

    /// A whole number as ``integer()`` reads it, `.some(nil)` for `null`, or nil when the
    /// value is neither.
    @inlinable
    public mutating func integerOrNull() -> Int?? {
        if takeNull() { return .some(nil) }
        return integer().map { $0 }
    }

    /// A string as text; one with escapes is unescaped through ``JSONReader`` (rare in the
    /// lines these read: names with quotes or backslashes).
    @inlinable
    public mutating func string() -> String? {
        let start = index
        guard skipString() else { return nil }
        let inner = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(index - 1)])
        guard inner.contains(UInt8(ascii: "\\")) else {
            return String(decoding: inner, as: UTF8.self)
        }
        return Self.unescaped(UnsafeBufferPointer(rebasing: bytes[start..<index]))
    }

    @usableFromInline
    static func unescaped(_ quoted: UnsafeBufferPointer<UInt8>) -> String? {
        guard case .string(let text)? = try? JSONReader.read(Array(quoted)) else { return nil }
        return text
    }

    /// An array of strings.
    @inlinable
    public mutating func strings() -> [String]? { elements { $0.string() } }

    /// An array of whole numbers.
    @inlinable
    public mutating func integers() -> [Int]? { elements { $0.integer() } }

    /// An array whose every element `element` reads; nil when one does not read or the
    /// array is not well formed.
    @inlinable
    mutating func elements<Element>(_ element: (inout JSONScanner) -> Element?) -> [Element]? {
        var values: [Element] = []
        return array { scanner in
            guard let value = element(&scanner) else { return false }
            values.append(value)
            return true
        } ? values : nil
    }

    /// Reads an array, handing `body` the cursor at each element, which `body` reads or
    /// skips; false when it is not well formed or `body` says so.
    @inlinable
    public mutating func array(_ body: (inout JSONScanner) -> Bool) -> Bool {
        guard take(UInt8(ascii: "[")) else { return false }
        skipSpace()
        if take(UInt8(ascii: "]")) { return true }
        repeat {
            skipSpace()
            guard body(&self) else { return false }
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]"))
    }

    /// Reads an object, handing each member's key (the bytes between its quotes, escapes
    /// as written) to `body` with the cursor at the value, which `body` reads or skips; false
    /// when it is not well formed or `body` says so.
    @inlinable
    public mutating func object(_ body: (inout JSONScanner, UnsafeBufferPointer<UInt8>) -> Bool)
        -> Bool
    {
        guard take(UInt8(ascii: "{")) else { return false }
        skipSpace()
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            skipSpace()
            let start = index
            guard skipString() else { return false }
            let key = UnsafeBufferPointer(rebasing: bytes[(start + 1)..<(index - 1)])
            skipSpace()
            guard take(UInt8(ascii: ":")) else { return false }
            skipSpace()
            guard body(&self, key) else { return false }
            skipSpace()
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// Checks and skips one value of any kind.
    @inlinable
    public mutating func skipValue() -> Bool {
        guard let byte = peek else { return false }
        switch byte {
        case UInt8(ascii: "\""): return skipString()
        case UInt8(ascii: "{"): return object { scanner, _ in scanner.skipValue() }
        case UInt8(ascii: "["): return array { $0.skipValue() }
        case UInt8(ascii: "t"): return takeWord("true")
        case UInt8(ascii: "f"): return takeWord("false")
        case UInt8(ascii: "n"): return takeWord("null")
        default: return skipNumber()
        }
    }

    /// Checks and skips a number, as RFC 8259 writes one.
    @inlinable
    mutating func skipNumber() -> Bool {
        _ = take(UInt8(ascii: "-"))
        let start = index
        skipDigits()
        guard index > start, index - start == 1 || bytes[start] != UInt8(ascii: "0") else {
            return false
        }
        if take(UInt8(ascii: ".")) {
            let fraction = index
            skipDigits()
            guard index > fraction else { return false }
        }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            let exponent = index
            skipDigits()
            guard index > exponent else { return false }
        }
        return true
    }

    @inlinable
    mutating func skipDigits() {
        while let byte = peek, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
    }

    /// Checks and skips a string: no raw control character, only JSON's escapes, and UTF-8
    /// that decodes.
    @inlinable
    public mutating func skipString() -> Bool {
        guard take(UInt8(ascii: "\"")) else { return false }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                index += 1
                return true
            }
            if byte < 0x20 { return false }
            if byte == UInt8(ascii: "\\") {
                guard index + 1 < bytes.count else { return false }
                switch bytes[index + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"),
                    UInt8(ascii: "f"), UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
                    index += 2
                case UInt8(ascii: "u"):
                    guard index + 5 < bytes.count,
                        (2...5).allSatisfy({ Self.isHex(bytes[index + $0]) })
                    else { return false }
                    index += 6
                default:
                    return false
                }
                continue
            }
            if byte < 0x80 {
                index += 1
                continue
            }
            guard let length = Self.utf8Length(bytes, at: index) else { return false }
            index += length
        }
        return false
    }

    @inlinable
    static func isHex(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "f"))
    }

    /// The length of the well-formed UTF-8 sequence at `index`, or nil.
    @inlinable
    static func utf8Length(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let lead = bytes[index]
        let length: Int
        let lowest: UInt32
        switch lead {
        case 0xC2...0xDF: (length, lowest) = (2, 0x80)
        case 0xE0...0xEF: (length, lowest) = (3, 0x800)
        case 0xF0...0xF4: (length, lowest) = (4, 0x10000)
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        var scalar = UInt32(lead) & (0xFF >> (length + 1))
        for offset in 1..<length {
            let next = bytes[index + offset]
            guard next & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        guard scalar >= lowest, scalar <= 0x10FFFF, !(0xD800...0xDFFF).contains(scalar) else {
            return nil
        }
        return length
    }
}
