import Foundation

/// Telnet's in-band commands, taken out of a line: a telnet client (`telnet host 7777`,
/// PuTTY in Telnet mode) opens by negotiating options with `IAC` sequences, bytes that are
/// no part of what its user typed. The server takes part in no negotiation: a client that
/// hears no answer stays in its default line mode with local echo, which is what a line
/// protocol wants.
///
/// `IAC` (255) never occurs in UTF-8, so lines of clients that are not telnet pass unchanged.
public enum TelnetCommands {
    /// Interpret As Command: every telnet command begins with it.
    static let interpretAsCommand: UInt8 = 255
    /// Begins a subnegotiation, which runs to `IAC SE`.
    static let subnegotiationBegin: UInt8 = 250
    /// Ends a subnegotiation.
    static let subnegotiationEnd: UInt8 = 240
    /// `WILL`, `WONT`, `DO` and `DONT` each take one option byte.
    static let optionVerbs: ClosedRange<UInt8> = 251...254

    /// `line` without its telnet commands: `IAC WILL/WONT/DO/DONT option`, `IAC SB … IAC SE`
    /// and the two-byte commands (`IAC NOP`, `IAC GA`, `IAC IP` …) are dropped; `IAC IAC`,
    /// telnet's escaped data byte 255, stays a 255 (which is not UTF-8, and is refused as
    /// such).
    public static func removed(from line: Data) -> Data {
        guard line.contains(interpretAsCommand) else { return line }
        let bytes = [UInt8](line)
        var kept: [UInt8] = []
        kept.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == interpretAsCommand else {
                kept.append(byte)
                index += 1
                continue
            }
            guard index + 1 < bytes.count else { break }
            let command = bytes[index + 1]
            switch command {
            case interpretAsCommand:
                kept.append(interpretAsCommand)
                index += 2
            case optionVerbs:
                index += 3
            case subnegotiationBegin:
                index = endOfSubnegotiation(in: bytes, from: index + 2)
            default:
                index += 2
            }
        }
        return Data(kept)
    }

    /// Where the bytes after a subnegotiation starting at `start` resume: past its
    /// `IAC SE`, or at the end of the line when it is not closed there.
    private static func endOfSubnegotiation(in bytes: [UInt8], from start: Int) -> Int {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == interpretAsCommand {
                if bytes[index + 1] == subnegotiationEnd { return index + 2 }
                index += 2
            } else {
                index += 1
            }
        }
        return bytes.count
    }
}
