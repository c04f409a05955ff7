import LobbyProtocol
import WireJSON

/// The top-level fields of a journal line that decide whether compaction keeps it, read
/// straight from the line's bytes without decoding the rest.
///
/// Compaction reads the whole journal, tens of thousands of lines, of which it keeps only the
/// few that still matter: decoding every line in full cost more than the server's play. A
/// line whose head reads is one `JSONDecoder` would also read as far as these fields go: an
/// object with a known `kind`, whole numbers for the ids and time, nothing after its end.
struct JournalLineHead: Equatable {
    var kind: JournalEntry.Kind
    var table: Int?
    var session: Int?
    var at: Int64?
    /// The line has a `create` member that is not null.
    var hasCreate = false
    /// The line has a `state` member that is a string.
    var hasState = false
}

extension JournalEntry {
    /// The entry's head, as its line's bytes give it.
    var head: JournalLineHead {
        JournalLineHead(
            kind: kind, table: table, session: session, at: at, hasCreate: create != nil,
            hasState: state != nil)
    }
}

extension JournalLineHead {
    /// The head of the JSON object in `bytes`, or nil when they are not one with a known
    /// `kind` (a torn last line, say).
    init?(_ bytes: UnsafeRawBufferPointer) {
        var reader = Reader(bytes: bytes.bindMemory(to: UInt8.self))
        var kind: JournalEntry.Kind?
        var table: Int?
        var session: Int?
        var at: Int64?
        var hasCreate = false
        var hasState = false
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "{")) else { return nil }
        reader.skipSpace()
        if !reader.take(UInt8(ascii: "}")) {
            repeat {
                reader.skipSpace()
                guard let key = reader.plainString() else { return nil }
                reader.skipSpace()
                guard reader.take(UInt8(ascii: ":")) else { return nil }
                reader.skipSpace()
                switch key {
                case "kind":
                    guard let raw = reader.plainString() else { return nil }
                    guard let known = JournalEntry.Kind(rawValue: raw) else { return nil }
                    kind = known
                case "table":
                    guard let value = reader.integer() else { return nil }
                    table = value
                case "session":
                    guard let value = reader.integer() else { return nil }
                    session = value
                case "at":
                    guard let value = reader.integer() else { return nil }
                    at = value.map(Int64.init)
                case "create":
                    hasCreate = !reader.isNull
                    guard reader.skipValue() else { return nil }
                case "state":
                    hasState = reader.peek == UInt8(ascii: "\"")
                    guard reader.skipValue() else { return nil }
                default:
                    guard reader.skipValue() else { return nil }
                }
                reader.skipSpace()
            } while reader.take(UInt8(ascii: ","))
            guard reader.take(UInt8(ascii: "}")) else { return nil }
        }
        reader.skipSpace()
        guard reader.atEnd, let kind else { return nil }
        self.init(
            kind: kind, table: table, session: session, at: at, hasCreate: hasCreate,
            hasState: hasState)
    }

    /// A cursor over the line's bytes.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool { index >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[index] }

        var isNull: Bool {
            bytes.count - index >= 4 && bytes[index] == UInt8(ascii: "n")
                && bytes[index + 1] == UInt8(ascii: "u")
        }

        mutating func skipSpace() {
            while let byte = peek,
                byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
            {
                index += 1
            }
        }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// A string without escapes, as text; nil for anything else (a key with escapes
        /// matches none of the keys read, and is skipped like any other).
        mutating func plainString() -> String? {
            let start = index
            guard take(UInt8(ascii: "\"")) else { return nil }
            let textStart = index
            while let byte = peek, byte != UInt8(ascii: "\"") {
                if byte == UInt8(ascii: "\\") {
                    index = start
                    return skipString() ? "\u{FFFD}" : nil
                }
                index += 1
            }
            guard take(UInt8(ascii: "\"")) else { return nil }
            return String(decoding: bytes[textStart..<index - 1], as: UTF8.self)
        }

        /// A whole number in plain form (no leading zero, fraction or exponent, at most 18
        /// digits), `.some(nil)` for null, or nil when the value is neither.
        mutating func integer() -> Int?? {
            if isNull {
                index += 4
                return .some(nil)
            }
            guard let value = PlainJSONInteger.read(bytes, at: &index, maxDigits: 18) else {
                return nil
            }
            if let byte = peek, byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e")
                || byte == UInt8(ascii: "E")
            {
                return nil
            }
            return .some(value)
        }

        /// Skips one value of any kind; false when there is none well formed.
        mutating func skipValue() -> Bool {
            guard let byte = peek else { return false }
            switch byte {
            case UInt8(ascii: "\""):
                return skipString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                return skipNested()
            default:
                let start = index
                while let byte = peek, byte != UInt8(ascii: ","), byte != UInt8(ascii: "}"),
                    byte != UInt8(ascii: "]"), byte > 0x20
                {
                    index += 1
                }
                return index > start
            }
        }

        /// Skips a string, escapes and all.
        mutating func skipString() -> Bool {
            guard take(UInt8(ascii: "\"")) else { return false }
            while let byte = peek {
                index += 1
                if byte == UInt8(ascii: "\\") {
                    guard !atEnd else { return false }
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    return true
                }
            }
            return false
        }

        /// Skips an object or array to its matching end, strings inside included.
        mutating func skipNested() -> Bool {
            var depth = 0
            while let byte = peek {
                switch byte {
                case UInt8(ascii: "\""):
                    guard skipString() else { return false }
                    continue
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                default:
                    break
                }
                index += 1
                if depth == 0 { return true }
            }
            return false
        }
    }
}
