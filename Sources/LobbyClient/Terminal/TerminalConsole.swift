import Foundation

/// The screen of a raw-mode terminal: incoming lines are printed above the prompt, wrapped to
/// the terminal's width, and the prompt with the line being typed is redrawn below them.
/// Thread-safe: events print from the reader thread while the user types on another.
public final class TerminalConsole: @unchecked Sendable {
    private let lock = NSLock()
    private let write: @Sendable (String) -> Void
    private let prompt: @Sendable () -> String
    private var editor = LineEditor()
    private var wrapper: TextWrapper
    private var shownPrompt = ""

    /// A console writing through `write`, `columns` wide, whose prompt text comes from
    /// `prompt` (asked again at every redraw, so it can count time down).
    public init(
        columns: Int, prompt: @escaping @Sendable () -> String,
        write: @escaping @Sendable (String) -> Void
    ) {
        wrapper = TextWrapper(columns: columns)
        self.prompt = prompt
        self.write = write
    }

    /// Output that prints through this console.
    public var output: TextOutput { TextOutput { [self] in print($0) } }

    /// Prints a line above the prompt and redraws the prompt.
    public func print(_ line: String) {
        lock.lock()
        defer { lock.unlock() }
        let text = wrapper.wrap(line).map { $0 + "\n" }.joined()
        write("\r\u{1B}[K" + text + promptLine())
    }

    /// Takes one typed byte; returns the submitted line on Enter, or nil.
    public func feed(_ byte: UInt8) -> LineEditor.Effect {
        lock.lock()
        defer { lock.unlock() }
        let effect = editor.feed(byte)
        switch effect {
        case .changed:
            write("\r\u{1B}[K" + promptLine())
        case .submitted(let line):
            // The typed line stays on screen above what it causes.
            write("\r\u{1B}[K" + shownPrompt + line + "\n" + promptLine())
        case .none, .endOfInput:
            break
        }
        return effect
    }

    /// Redraws the prompt when its text changed (e.g. the seconds left).
    public func refreshPrompt() {
        lock.lock()
        defer { lock.unlock() }
        if prompt() != shownPrompt { write("\r\u{1B}[K" + promptLine()) }
    }

    /// Wraps to a new width from now on.
    public func resize(columns: Int) {
        lock.lock()
        wrapper = TextWrapper(columns: columns)
        lock.unlock()
        refreshPrompt()
    }

    /// Clears the prompt line (before leaving).
    public func clearPrompt() {
        lock.lock()
        defer { lock.unlock() }
        write("\r\u{1B}[K")
    }

    /// The prompt and the typed text, cut to the terminal's width from the left.
    private func promptLine() -> String {
        shownPrompt = prompt()
        let typed = editor.text
        let room = wrapper.width - 1 - TextWrapper.visibleWidth(shownPrompt)
        let visible = typed.count > room ? "<" + typed.suffix(max(room - 1, 0)) : typed
        return shownPrompt + visible
    }
}
