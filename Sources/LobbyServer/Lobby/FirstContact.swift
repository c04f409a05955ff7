import Foundation
import LobbyProtocol

/// Who a line connection's first bytes, read before its greeting, say is at the other end;
/// it picks the greeting's form. A program that waits for its greeting sends nothing, and
/// one that sends at once opens with JSON: both are greeted in JSON. A telnet client opens by
/// negotiating options (bytes beginning with `IAC`, 255, which no UTF-8 text holds), and
/// anything else is typed by a person (a plain command, or Enter alone): both are greeted in
/// plain text.
enum FirstContact: Equatable {
    /// Nothing came before the greeting, or a JSON line: the greeting is JSON.
    case program
    /// A plain command or telnet negotiation came first: the greeting is plain text, with
    /// telnet's `CRLF` line endings when `telnet`.
    case person(telnet: Bool)

    private static let interpretAsCommand: UInt8 = 255

    init(openingBytes bytes: Data) {
        if bytes.contains(Self.interpretAsCommand) {
            self = .person(telnet: true)
        } else if bytes.isEmpty || RequestParser.looksLikeJSON(bytes) {
            self = .program
        } else {
            // Any other byte is typed, be it only Enter on an empty line.
            self = .person(telnet: false)
        }
    }
}
