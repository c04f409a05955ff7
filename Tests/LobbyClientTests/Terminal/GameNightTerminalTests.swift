import Foundation
import LobbyClient
import LobbyProtocol
import Testing
import TestSupport

/// The client at a pseudo-terminal through what a game night has: the small games' turns
/// timed in the prompt, the last-card alert and the pause between deals, start-up at 40
/// columns, and a server restart under a player and a watcher.
@Suite struct GameNightTerminalTests {
    /// The seconds of every `your turn Ns> ` prompt drawn (`\r` + erase, then the prompt).
    static func turnPromptSeconds(_ screen: String) -> [Int] {
        numbers(after: "\r\u{1B}[Kyour turn ", before: "s> ", in: screen)
    }

    /// The whole numbers between `prefix` and `suffix` wherever they appear in `screen`.
    static func numbers(after prefix: String, before suffix: String, in screen: String) -> [Int] {
        screen.components(separatedBy: prefix).dropFirst().compactMap { piece in
            guard let end = piece.range(of: suffix) else { return nil }
            return Int(piece[..<end.lowerBound])
        }
    }

    @Test("tic-tac-toe and memory turns count their own time down in the prompt")
    func smallGamePrompts() throws {
        let local = try LocalServer(seed: 41)
        defer { local.stop() }
        let dee = try PseudoTerminal(
            arguments: ["127.0.0.1:\(local.address.port)", "--name", "dee"], columns: 60)
        try dee.wait(for: "\r\u{1B}[K> ")
        // A Big Two turn first, left unplayed: its deadline must not follow dee elsewhere.
        dee.enter("create turn=40")
        try dee.wait(for: "== table 1")
        dee.enter("start")
        try dee.wait(for: "your turn: cards, numbers, pass or hint")
        try dee.wait { Self.turnPromptSeconds($0).contains { (35...40).contains($0) } }
        dee.enter("leave")

        dee.enter("create tictactoe turn=25")
        try dee.wait(for: "== table 2")
        let ticTacToeStart = dee.screen.count
        dee.enter("start")
        try dee.wait(for: ": mark 1-9 or a1-c3")
        var screen = try dee.wait { Self.turnPromptSeconds($0).contains { (20...25).contains($0) } }
        dee.enter("mark b2")
        try dee.wait(for: "dee marked b2 (5)")
        screen = try dee.wait(for: "bot 1 marked")
        #expect(PseudoTerminal.has(screen, "\nbot 1 to play> "), "the bot's turn is named")
        // The bot's mark, then dee's second turn: told once, its prompt timed throughout.
        screen = try dee.wait {
            Self.turnPromptSeconds(String($0.dropFirst(ticTacToeStart))).count >= 2
                && PseudoTerminal.visibleLines(String($0.dropFirst(ticTacToeStart)))
                    .filter { $0.contains("your move") }.count >= 2
        }
        let ticTacToe = String(screen.dropFirst(ticTacToeStart))
        let told = PseudoTerminal.visibleLines(ticTacToe).filter { $0.contains("your move") }
        #expect(told.allSatisfy { $0.hasPrefix("  your move (") }, "once per turn, on the board: \(told)")
        #expect(!ticTacToe.contains("your turn> "), "a turn prompt without its seconds")
        dee.enter("leave")

        dee.enter("create memory pairs=3 turn=15")
        try dee.wait(for: "== table 3")
        dee.enter("start")
        try dee.wait(for: "your turn: flip a card")
        screen = try dee.wait {
            Self.turnPromptSeconds($0).contains { (10...15).contains($0) }
        }
        let lines = PseudoTerminal.visibleLines(screen)
        #expect(lines.contains { $0.hasPrefix("  pairs: you 0, bot 1 0") }, "\(lines.suffix(20))")
        #expect(!lines.contains { $0.contains(" s0 ") || $0.contains("seat 1 flips") })
        let seconds = Self.turnPromptSeconds(screen)
        #expect(!seconds.contains(0), "a prompt at 0 s: \(seconds)")
        #expect(seconds.allSatisfy { (1...40).contains($0) }, "\(seconds)")
        dee.enter("quit")
        #expect(dee.waitForExit())
    }

    @Test("one card left gets a line of its own; the pause before the next deal is shown")
    func lastCardAndReadyCheck() throws {
        let local = try LocalServer(seed: 24)
        defer { local.stop() }
        let cy = try PseudoTerminal(
            arguments: ["127.0.0.1:\(local.address.port)", "--name", "cy", "--create", "--games", "2"],
            columns: 100)
        try cy.wait(for: "== table 1")
        cy.enter("start")
        try SeatChangeTerminalTests.playTurns(cy, until: "next deal in ")
        let screen = try cy.wait { Self.numbers(after: "\r\u{1B}[Knext deal in ", before: "s (type ready)> ", in: $0).count > 0 }
        let lines = PseudoTerminal.visibleLines(screen)
        let alerts = lines.filter { $0.hasSuffix(" has 1 card left!") || $0 == "you have 1 card left!" }
        #expect(!alerts.isEmpty, "\(lines.suffix(60))")
        #expect(!lines.contains { $0.contains(" 1 cards") }, "one card is singular")
        #expect(lines.contains { $0.hasPrefix("next deal in ") && $0.contains("type ready") })
        cy.enter("ready")
        try cy.wait(for: "deal 2 starts")
        cy.enter("quit")
        #expect(cy.waitForExit())
    }

    @Test("--create at 40 columns: every line wraps and the prompt comes after them")
    func createAtFortyColumns() throws {
        let local = try LocalServer(seed: 5)
        defer { local.stop() }
        let bea = try PseudoTerminal(
            arguments: ["127.0.0.1:\(local.address.port)", "--name", "bea", "--create"],
            columns: 40)
        let started = try bea.wait(for: "type help for commands")
        #expect(PseudoTerminal.has(started, "seat 3: (free)"), "the table comes before the hint")
        try bea.wait(for: "\r\u{1B}[K> ")
        bea.enter("quit")
        #expect(bea.waitForExit())
        let lines = PseudoTerminal.visibleLines(bea.screen).filter { !$0.contains("--token ") }
        #expect(lines.contains { $0.hasPrefix("== table 1 \"bea's table\"") })
        #expect(lines.contains("  seat 3: (free) total 0"), "\(lines)")
        for line in lines {
            #expect(TextWrapper.visibleWidth(line) <= 40, "too wide: \(line)")
            #expect(!(line.hasPrefix("> ") && line.count > 2 && !line.hasPrefix("> quit")), "\(line)")
        }
    }

    @Test("a restart under a player and a watcher: a countdown, one table, watching on")
    func restartUnderPlayerAndWatcher() throws {
        let data = FileManager.default.temporaryDirectory
            .appendingPathComponent("bigtwo-night-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: data) }
        let arguments = [
            "--bot-delay-ms", "300", "--seed", "24", "--data-dir", data.path, "--log-level",
            "error",
        ]
        let first = try ServerProcess(arguments: arguments)
        let address = "127.0.0.1:\(first.port)"
        let ann = try PseudoTerminal(
            arguments: [address, "--name", "ann", "--create", "--games", "1"], columns: 80)
        try ann.wait(for: "== table 1")
        let cat = try PseudoTerminal(arguments: [address, "--name", "cat"], columns: 80)
        try cat.wait(for: "\r\u{1B}[K> ")
        cat.enter("watch 1")
        try cat.wait(for: "== table 1")
        let dan = try PseudoTerminal(arguments: [address, "--name", "dan"], columns: 80)
        try dan.wait(for: "\r\u{1B}[K> ")
        ann.enter("start")
        try ann.wait(for: "your turn: cards, numbers, pass or hint")
        try cat.wait(for: "ann to play")

        first.stop(signal: SIGTERM)
        try ann.wait(for: "connection lost")
        try ann.wait(for: "\r\u{1B}[Kreconnecting in ")
        try cat.wait(for: "\r\u{1B}[Kreconnecting in ")
        let annDown = ann.screen.count
        let catDown = cat.screen.count
        let second = try ServerProcess(arguments: arguments, port: first.port)
        defer { second.stop(signal: SIGTERM) }
        try ann.wait(for: "session resumed")
        try cat.wait(for: "session resumed")
        // Back in the lobby: nothing refused behind the person's back.
        try dan.wait(for: "session resumed")
        dan.enter("who")
        let danScreen = try dan.wait(for: "online:")
        #expect(!danScreen.contains("not_seated"), "\(PseudoTerminal.visibleLines(danScreen))")
        // Back at ann's turn: the table once, then the prompt with her time.
        try ann.wait { Self.turnPromptSeconds(String($0.dropFirst(annDown))).count > 0 }
        let annAfter = PseudoTerminal.visibleLines(String(ann.screen.dropFirst(annDown)))
        #expect(annAfter.filter { $0.hasPrefix("== table 1") }.count <= 1, "\(annAfter)")
        #expect(!annAfter.contains { $0.hasPrefix("resumed as") || $0.contains("back in your seat") })
        #expect(!annAfter.contains { $0.hasPrefix("reconnecting in ") && $0.contains("attempt") })
        #expect(annAfter.filter { $0.contains("session resumed") }.count == 1, "\(annAfter)")

        // The watcher still watches: ann's play reaches cat, and state shows the table.
        ann.enter("1")
        ann.enter("pass")
        try cat.wait {
            let after = String($0.dropFirst(catDown))
            return after.contains("ann played") || after.contains("ann passed")
        }
        let beforeState = cat.screen.count
        cat.enter("state")
        let catAfter = try cat.wait { String($0.dropFirst(beforeState)).contains("== table 1") }
        #expect(!catAfter.dropFirst(catDown).contains("not_seated"))

        // A watcher who asks for a seat gets one: no "leave your table first".
        let beforeJoin = cat.screen.count
        cat.enter("join 1")
        try cat.wait(for: "you stop watching table 1 to sit down")
        let joined = try cat.wait { String($0.dropFirst(beforeJoin)).contains(" (you)") }
        #expect(!joined.dropFirst(beforeJoin).contains("already_at_table"))
        ann.enter("quit")
        cat.enter("quit")
        dan.enter("quit")
        #expect(ann.waitForExit() && cat.waitForExit() && dan.waitForExit())
    }
}
