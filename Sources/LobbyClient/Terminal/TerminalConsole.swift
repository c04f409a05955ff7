import Foundation
import Locking

/// The screen of a raw-mode terminal: incoming lines are printed above the prompt, wrapped to
/// the terminal's width, and the prompt with the line being typed is redrawn below them.
/// Thread-safe: events print from the reader thread while the user types on another.
public final class TerminalConsole: Sendable {
    private let write: @Sendable (String) -> Void
    private let prompt: @Sendable () -> String
    /// What is on the screen, held while it is redrawn so that redraws do not interleave.
    private let screen: Locked<Screen>

    /// The line being typed, the width to wrap to and the prompt last drawn.
    private struct Screen: Sendable {
        var editor = LineEditor()
        var wrapper: TextWrapper
        var shownPrompt = ""

        /// The prompt and the typed text, cut to the terminal's width from the left.
        mutating func promptLine(_ prompt: String) -> String {
            shownPrompt = prompt
            let typed = editor.text
            let room = wrapper.width - 1 - TextWrapper.visibleWidth(shownPrompt)
            let visible = typed.count > room ? "<" + typed.suffix(max(room - 1, 0)) : typed
            return shownPrompt + visible
        }
    }

    /// A console writing through `write`, `columns` wide, whose prompt text comes from
    /// `prompt` (asked again at every redraw, so it can count time down).
    public init(
        columns: Int, prompt: @escaping @Sendable () -> String,
        write: @escaping @Sendable (String) -> Void
    ) {
        screen = Locked(Screen(wrapper: TextWrapper(columns: columns)))
        self.prompt = prompt
        self.write = write
    }

    /// Output that prints through this console.
    public var output: TextOutput { TextOutput { [self] in print($0) } }

    /// Prints a line above the prompt and redraws the prompt.
    public func print(_ line: String) {
        screen.withLock { screen in
            let text = screen.wrapper.wrap(line).map { $0 + "\n" }.joined()
            write("\r\u{1B}[K" + text + screen.promptLine(prompt()))
        }
    }

    /// Takes one typed byte; returns the submitted line on Enter, or nil.
    public func feed(_ byte: UInt8) -> LineEditor.Effect {
        screen.withLock { screen in
            let effect = screen.editor.feed(byte)
            switch effect {
            case .changed:
                write("\r\u{1B}[K" + screen.promptLine(prompt()))
            case .submitted(let line):
                // The typed line stays on screen above what it causes.
                let typed = screen.shownPrompt + line + "\n"
                write("\r\u{1B}[K" + typed + screen.promptLine(prompt()))
            case .none, .endOfInput:
                break
            }
            return effect
        }
    }

    /// Redraws the prompt when its text changed (e.g. the seconds left).
    public func refreshPrompt() {
        screen.withLock { screen in
            let text = prompt()
            if text != screen.shownPrompt { write("\r\u{1B}[K" + screen.promptLine(text)) }
        }
    }

    /// Wraps to a new width from now on.
    public func resize(columns: Int) {
        screen.withLock { $0.wrapper = TextWrapper(columns: columns) }
        refreshPrompt()
    }

    /// Clears the prompt line (before leaving).
    public func clearPrompt() {
        screen.withLock { _ in write("\r\u{1B}[K") }
    }
}
