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
    private var presenter = TextPresenter()
    private var greeted = false
    private let decoder = ServerMessageDecoder()

    /// A connection's adapter, in JSON mode until a request says otherwise.
    public init() {}

    /// Notes a line that arrived, whether or not it was a valid request: until the session's
    /// first `hello` (or a `mode`) chooses for good, replies follow the form of the latest
    /// line, plain text for a plain command and JSON for JSON, errors included.
    public mutating func lineArrived(plain: Bool) {
        guard !greeted else { return }
        let wanted: OutputMode = plain ? .text(ascii: false) : .json
        if mode != wanted { switchTo(wanted) }
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

    /// The bytes to send for outgoing JSON lines (each with its newline): the lines as they
    /// are in JSON mode, or their text lines in text mode. A line that is not a server message
    /// goes out as it is. `clock` (Unix time in milliseconds, for deadlines) is read only in
    /// text mode, so JSON sessions never ask for the time.
    public mutating func outgoing(
        _ lines: Data, nowMilliseconds clock: @autoclosure () -> Int64
    ) -> Data {
        guard case .text = mode else { return lines }
        let now = clock()
        var text = Data()
        for line in lines.split(separator: UInt8(ascii: "\n")) {
            guard let message = try? decoder.decode(Data(line)) else {
                text.append(contentsOf: line)
                text.append(UInt8(ascii: "\n"))
                continue
            }
            for shown in presenter.present(message, nowMilliseconds: now) {
                // Names and chat are checked when they come in; this catches what came from
                // elsewhere (an older game log's names, say).
                text.append(contentsOf: VisibleText.escaped(shown).utf8)
                text.append(UInt8(ascii: "\n"))
            }
        }
        return text
    }

    private mutating func switchTo(_ newMode: OutputMode) {
        if case .text(let ascii) = newMode {
            if mode == .json { presenter = TextPresenter(ascii: ascii) }
            presenter.text.ascii = ascii
        }
        mode = newMode
    }
}
