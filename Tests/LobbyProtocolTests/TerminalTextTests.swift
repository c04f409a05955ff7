import Foundation
import LobbyProtocol
import Testing

/// The client reads server strings through a printable decoder: no control, direction or
/// invisible character reaches the terminal, whatever the server sends.
@Suite struct TerminalTextTests {
    @Test func controlDirectionAndInvisibleCharactersAreReplaced() {
        let hostile = "\u{1B}]0;owned\u{07}\u{1B}[2J\r\nserver: hi\u{202E}txt\u{200B}\u{9B}"
        let shown = TerminalText.printable(hostile)
        #expect(!shown.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        #expect(!shown.unicodeScalars.contains { [0x202E, 0x200B].contains($0.value) })
        #expect(shown.contains("server: hi") && shown.contains("owned"))
        #expect(TerminalText.printable("ann 漢字 😀") == "ann 漢字 😀")
    }

    @Test func aPrintableDecoderCleansEveryStringOfAMessage() throws {
        let line = #"{"from":"e\u001b[31mve","scope":"lobby","text":"\u001b[2Jhi\u202e","type":"chat"}"#
        let plain = try ServerMessageDecoder().decode(line)
        let safe = try ServerMessageDecoder(printable: true).decode(line)
        guard case .chat(let raw) = plain.event, case .chat(let chat) = safe.event else {
            Issue.record("expected chat messages")
            return
        }
        #expect(raw.text.contains("\u{1B}"))
        #expect(chat.from == "e\u{FFFD}[31mve")
        #expect(chat.text == "\u{FFFD}[2Jhi\u{FFFD}")
    }
}
