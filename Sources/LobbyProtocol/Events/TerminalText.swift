import WireJSON

/// Text from a server made safe to show on a terminal: whatever an old or hostile server
/// sends, it cannot clear the screen, move the cursor, set the window title, change colours,
/// forge a line, or reorder what is shown.
public enum TerminalText {
    /// `text` with every C0 and C1 control character, DEL, and every format character
    /// (bidirectional, zero-width, tags, …) and line or paragraph separator replaced by U+FFFD.
    public static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            scalars.append(isUnsafe(scalar) ? "\u{FFFD}" : scalar)
        }
        return String(scalars)
    }

    /// `value` with every string in it (keys left alone) made printable.
    public static func printable(_ value: JSONValue) -> JSONValue {
        switch value {
        case .string(let text): .string(printable(text))
        case .array(let items): .array(items.map { printable($0) })
        case .object(let members): .object(members.mapValues { printable($0) })
        case .null, .bool, .number: value
        }
    }

    /// Controls, and format and separator characters (the set ``VisibleText`` keeps off
    /// other people's screens).
    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        VisibleText.isControl(scalar) || VisibleText.isFormat(scalar)
    }
}
