/// How a session's replies and events are written: JSON lines (the contract), or plain text
/// lines for people, with suit symbols or ASCII suit letters.
public enum OutputMode: Equatable, Sendable {
    /// One JSON object per line.
    case json
    /// Plain text for people; `ascii` writes suits as letters (`3D`) instead of symbols.
    case text(ascii: Bool)

    /// The mode's name on the wire: `json` or `text`.
    public var name: String {
        switch self {
        case .json: "json"
        case .text: "text"
        }
    }

    /// The mode named by `name` (`json` or `text`) with the ASCII choice; nil for an unknown
    /// name.
    public init?(name: String, ascii: Bool) {
        switch name.lowercased() {
        case "json": self = .json
        case "text": self = .text(ascii: ascii)
        default: return nil
        }
    }
}

/// The reply to `mode`: the mode now in force.
public struct ModeReply: Sendable, Codable, Equatable {
    /// `json` or `text`.
    public var mode: String
    /// True when text mode writes ASCII suit letters.
    public var ascii: Bool

    /// The reply for a mode.
    public init(_ mode: OutputMode) {
        self.mode = mode.name
        ascii = mode == .text(ascii: true)
    }

    /// The mode this reply announces.
    public var outputMode: OutputMode { OutputMode(name: mode, ascii: ascii) ?? .json }
}
