/// Text from a server made safe to show on a terminal: whatever an old or hostile server
/// sends, it cannot clear the screen, move the cursor, set the window title, change colours,
/// forge a line, or reorder what is shown.
public enum TerminalText {
    /// `text` with every C0 and C1 control character, DEL, and every bidirectional or
    /// invisible formatting character replaced by U+FFFD.
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

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2069, 0xFEFF: true
        default: false
        }
    }
}
