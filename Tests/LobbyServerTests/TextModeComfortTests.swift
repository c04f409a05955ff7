import CardGames
import Foundation
import LobbyProtocol
import Testing

/// What a telnet game player expects of text mode, through a real socket: a prompt, the
/// cards alone as a play, help on one command, the way back to a held name, and people named
/// rather than numbered in errors.
@Suite("Text mode comforts on nc")
struct TextModeComfortTests {
    /// A person on `nc` who has said hello; the welcome's two lines are read.
    func newcomer(_ name: String, on server: TestServer) throws -> (LineClient, token: String) {
        let client = try LineClient.connect(port: server.port)
        _ = try client.readLine()
        try client.send("hello \(name)")
        #expect(try client.readLine() == "welcome, \(name)")
        let resume = try #require(try client.readLine())
        let prefix = "to come back after a drop, type: hello \(name) "
        #expect(resume.hasPrefix(prefix), "\(resume)")
        return (client, String(resume.dropFirst(prefix.count)))
    }

    /// ann alone at a new table of `kind` (one game, no timer), started, with the lines read
    /// up to the first that begins with `first`.
    func started(_ kind: String, on server: TestServer, until first: String) throws -> LineClient {
        let (ann, _) = try newcomer("ann", on: server)
        try ann.send("create \(kind) turn=0 games=1")
        _ = try ann.readLines { $0.hasPrefix("you created") }
        try ann.send("start")
        _ = try ann.readLines { $0.hasPrefix(first) }
        return ann
    }

    @Test("a prompt ends each burst: the name, then the turn; prompt off stops it")
    func promptAfterEachBurst() throws {
        let server = try TestServer(seed: 7)
        let (ann, _) = try newcomer("ann", on: server)
        #expect(try ann.pendingPrompt() == "ann> ")
        try ann.send("create turn=0 games=1")
        _ = try ann.readLines { $0.hasPrefix("you created") }
        #expect(try ann.pendingPrompt() == "ann> ")
        try ann.send("start")
        _ = try ann.readLines { $0.hasPrefix("your turn") }
        #expect(try ann.pendingPrompt() == "your turn> ")
        try ann.send("prompt off")
        #expect(try ann.readLine() == "prompt off (prompt on to see it again)")
        try ann.send("ping")
        #expect(try ann.readLine() == "pong")
        #expect(try ann.pendingPrompt(seconds: 0) == nil)
    }

    @Test("at your turn the cards alone are a play, and rules errors show suit symbols")
    func bareCardsArePlayed() throws {
        let server = try TestServer(seed: 7)
        let (ann, _) = try newcomer("ann", on: server)
        try ann.send("create turn=0 games=1")
        _ = try ann.readLines { $0.hasPrefix("you created") }
        try ann.send("start")
        let turn = try #require(try ann.readLines { $0.hasPrefix("your turn") }.last)
        let held = try Card.parseList(try #require(turn.components(separatedBy: "you hold ").last))
        let deck = (0..<52).compactMap { Card(index: $0) }
        let missing = try #require(deck.first { !held.contains($0) })
        try ann.send(missing.notation.lowercased())
        #expect(
            try ann.readLine() == "error (cards_not_in_hand): not in your hand: "
                + missing.rank.face + String(missing.suit.symbol))
    }

    @Test("help play says how to write cards; help with no such command says so")
    func helpOnOneCommand() throws {
        let server = try TestServer()
        let (ann, _) = try newcomer("ann", on: server)
        try ann.send("help play")
        let help = try ann.readLines { $0.contains("Examples") }
        #expect(help.first?.hasPrefix("play CARDS") == true, "\(help)")
        try ann.send("help dance")
        #expect(try ann.readLine() == "no command 'dance': type help for the list")
    }

    @Test("a held name says how to resume it: hello NAME TOKEN")
    func aHeldNameSaysHowToResume() throws {
        let server = try TestServer()
        let (ann, token) = try newcomer("ann", on: server)
        let other = try LineClient.connect(port: server.port)
        _ = try other.readLine()
        try other.send("hello ann")
        #expect(
            try other.readLine() == "error (name_taken): the name 'ann' is in use: if it is yours, "
                + "type hello ann TOKEN with the token your welcome showed, or choose another name")
        ann.close()
        let again = try LineClient.connect(port: server.port)
        _ = try again.readLine()
        var refusal = ""
        // The server notices the drop a moment later: until then the name is in use.
        for _ in 0..<200 {
            try again.send("hello ann")
            refusal = try #require(try again.readLine())
            if refusal.contains("held") { break }
            usleep(10_000)
        }
        #expect(
            refusal == "error (name_taken): the name 'ann' is held for its player to come back: "
                + "if it is yours, type hello ann TOKEN with the token your welcome showed, or "
                + "choose another name")
        try again.send("hello ann \(token)")
        #expect(try again.readLine() == "welcome back, ann")
    }

    @Test("the token is short to type, and typed in capitals without its dashes it resumes")
    func aShortTokenTypedAnyWay() throws {
        let server = try TestServer()
        let (ann, token) = try newcomer("ann", on: server)
        let groups = token.split(separator: "-")
        #expect(groups.count == 4 && groups.allSatisfy { $0.count == 4 }, "\(token)")
        #expect(token.allSatisfy { "0123456789abcdefghjkmnpqrstvwxyz-".contains($0) })
        ann.close()
        let again = try LineClient.connect(port: server.port)
        _ = try again.readLine()
        let typed = token.uppercased().replacingOccurrences(of: "-", with: "")
        // Until the server notices the drop, the resume takes the session over all the same.
        try again.send("hello ann \(typed)")
        #expect(try again.readLine() == "welcome back, ann")
        #expect(try again.readLine() == "to come back after a drop, type: hello ann \(token)")
        try again.send("hello ann k7dq-2m9x-p4rt-8cwz")
        #expect(try again.readLine()?.hasPrefix("error (already_logged_in)") == true)
    }

    @Test("out of turn, the error names whose turn it is")
    func outOfTurnNamesThePlayer() throws {
        let server = try TestServer()
        let (ann, _) = try newcomer("ann", on: server)
        let (bob, _) = try newcomer("bob", on: server)
        try ann.send("create tictactoe first=o turn=0 games=1")
        _ = try ann.readLines { $0.hasPrefix("you created") }
        try bob.send("join 1")
        _ = try bob.readLines { $0.hasPrefix("you joined") }
        try ann.send("start")
        _ = try bob.readLines { $0.hasPrefix("ann to mark") }
        try bob.send("mark 5")
        #expect(try bob.readLine() == "error (not_your_turn): it is ann's turn")
    }

    @Test("at tic-tac-toe a cell alone is a mark; a number alone says what to write")
    func bareCellIsMarked() throws {
        let server = try TestServer()
        let ann = try started("tictactoe first=o", on: server, until: "your move")
        try ann.send("5")
        #expect(
            try ann.readLine() == "error (unknown_type): a number alone is no command: mark 5 at "
                + "tic-tac-toe, flip 5 at memory, or play the cards themselves at Big Two (3d 3c)")
        try ann.send("B2")
        #expect(try ann.readLine() == "you marked O on b2 (5)")
    }

    @Test("a memory card out of range is refused with the table's own range")
    func flipOutOfRangeNamesTheTablesRange() throws {
        let server = try TestServer()
        let ann = try started("memory pairs=6", on: server, until: "your turn")
        for card in ["0", "13", "99999999999"] {
            try ann.send("flip \(card)")
            let refusal = try #require(try ann.readLine())
            #expect(refusal.hasPrefix("error (invalid_field): there is no card "), "\(refusal)")
            #expect(refusal.hasSuffix("the cards are 1 to 12 here"), "\(refusal)")
        }
    }

    @Test("a watcher who tries to play is told how to sit down, and that works")
    func aWatcherIsToldHowToPlay() throws {
        let server = try TestServer()
        let (ann, _) = try newcomer("ann", on: server)
        let (cat, _) = try newcomer("cat", on: server)
        try ann.send("create turn=0")
        _ = try ann.readLines { $0.hasPrefix("you created") }
        try cat.send("watch 1")
        _ = try cat.readLines { $0.hasPrefix("you watch") }
        try cat.send("join 1 2")
        #expect(
            try cat.readLines { $0.hasPrefix("error") }.last
                == "error (already_at_table): you are watching table 1: type leave first")
        try cat.send("pass")
        let refusal = try #require(try cat.readLines { $0.hasPrefix("error") }.last)
        #expect(
            refusal == "error (spectator_cannot_act): you are watching table 1: to play, type "
                + "leave, then join 1 (a free seat or a bot's)")
        try cat.send("leave")
        _ = try cat.readLines { $0.hasPrefix("you left") }
        try cat.send("join 1")
        #expect(try cat.readLines { $0.hasPrefix("you joined") || $0.hasPrefix("error") }.last?.hasPrefix("you joined") == true)
    }
}
