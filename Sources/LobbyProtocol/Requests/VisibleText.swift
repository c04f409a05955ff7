/// Which characters of a person's text may reach other people's screens, and how text that
/// came from a person is shown when it is echoed back.
///
/// Terminals obey more than the C0 and C1 controls: Unicode format characters (category Cf:
/// bidirectional overrides and isolates, zero-width characters, the byte order mark, tag
/// characters) and the line and paragraph separators (Zl, Zp) reorder or hide text, so a line
/// can be made to read as something else, and a name can look like another. Names refuse
/// them; chat drops them; echoed input shows them as escapes.
public enum VisibleText {
    /// The most combining marks kept on one character: enough for any script's stacked
    /// accents and vowel signs (Vietnamese uses two, Thai and Tibetan three), far short of a
    /// "zalgo" tower.
    public static let combiningMarksPerCharacter = 4

    /// C0 and C1 control characters and DEL.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }

    /// Format characters and line and paragraph separators (Cf, Zl, Zp).
    static func isFormat(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0xAD else { return false }
        switch scalar.properties.generalCategory {
        case .format, .lineSeparator, .paragraphSeparator: return true
        default: return false
        }
    }

    /// A combining mark drawn on the character before it (Mn, Me).
    static func isCombining(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x300 else { return false }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark: return true
        default: return false
        }
    }

    /// A character that is a letter or a symbol yet draws nothing: the default-ignorable
    /// ones (Hangul fillers, the combining grapheme joiner, …) other than the variation
    /// selectors that choose an emoji's look, and the blank braille pattern.
    static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x34F else { return false }
        if isVariationSelector(scalar) { return false }
        return scalar.value == 0x2800 || scalar.properties.isDefaultIgnorableCodePoint
    }

    /// A private-use, unassigned or surrogate code point: nothing says how it looks.
    static func isUndefined(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.value >= 0x378 else { return false }
        switch scalar.properties.generalCategory {
        case .privateUse, .unassigned, .surrogate: return true
        default: return false
        }
    }

    /// A scalar that shows something by itself: a letter, number, punctuation or symbol
    /// that is not blank.
    static func isVisible(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.value < 0x80 { return scalar.value > 0x20 && scalar.value < 0x7F }
        if isBlank(scalar) { return false }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .decimalNumber, .letterNumber, .otherNumber, .connectorPunctuation, .dashPunctuation,
            .openPunctuation, .closePunctuation, .initialPunctuation, .finalPunctuation,
            .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol,
            .spacingMark:
            return true
        default:
            return false
        }
    }

    private static func isVariationSelector(_ scalar: Unicode.Scalar) -> Bool {
        (0xFE00...0xFE0F).contains(scalar.value) || (0xE0100...0xE01EF).contains(scalar.value)
    }

    /// True for a zero-width joiner inside an emoji sequence (👨‍👩‍👧, 🏳️‍🌈): within one
    /// character that starts with an emoji, and not its last scalar. It joins pictures and
    /// hides nothing, so chat keeps it.
    private static func joinsEmoji(at index: Int, of scalars: [Unicode.Scalar]) -> Bool {
        guard scalars[index].value == 0x200D, index + 1 < scalars.count,
            let first = scalars.first
        else { return false }
        return first.value > 0xFF && first.properties.isEmoji
    }

    /// True when every byte is printable ASCII: nothing to drop, cap or escape.
    private static func isPlainASCII(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }
    }

    /// Chat text as others are shown it: format characters dropped (except the joiners of
    /// emoji sequences), line and paragraph separators turned into spaces, and combining
    /// marks beyond ``combiningMarksPerCharacter`` on one character dropped. Control
    /// characters are refused before this, not dropped.
    public static func chat(_ text: String) -> String {
        guard !isPlainASCII(text) else { return text }
        var kept = String.UnicodeScalarView()
        for character in text {
            let scalars = Array(character.unicodeScalars)
            var marks = 0
            for (index, scalar) in scalars.enumerated() {
                if scalar.value == 0x2028 || scalar.value == 0x2029 {
                    kept.append(" ")
                    continue
                }
                if isFormat(scalar) {
                    if joinsEmoji(at: index, of: scalars) { kept.append(scalar) }
                    continue
                }
                if isCombining(scalar) {
                    marks += 1
                    if marks > combiningMarksPerCharacter { continue }
                }
                kept.append(scalar)
            }
        }
        return String(kept)
    }

    /// `text` with every control, format and separator character written as an escape, so
    /// that input echoed back (in an error message, say) shows what was sent instead of
    /// acting on the terminal: `\e` for ESC, `\n`, `\r`, `\t`, and `\u202E` (`\u{E0041}`
    /// past U+FFFF) for the rest. Emoji sequences keep their joiners.
    public static func escaped(_ text: String) -> String {
        guard !isPlainASCII(text) else { return text }
        guard text.unicodeScalars.contains(where: { isControl($0) || isFormat($0) }) else {
            return text
        }
        var shown = String.UnicodeScalarView()
        for character in text {
            let scalars = Array(character.unicodeScalars)
            for (index, scalar) in scalars.enumerated() {
                let unsafe =
                    isControl(scalar) || (isFormat(scalar) && !joinsEmoji(at: index, of: scalars))
                if unsafe {
                    shown.append(contentsOf: escape(scalar).unicodeScalars)
                } else {
                    shown.append(scalar)
                }
            }
        }
        return String(shown)
    }

    private static func escape(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x1B: return "\\e"
        case 0x0A: return "\\n"
        case 0x0D: return "\\r"
        case 0x09: return "\\t"
        case 0...0xFFFF: return "\\u" + hex(scalar, digits: 4)
        default: return "\\u{" + hex(scalar, digits: 1) + "}"
        }
    }

    /// `U+202E`: a code point as people write it.
    static func codePoint(_ scalar: Unicode.Scalar) -> String {
        "U+" + hex(scalar, digits: 4)
    }

    private static func hex(_ scalar: Unicode.Scalar, digits: Int) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - hex.count)) + hex
    }
}
