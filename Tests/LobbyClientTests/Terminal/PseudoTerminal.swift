import Foundation
import Glibc

/// The built `bigtwo-client` run on a pseudo-terminal of a given width, as a person at a
/// terminal runs it: what it draws is collected as it comes, and keys are typed into it.
final class PseudoTerminal: @unchecked Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let process = Process()
    private let master: Int32
    private let condition = NSCondition()
    private var received = Data()
    private var ended = false

    init(arguments: [String], columns: UInt16) throws {
        var master: Int32 = 0
        var slave: Int32 = 0
        var size = winsize(ws_row: 40, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &size) == 0 else {
            throw Failure(description: "openpty failed: errno \(errno)")
        }
        self.master = master
        process.executableURL = Bundle.main.executableURL!.deletingLastPathComponent()
            .appendingPathComponent("bigtwo-client")
        process.arguments = arguments
        process.environment = ["NO_COLOR": "1", "LANG": "C.UTF-8", "TERM": "xterm"]
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: false)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = terminal
        try process.run()
        close(slave)
        Thread { [self] in readUntilEnd() }.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
        close(master)
    }

    private func readUntilEnd() {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = read(master, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            condition.lock()
            if count <= 0 {
                ended = true
            } else {
                received.append(contentsOf: buffer[..<count])
            }
            condition.broadcast()
            condition.unlock()
            if count <= 0 { return }
        }
    }

    /// Everything drawn so far.
    var screen: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: received, as: UTF8.self)
    }

    /// Types keys (without Enter).
    func type(_ keys: String) {
        let bytes = Array(keys.utf8)
        _ = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
    }

    /// Types a line and Enter.
    func enter(_ line: String) { type(line + "\r") }

    /// Waits up to 20 seconds until what was drawn satisfies `predicate`.
    @discardableResult
    func wait(until predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(20)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let text = String(decoding: received, as: UTF8.self)
            if predicate(text) { return text }
            if ended || !condition.wait(until: deadline) {
                let status = process.isRunning ? "running" : "exited \(process.terminationStatus)"
                throw Failure(
                    description: "gave up waiting (client \(status)); the screen so far:\n"
                        + text.unicodeScalars.map {
                            $0.isASCII && $0.value >= 0x20 || $0 == "\n"
                                ? String($0) : "<\($0.value)>"
                        }.joined())
            }
        }
    }

    /// Waits until `text` has been drawn (compared byte for byte, since `\r\n` is one
    /// character to a String).
    @discardableResult
    func wait(for text: String) throws -> String {
        try wait { Self.has($0, text) }
    }

    /// True when `screen` holds `text`, byte for byte.
    static func has(_ screen: some StringProtocol, _ text: String) -> Bool {
        Data(screen.utf8).range(of: Data(text.utf8)) != nil
    }

    /// Waits up to 20 seconds for the client to exit; returns whether it did.
    func waitForExit() -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while process.isRunning && Date() < deadline { usleep(20_000) }
        return !process.isRunning
    }

    /// The terminal's local flags as the client left them.
    func localFlags() -> tcflag_t {
        var settings = termios()
        tcgetattr(master, &settings)
        return settings.c_lflag
    }

    /// The lines a person sees: `\r` + erase-line starts the line again (the prompt being
    /// redrawn), a `\r` before a newline is dropped.
    static func visibleLines(_ screen: String) -> [String] {
        let scalars = Array(screen.unicodeScalars)
        var lines: [String] = []
        var current = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\n" {
                lines.append(String(current))
                current = String.UnicodeScalarView()
            } else if scalar == "\r" {
                if index + 3 < scalars.count, scalars[index + 1] == "\u{1B}",
                    scalars[index + 2] == "[", scalars[index + 3] == "K"
                {
                    current = String.UnicodeScalarView()
                    index += 3
                }
            } else {
                current.append(scalar)
            }
            index += 1
        }
        lines.append(String(current))
        return lines
    }
}
