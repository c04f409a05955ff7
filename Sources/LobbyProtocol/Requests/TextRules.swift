import Foundation

/// What text a person may put in a name, a table name or a chat line. Every other client sees
/// this text, so nothing in it may steer a terminal or pass for the server's own words:
/// no control characters; in names no format, separator, private-use or blank characters,
/// no name without a visible character, no marks that text mode builds its lines with, and
/// none of the server's own words (``ReservedNames``); in chat, format characters are dropped
/// (``VisibleText/chat(_:)``). Limits hold in bytes as well as characters.
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
    /// The marks text mode separates and frames the parts of its lines with (`ann, bob`,
    /// `table 1: …`, `bob (away)`, `[lobby] ann: …`, ` · `, ` | `, `left in hand: …; …`):
    /// refused in display names, also as lookalikes.
    public static let nameMarks: Set<Character> = [",", ":", ";", "(", ")", "[", "]", "\"", "|", "·"]

    /// A display name, trimmed, in canonical composed form with each run of spaces made one
    /// space: 1–24 characters and at most 64 bytes, with a visible character and none of
    /// the refused ones (`invalid_field`), and not one of the server's own words, however
    /// written (`name_reserved`). With `reserving` false (a `hello` with a token, whose name
    /// is ignored) only the characters and the length are checked.
    public static func name(_ text: String, reserving: Bool = true) throws(ProtocolFailure)
        -> String
    {
        let name = try label(
            text, field: "name", characters: nameCharacters, bytes: nameBytes)
        guard reserving else { return name }
        let skeleton = NameSkeleton(name)
        if let mark = skeleton.folded.first(where: { nameMarks.contains($0) }) {
            throw ProtocolFailure(
                .invalidField,
                "field 'name' may not contain '\(mark)' or a character like it: text mode "
                    + "writes its lines with it")
        }
        guard !skeleton.key.isEmpty else {
            throw ProtocolFailure(
                .invalidField, "field 'name' needs a letter, a digit or a symbol")
        }
        if let reason = ReservedNames.reason(for: skeleton) {
            throw ProtocolFailure(
                .nameReserved,
                "the name '\(name)' is reserved: \(reason); choose another")
        }
        return name
    }

    /// A table name, trimmed and normalised like a display name: 1–40 characters and at most
    /// 64 bytes, with the same characters refused, and no `"` (text mode quotes table names).
    public static func tableName(_ text: String) throws(ProtocolFailure) -> String {
        let name = try label(
            text, field: "name", characters: tableNameCharacters, bytes: tableNameBytes)
        guard !name.precomposedStringWithCompatibilityMapping.contains("\"") else {
            throw ProtocolFailure(
                .invalidField, "field 'name' may not contain '\"': text mode quotes table names")
        }
        return name
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

    /// A chat line, trimmed of spaces, with no control characters (`invalid_field`), its
    /// format characters dropped and its combining marks capped (``VisibleText/chat(_:)``):
    /// then 1–500 bytes (`chat_too_long` otherwise).
    public static func chat(_ text: String) throws(ProtocolFailure) -> String {
        if let scalar = text.unicodeScalars.first(where: VisibleText.isControl) {
            throw ProtocolFailure(
                .invalidField,
                "field 'text' may not contain control characters (\(VisibleText.codePoint(scalar)))")
        }
        let shown = VisibleText.chat(text).trimmingSpaces()
        guard !shown.isEmpty, shown.utf8.count <= chatBytes else {
            throw ProtocolFailure(.chatTooLong, "chat text must be 1 to \(chatBytes) bytes")
        }
        return shown
    }

    private static func label(_ text: String, field: String, characters: Int, bytes: Int)
        throws(ProtocolFailure) -> String
    {
        let trimmed = text.trimmingSpaces().precomposedStringWithCanonicalMapping
        for character in trimmed {
            var marks = 0
            for scalar in character.unicodeScalars {
                if VisibleText.isControl(scalar) || VisibleText.isFormat(scalar)
                    || VisibleText.isBlank(scalar) || VisibleText.isUndefined(scalar)
                {
                    throw ProtocolFailure(
                        .invalidField,
                        "field '\(field)' may not contain control, invisible, "
                            + "direction-changing or undefined characters "
                            + "(\(VisibleText.codePoint(scalar)))")
                }
                if VisibleText.isCombining(scalar) { marks += 1 }
            }
            if marks > VisibleText.combiningMarksPerCharacter {
                throw ProtocolFailure(
                    .invalidField,
                    "field '\(field)' may carry at most "
                        + "\(VisibleText.combiningMarksPerCharacter) accents or marks on a character")
            }
        }
        let spaced = trimmed.collapsingSpaces()
        guard !spaced.isEmpty, spaced.count <= characters, spaced.utf8.count <= bytes else {
            throw ProtocolFailure(
                .invalidField,
                "field '\(field)' must be 1 to \(characters) characters and at most \(bytes) bytes")
        }
        guard spaced.unicodeScalars.contains(where: VisibleText.isVisible) else {
            throw ProtocolFailure(.invalidField, "field '\(field)' has no visible character")
        }
        return spaced
    }
}

extension String {
    /// The text without leading and trailing spaces (Unicode white space, not line breaks).
    func trimmingSpaces() -> String {
        let isSpace = { (character: Character) in
            character.unicodeScalars.allSatisfy {
                $0.properties.isWhitespace && !VisibleText.isControl($0)
                    && $0 != "\u{2028}" && $0 != "\u{2029}"
            }
        }
        guard let first = firstIndex(where: { !isSpace($0) }),
            let last = lastIndex(where: { !isSpace($0) })
        else { return "" }
        return String(self[first...last])
    }

    /// The text with each run of spaces (of any kind) made one ASCII space.
    func collapsingSpaces() -> String {
        guard contains(where: { $0 != " " && $0.isWhitespace }) || contains("  ") else {
            return self
        }
        var result = ""
        var inSpace = false
        for character in self {
            if character.isWhitespace {
                if !inSpace { result.append(" ") }
                inSpace = true
            } else {
                result.append(character)
                inSpace = false
            }
        }
        return result
    }
}
