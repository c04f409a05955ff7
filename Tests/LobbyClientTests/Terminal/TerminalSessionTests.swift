import CardGames
import Foundation
import Glibc
import LobbyClient
import LobbyProtocol
import LobbyServer
import Testing

/// The client at a 40-column terminal against a real server, checked by what a person sees.
@Suite struct TerminalSessionTests {
    @Test("prompt redrawn under events, 40-column wrapping, hint order, seat events")
    func aPersonAtANarrowTerminal() throws {
        let local = try LocalServer(seed: 77)
        defer { local.stop() }
        let address = local.address
        let ann = try PseudoTerminal(
            arguments: ["127.0.0.1:\(address.port)", "--name", "ann"], columns: 40)
        try ann.wait(for: "\r\u{1B}[K> ")
        #expect(ann.localFlags() & tcflag_t(ECHO) == 0, "raw mode: the client echoes")

        ann.enter("create games=1 turn=0")
        try ann.wait(for: "== table 1")
        let bob = ClientSession(
            address: address, name: "bob", autoplayer: AutoPlayer(level: .greedy, seed: 1))
        try bob.connect()
        _ = try bob.call(.join(table: 1, seat: nil))
        try ann.wait(for: "table 1: bob took a seat")

        // A line half typed when an event arrives is drawn again below it.
        ann.type("hel")
        try ann.wait(for: "> hel")
        bob.send(.chat(text: "hi ann", to: nil))
        try ann.wait(for: "[table] bob: hi ann\r\n> hel")
        ann.type("\u{7F}\u{7F}\u{7F}")

        ann.enter("start")
        try ann.wait(for: "your turn: cards, numbers, pass or hint")
        ann.enter("hint")
        ann.enter("sort suit")
        let afterHint = try ann.wait(for: "\r\u{1B}[Kyour hand: 1:")
        let hints = PseudoTerminal.visibleLines(afterHint)
            .drop { $0 != "legal plays, weakest first:" }.dropFirst()
            .prefix { $0.hasPrefix("  ") }
        let sizes = hints.filter {
            $0.hasPrefix("  ") && !$0.contains("pass") && !$0.contains("more")
        }
        .map { $0.split(separator: "(")[0].split(separator: " ").count }
        #expect(!sizes.isEmpty, "\(PseudoTerminal.visibleLines(afterHint).suffix(30))")
        #expect(sizes == sizes.sorted(), "weakest (fewest cards) first: \(hints)")
        if let passIndex = hints.firstIndex(of: "  pass") {
            #expect(passIndex == hints.indices.last, "pass comes last")
        }

        bob.close()
        try ann.wait(for: "bob dropped: a bot plays for bob")

        ann.enter("quit")
        try #require(ann.waitForExit(), "the client did not quit")
        #expect(ann.process.terminationStatus == 0)
        #expect(
            ann.localFlags() & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON),
            "the terminal is restored")

        // The farewell after quit carries the 64-digit session token to copy, which no width
        // can split; everything the session showed wraps.
        let lines = PseudoTerminal.visibleLines(ann.screen).filter { !$0.contains("--token ") }
        #expect(lines.count > 5)
        for line in lines {
            #expect(TextWrapper.visibleWidth(line) <= 40, "too wide: \(line)")
        }
        let handLines = lines.drop { !$0.hasPrefix("  your hand: ") }
            .prefix { $0.hasPrefix("  your hand: ") || $0.hasPrefix("    ") }
        #expect(handLines.count >= 2, "a 13-card hand wraps at 40 columns")
        let cards = handLines.joined(separator: " ").split(separator: " ").dropFirst(2)
        #expect(cards.count == 13)
        for token in cards {
            let card = token.split(separator: ":").last.map(String.init) ?? ""
            #expect((try? Card(parsing: card)) != nil, "a card was broken: \(token)")
        }
    }
}

@Suite struct TerminalSignalTests {
    @Test("an interrupt puts the terminal back as it was")
    func interruptRestoresTheTerminal() throws {
        let local = try LocalServer(seed: 5)
        defer { local.stop() }
        let ann = try PseudoTerminal(
            arguments: ["127.0.0.1:\(local.address.port)", "--name", "ann"], columns: 60)
        try ann.wait(for: "\r\u{1B}[K> ")
        #expect(ann.localFlags() & tcflag_t(ECHO | ICANON) == 0)
        ann.type("half typed")
        try ann.wait(for: "> half typed")
        kill(ann.process.processIdentifier, SIGINT)
        try #require(ann.waitForExit(), "the client did not stop")
        #expect(ann.process.terminationStatus == 128 + SIGINT)
        #expect(ann.localFlags() & tcflag_t(ECHO | ICANON) == tcflag_t(ECHO | ICANON))
    }
}
