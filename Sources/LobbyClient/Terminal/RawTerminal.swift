import Dispatch
import Foundation
import Glibc

/// Puts the terminal on standard input into raw mode (no line buffering, no echo) so that
/// the client draws the line being typed itself, and puts it back as it was on `restore`, at
/// exit, and on SIGINT, SIGTERM and SIGHUP. Window size changes (SIGWINCH) are reported.
public final class RawTerminal: @unchecked Sendable {
    private let lock = NSLock()
    private var saved: termios?
    private var sources: [any DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "bigtwo.client.terminal")

    /// Enters raw mode; nil when standard input is not a terminal.
    public init?(onResize: @escaping @Sendable () -> Void) {
        guard isatty(STDIN_FILENO) == 1 else { return nil }
        var original = termios()
        guard tcgetattr(STDIN_FILENO, &original) == 0 else { return nil }
        var raw = original
        // Keep ISIG so that Ctrl-C still raises SIGINT, which restores the terminal.
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 1
            cc[Int(VTIME)] = 0
        }
        // Not TCSAFLUSH: what someone typed while the client was connecting is kept.
        guard tcsetattr(STDIN_FILENO, TCSADRAIN, &raw) == 0 else { return nil }
        saved = original
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { @Sendable [self] in
                restore()
                FileHandle.standardOutput.write(Data("\n".utf8))
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
        signal(SIGWINCH, SIG_IGN)
        let resize = DispatchSource.makeSignalSource(signal: SIGWINCH, queue: queue)
        resize.setEventHandler { @Sendable in onResize() }
        resize.resume()
        sources.append(resize)
    }

    /// Puts the terminal back as it was; later calls do nothing.
    public func restore() {
        lock.lock()
        defer { lock.unlock() }
        guard var original = saved else { return }
        tcsetattr(STDIN_FILENO, TCSAFLUSH, &original)
        saved = nil
    }

    deinit {
        restore()
        sources.forEach { $0.cancel() }
    }

    /// The width of the terminal on standard output, in columns; nil when unknown.
    public static func columns() -> Int? {
        var size = winsize()
        guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else {
            return nil
        }
        return Int(size.ws_col)
    }

    /// The next byte typed, or nil at the end of input.
    public func readByte() -> UInt8? {
        var byte: UInt8 = 0
        while true {
            let count = read(STDIN_FILENO, &byte, 1)
            if count == 1 { return byte }
            if count < 0 && errno == EINTR { continue }
            return nil
        }
    }
}
