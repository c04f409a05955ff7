import Foundation

/// Where text goes: a sink for whole lines, safe to call from any thread.
public struct TextOutput: Sendable {
    private let write: @Sendable (String) -> Void

    /// Output through a closure receiving each line (without its newline).
    public init(_ write: @escaping @Sendable (String) -> Void) {
        self.write = write
    }

    /// Writes one line.
    public func line(_ text: String) { write(text) }

    /// Standard output.
    public static let standardOutput = TextOutput { text in
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// Standard error.
    public static let standardError = TextOutput { text in
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }

    /// Discards everything.
    public static let discard = TextOutput { _ in }
}
