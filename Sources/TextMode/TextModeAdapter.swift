import Foundation
import LobbyProtocol

/// The output side of one connection that may be in text mode: it notes the requests that
/// choose the mode (before the first `hello` each reply follows its line's form; that `hello`
/// then picks text when typed as a plain command and JSON when sent as JSON, unless `mode`
/// chose already; `mode` switches at any time) and turns
/// each outgoing JSON line into the bytes to send, presented as text when text mode is on.
///
/// Owned by one connection and used on its queue; not shared between threads.
public struct TextModeAdapter {
    /// The mode in force.
    public private(set) var mode: OutputMode = .json
    /// True to end each burst of text lines with a prompt (`ann> `, `your turn 23s> `), as
    /// MUD and chess servers do; `prompt off` turns it off.
    public private(set) var prompts = true
    private var presenter = TextPresenter()
    private var greeted = false
    /// True for a telnet client, whose lines end in `CRLF` (telnet's network virtual
    /// terminal moves down on `LF` alone, without returning to the line's start).
    private var telnetLineEnds = false
    /// True while the last bytes sent are a prompt, which the next lines erase first.
    private var promptShown = false
    private let decoder = ServerMessageDecoder()

    /// A connection's adapter, in JSON mode until a request says otherwise.
    public init() {}

    /// Notes a line that arrived, whether or not it was a valid request: until the session's
    /// first `hello` (or a `mode`) chooses for good, replies follow the form of the latest
    /// line, plain text for a plain command and JSON for JSON, errors included.
    public mutating func lineArrived(plain: Bool) {
        lineArrived(plain ? "" : "{", plain: plain)
    }

    /// Notes a line that arrived (as ``lineArrived(plain:)``), and the command that a plain
    /// `help COMMAND` asks about.
    public mutating func lineArrived(_ line: String, plain: Bool) {
        defer { presenter.helpTopic = plain ? PlainCommand.helpTopic(line) : nil }
        guard !greeted else { return }
        let wanted: OutputMode = plain ? .text(ascii: false) : .json
        if mode != wanted { switchTo(wanted) }
    }

    /// Notes that a person opened the connection (its first bytes, read before the
    /// greeting, were typed or were a telnet client's negotiation): text mode from the
    /// greeting on, as if a plain command had arrived, and `CRLF` line ends for `telnet`.
    public mutating func personConnected(telnet: Bool) {
        telnetLineEnds = telnet
        lineArrived(plain: true)
    }

    /// Notes a request that arrived; `plain` is true when it was typed as a plain command.
    public mutating func received(_ request: ClientRequest, plain: Bool) {
        presenter.asked(request)
        switch request {
        case .hello where !greeted:
            greeted = true
            switchTo(plain ? .text(ascii: false) : .json)
        case .mode(let newMode):
            greeted = true
            switchTo(newMode)
        default: break
        }
    }

    /// The reply to `prompt on` or `prompt off` typed in text mode, or nil for any other
    /// line (which goes on to be read as a request).
    public mutating func promptCommand(_ line: String) -> Data? {
        guard case .text = mode else { return nil }
        let words = line.split(separator: " ").map { $0.lowercased() }
        guard words.first == "prompt" else { return nil }
        switch words.dropFirst().first {
        case "off": prompts = false
        case "on": prompts = true
        default:
            return Data("error (invalid_field): write prompt on or prompt off\n".utf8)
        }
        return Data((prompts ? "prompt on\n" : "prompt off (prompt on to see it again)\n").utf8)
    }

    /// The bytes to send for outgoing JSON lines (each with its newline): the lines as they
    /// are in JSON mode, or their text lines in text mode. A line that is not a server message
    /// goes out as it is. `clock` (Unix time in milliseconds, for deadlines) is read only in
    /// text mode, so JSON sessions never ask for the time.
    public mutating func outgoing(
        _ lines: Data, nowMilliseconds clock: @autoclosure () -> Int64
    ) -> Data {
        guard case .text = mode else {
            // Just after `mode json`, the prompt still on the person's screen goes first.
            guard promptShown, !lines.isEmpty else { return lines }
            promptShown = false
            return Data(Self.erasePrompt) + lines
        }
        let now = clock()
        let lineEnd = telnetLineEnds ? Self.telnetLineEnd : Self.lineEnd
        var text = Data()
        for line in lines.split(separator: UInt8(ascii: "\n")) {
            guard let message = try? decoder.decode(Data(line)) else {
                text.append(contentsOf: line)
                text.append(contentsOf: lineEnd)
                continue
            }
            for shown in presenter.present(message, nowMilliseconds: now) {
                // Names and chat are checked when they come in; this catches what came from
                // elsewhere (an older game log's names, say).
                text.append(contentsOf: VisibleText.escaped(shown).utf8)
                text.append(contentsOf: lineEnd)
            }
        }
        guard !text.isEmpty else { return text }
        // The prompt is erased (back to the line's start, cleared) before the lines that
        // follow it, and drawn again after them.
        if promptShown { text.insert(contentsOf: Self.erasePrompt, at: text.startIndex) }
        promptShown = prompts && presenter.name != nil
        if promptShown {
            text.append(contentsOf: VisibleText.escaped(presenter.prompt(now: now)).utf8)
        }
        return text
    }

    private static let lineEnd: [UInt8] = [0x0A]
    private static let telnetLineEnd: [UInt8] = [0x0D, 0x0A]

    /// What erases a prompt: a carriage return, then clear to the end of the line.
    public static let erasePrompt = Array("\r\u{1B}[K".utf8)

    private mutating func switchTo(_ newMode: OutputMode) {
        if case .text(let ascii) = newMode {
            if mode == .json { presenter = TextPresenter(ascii: ascii) }
            presenter.text.ascii = ascii
        }
        mode = newMode
    }
}
