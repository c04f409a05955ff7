/// The line being typed at a raw-mode terminal, fed one byte at a time: printable text is
/// added, backspace removes the last character, Ctrl-U clears the line, Enter submits, Ctrl-D
/// on an empty line ends input, and escape sequences (arrow keys) are ignored.
public struct LineEditor: Sendable, Equatable {
    /// What a byte did.
    public enum Effect: Equatable, Sendable {
        /// Nothing visible changed.
        case none
        /// The line changed: redraw it.
        case changed
        /// Enter: the line was submitted (and the editor is empty again).
        case submitted(String)
        /// End of input (Ctrl-D on an empty line).
        case endOfInput
    }

    private enum Escape: Equatable, Sendable {
        case none, started, sequence
    }

    private var bytes: [UInt8] = []
    private var escape = Escape.none

    /// An empty line.
    public init() {}

    /// The text typed so far (an incomplete UTF-8 character at the end is left out).
    public var text: String {
        var end = bytes.count
        var lead = end - 1
        while lead > 0 && bytes[lead] & 0xC0 == 0x80 { lead -= 1 }
        if lead >= 0 && bytes[lead] >= 0xC0 {
            let length = bytes[lead] >= 0xF0 ? 4 : bytes[lead] >= 0xE0 ? 3 : 2
            if end - lead < length { end = lead }
        }
        return String(decoding: bytes[..<end], as: UTF8.self)
    }

    /// Takes one byte from the terminal.
    public mutating func feed(_ byte: UInt8) -> Effect {
        switch escape {
        case .started:
            escape = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "O") ? .sequence : .none
            return .none
        case .sequence:
            if (0x40...0x7E).contains(byte) { escape = .none }
            return .none
        case .none:
            break
        }
        switch byte {
        case 0x0D, 0x0A:
            let line = text
            bytes = []
            return .submitted(line)
        case 0x7F, 0x08:
            guard !bytes.isEmpty else { return .none }
            while let last = bytes.popLast(), last & 0xC0 == 0x80 {}
            return .changed
        case 0x15:
            bytes = []
            return .changed
        case 0x04:
            return bytes.isEmpty ? .endOfInput : .none
        case 0x1B:
            escape = .started
            return .none
        case 0x09, 0x20...0x7E, 0x80...:
            bytes.append(byte == 0x09 ? 0x20 : byte)
            return .changed
        default:
            return .none
        }
    }
}
