/// What text a person may put in a name, a table name or a chat line. Every other client sees
/// this text, so nothing in it may steer a terminal: no control characters, and in names no
/// invisible or direction-changing characters. Limits hold in bytes as well as characters.
public enum TextRules {
    /// A display name's longest length in characters.
    public static let nameCharacters = 24
    /// A display name's longest length in UTF-8 bytes.
    public static let nameBytes = 64
    /// A table name's longest length in characters.
    public static let tableNameCharacters = 40
    /// A table name's longest length in UTF-8 bytes.
    public static let tableNameBytes = 64
    /// A chat line's longest length in UTF-8 bytes.
    public static let chatBytes = 500

    /// A display name, trimmed: 1–24 characters and at most 64 bytes, none of them a control,
    /// invisible or direction-changing character; `bot` and `bot:…` are the bots' names.
    public static func name(_ text: String) throws(ProtocolFailure) -> String {
        let name = try label(
            text, field: "name", characters: nameCharacters, bytes: nameBytes)
        let lower = name.lowercased()
        guard lower != "bot", !lower.hasPrefix("bot:") else {
            throw ProtocolFailure(
                .invalidField, "field 'name': '\(name)' is reserved for the server's bots")
        }
        return name
    }

    /// A table name, trimmed: 1–40 characters and at most 64 bytes, with the same characters
    /// refused as in display names.
    public static func tableName(_ text: String) throws(ProtocolFailure) -> String {
        try label(text, field: "name", characters: tableNameCharacters, bytes: tableNameBytes)
    }

    /// The name of a table whose creator gave none, `<creator>'s table`, with the creator's
    /// name cut at a character boundary where the whole would pass a table name's limits.
    public static func defaultTableName(creator: String) -> String {
        let suffix = "'s table"
        var owner = Substring(creator)
        while owner.count + suffix.count > tableNameCharacters
            || owner.utf8.count + suffix.utf8.count > tableNameBytes
        {
            owner = owner.dropLast()
        }
        return String(owner).trimmingSpaces() + suffix
    }

    /// A chat line, trimmed of spaces: 1–500 bytes (`chat_too_long` otherwise), no control
    /// characters (`invalid_field`).
    public static func chat(_ text: String) throws(ProtocolFailure) -> String {
        let trimmed = text.trimmingSpaces()
        if let scalar = trimmed.unicodeScalars.first(where: isControl) {
            throw ProtocolFailure(
                .invalidField, "field 'text' may not contain control characters (\(code(scalar)))")
        }
        guard !trimmed.isEmpty, trimmed.utf8.count <= chatBytes else {
            throw ProtocolFailure(.chatTooLong, "chat text must be 1 to \(chatBytes) bytes")
        }
        return trimmed
    }

    private static func label(_ text: String, field: String, characters: Int, bytes: Int)
        throws(ProtocolFailure) -> String
    {
        let trimmed = text.trimmingSpaces()
        if let scalar = trimmed.unicodeScalars.first(where: { isControl($0) || isHidden($0) }) {
            throw ProtocolFailure(
                .invalidField,
                "field '\(field)' may not contain control, invisible or direction-changing "
                    + "characters (\(code(scalar)))")
        }
        guard !trimmed.isEmpty, trimmed.count <= characters, trimmed.utf8.count <= bytes else {
            throw ProtocolFailure(
                .invalidField,
                "field '\(field)' must be 1 to \(characters) characters and at most \(bytes) bytes")
        }
        return trimmed
    }

    /// C0 and C1 control characters and DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Bidirectional overrides, isolates and marks, zero-width characters, and line and
    /// paragraph separators.
    static func isHidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x202A...0x202E, 0x2066...0x2069, 0x200E, 0x200F, 0x061C: true
        case 0x200B...0x200D, 0x2060, 0xFEFF: true
        case 0x2028, 0x2029: true
        default: false
        }
    }

    private static func code(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
}

extension String {
    /// The text without leading and trailing spaces (Unicode white space, not line breaks).
    func trimmingSpaces() -> String {
        let isSpace = { (character: Character) in
            character.unicodeScalars.allSatisfy {
                $0.properties.isWhitespace && !TextRules.isControl($0)
                    && $0 != "\u{2028}" && $0 != "\u{2029}"
            }
        }
        guard let first = firstIndex(where: { !isSpace($0) }),
            let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }
}
