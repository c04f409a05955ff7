/// Wraps lines to a terminal's width at spaces, so that a card (`10♠`) is never split; ANSI
/// colour codes take no width. Continuation lines are indented by two spaces.
public struct TextWrapper: Sendable, Equatable {
    /// The narrowest width wrapped to; narrower terminals are treated as this wide.
    public static let minimumWidth = 40

    /// The width wrapped to.
    public let width: Int

    /// A wrapper for a terminal `columns` wide (at least ``minimumWidth``).
    public init(columns: Int) { width = max(columns, Self.minimumWidth) }

    /// The line cut into pieces no wider than the width (a single word wider than the width
    /// stays whole on its own line).
    public func wrap(_ line: String) -> [String] {
        guard Self.visibleWidth(line) > width else { return [line] }
        let indent = String(line.prefix { $0 == " " })
        let continuation = indent + "  "
        var pieces: [String] = []
        var current = indent
        var currentWidth = indent.count
        for word in line.dropFirst(indent.count).split(separator: " ") {
            let wordWidth = Self.visibleWidth(word)
            let atStart = currentWidth == (pieces.isEmpty ? indent.count : continuation.count)
            if !atStart && currentWidth + 1 + wordWidth > width {
                pieces.append(current)
                current = continuation
                currentWidth = continuation.count
            }
            let startNow = currentWidth == (pieces.isEmpty ? indent.count : continuation.count)
            if !startNow {
                current += " "
                currentWidth += 1
            }
            current += word
            currentWidth += wordWidth
        }
        pieces.append(current)
        return pieces
    }

    /// The number of columns the text takes: characters outside ANSI escape sequences.
    public static func visibleWidth(_ text: some StringProtocol) -> Int {
        var width = 0
        var inEscape = false
        for scalar in text.unicodeScalars {
            if inEscape {
                if (0x40...0x7E).contains(scalar.value) && scalar != "[" { inEscape = false }
            } else if scalar == "\u{1B}" {
                inEscape = true
            } else if scalar.properties.generalCategory != .nonspacingMark
                && scalar != "\u{FE0F}"
            {
                width += 1
            }
        }
        return width
    }
}
