/// A strict JSON reader (RFC 8259): one value, no extensions, no repeated keys, bounded depth
/// and size. It reads UTF-8 bytes into a `JSONValue`.
public struct JSONReader {
    /// Arrays and objects may nest at most this deep.
    public static let maximumDepth = 32
    /// The longest input read, in bytes (one protocol line).
    public static let maximumLength = 65_536

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0
    private var depth = 0

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    /// Reads exactly one JSON value, with optional whitespace around it, of at most `limit`
    /// bytes.
    public static func read(_ input: some Collection<UInt8>, limit: Int = maximumLength)
        throws(JSONSyntaxError) -> JSONValue
    {
        let result: Result<JSONValue, JSONSyntaxError>? = input.withContiguousStorageIfAvailable {
            buffer in readResult(buffer, limit: limit)
        }
        return try (result ?? Array(input).withUnsafeBufferPointer { readResult($0, limit: limit) })
            .get()
    }

    private static func readResult(_ buffer: UnsafeBufferPointer<UInt8>, limit: Int)
        -> Result<JSONValue, JSONSyntaxError>
    {
        guard buffer.count <= limit else {
            return .failure(JSONSyntaxError(.tooLong, at: limit))
        }
        var reader = JSONReader(bytes: buffer)
        do throws(JSONSyntaxError) {
            reader.skipWhitespace()
            let value = try reader.readValue()
            reader.skipWhitespace()
            guard reader.position == buffer.count else {
                throw JSONSyntaxError(.trailingData, at: reader.position)
            }
            return .success(value)
        } catch {
            return .failure(error)
        }
    }

    // MARK: - Values

    private mutating func readValue() throws(JSONSyntaxError) -> JSONValue {
        guard position < bytes.count else { throw fail(.unexpectedEnd) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"):
            try expectWord("true")
            return .bool(true)
        case UInt8(ascii: "f"):
            try expectWord("false")
            return .bool(false)
        case UInt8(ascii: "n"):
            try expectWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return .number(try readNumber())
        case let byte:
            throw fail(.unexpectedByte(byte))
        }
    }

    private mutating func readObject() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        var members: [String: JSONValue] = [:]
        skipWhitespace()
        if try peek() == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            guard try peek() == UInt8(ascii: "\"") else {
                throw fail(members.isEmpty ? .unexpectedByte(bytes[position]) : .trailingComma)
            }
            let keyStart = position
            let key = try readString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"))
            skipWhitespace()
            let value = try readValue()
            guard members.updateValue(value, forKey: key) == nil else {
                throw JSONSyntaxError(.duplicateKey(key), at: keyStart)
            }
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "}"):
                position += 1
                depth -= 1
                return .object(members)
            case let byte:
                throw fail(.unexpectedByte(byte))
            }
        }
    }

    private mutating func readArray() throws(JSONSyntaxError) -> JSONValue {
        try enterContainer()
        var elements: [JSONValue] = []
        skipWhitespace()
        if try peek() == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(elements)
        }
        while true {
            if try peek() == UInt8(ascii: "]") { throw fail(.trailingComma) }
            elements.append(try readValue())
            skipWhitespace()
            switch try peek() {
            case UInt8(ascii: ","):
                position += 1
                skipWhitespace()
            case UInt8(ascii: "]"):
                position += 1
                depth -= 1
                return .array(elements)
            case let byte:
                throw fail(.unexpectedByte(byte))
            }
        }
    }

    private mutating func enterContainer() throws(JSONSyntaxError) {
        depth += 1
        guard depth <= Self.maximumDepth else { throw fail(.tooDeep) }
        position += 1
    }

    // MARK: - Numbers

    /// number = [ "-" ] int [ frac ] [ exp ]; int = "0" / digit1-9 *digit.
    private mutating func readNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw fail(.malformedNumber)
        }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
            if position < bytes.count, isDigit(bytes[position]) { throw fail(.malformedNumber) }
        } else {
            skipDigits()
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            try requireDigits()
        }
        if position < bytes.count,
            bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E")
        {
            position += 1
            if position < bytes.count,
                bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
            {
                position += 1
            }
            try requireDigits()
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]),
            as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            throw JSONSyntaxError(.numberOutOfRange, at: start)
        }
        return JSONNumber(text: text, value: value)
    }

    private mutating func requireDigits() throws(JSONSyntaxError) {
        guard position < bytes.count, isDigit(bytes[position]) else {
            throw fail(.malformedNumber)
        }
        skipDigits()
    }

    private mutating func skipDigits() {
        while position < bytes.count, isDigit(bytes[position]) { position += 1 }
    }

    private func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    // MARK: - Strings

    private mutating func readString() throws(JSONSyntaxError) -> String {
        position += 1
        let start = position
        // Fast path: no escapes, so the string is the bytes as they stand.
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                let text = try utf8String(start..<position)
                position += 1
                return text
            }
            if byte == UInt8(ascii: "\\") { break }
            if byte < 0x20 { throw fail(.controlCharacterInString) }
            position += 1
        }
        var scalars = try utf8String(start..<position).unicodeScalars
        while true {
            guard position < bytes.count else { throw fail(.unexpectedEnd) }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                position += 1
                return String(scalars)
            case UInt8(ascii: "\\"):
                scalars.append(try readEscape())
            case 0..<0x20:
                throw fail(.controlCharacterInString)
            default:
                let runStart = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "\""),
                    bytes[position] != UInt8(ascii: "\\"), bytes[position] >= 0x20
                {
                    position += 1
                }
                scalars.append(contentsOf: try utf8String(runStart..<position).unicodeScalars)
            }
        }
    }

    private mutating func readEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        position += 1
        guard position < bytes.count else { throw fail(.unexpectedEnd) }
        let byte = bytes[position]
        position += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let escapeStart = position - 2
            let unit = try readHex4()
            switch unit {
            case 0xD800...0xDBFF:
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else { throw JSONSyntaxError(.loneSurrogate, at: escapeStart) }
                position += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw JSONSyntaxError(.loneSurrogate, at: escapeStart)
                }
                let value = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                return Unicode.Scalar(value) ?? "\u{FFFD}"
            case 0xDC00...0xDFFF:
                throw JSONSyntaxError(.loneSurrogate, at: escapeStart)
            default:
                return Unicode.Scalar(unit) ?? "\u{FFFD}"
            }
        default:
            position -= 1
            throw fail(.invalidEscape)
        }
    }

    private mutating func readHex4() throws(JSONSyntaxError) -> UInt16 {
        guard position + 4 <= bytes.count else { throw fail(.unexpectedEnd) }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail(.invalidEscape)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }

    private func utf8String(_ range: Range<Int>) throws(JSONSyntaxError) -> String {
        guard let text = String(validating: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        else { throw JSONSyntaxError(.invalidUTF8, at: range.lowerBound) }
        return text
    }

    // MARK: - Tokens

    private mutating func skipWhitespace() {
        while position < bytes.count {
            switch bytes[position] {
            case 0x20, 0x09, 0x0A, 0x0D: position += 1
            default: return
            }
        }
    }

    private func peek() throws(JSONSyntaxError) -> UInt8 {
        guard position < bytes.count else { throw fail(.unexpectedEnd) }
        return bytes[position]
    }

    private mutating func expect(_ byte: UInt8) throws(JSONSyntaxError) {
        guard try peek() == byte else { throw fail(.unexpectedByte(bytes[position])) }
        position += 1
    }

    private mutating func expectWord(_ word: StaticString) throws(JSONSyntaxError) {
        let length = word.utf8CodeUnitCount
        guard position + length <= bytes.count else { throw fail(.unexpectedEnd) }
        for offset in 0..<length where bytes[position + offset] != word.utf8Start[offset] {
            position += offset
            throw fail(.unexpectedByte(bytes[position]))
        }
        position += length
    }

    private func fail(_ reason: JSONSyntaxError.Reason) -> JSONSyntaxError {
        JSONSyntaxError(reason, at: position)
    }
}
