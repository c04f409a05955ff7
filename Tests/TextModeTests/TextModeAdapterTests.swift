import Foundation
import LobbyProtocol
import Testing
import TextMode

@Suite struct TextModeAdapterTests {
    let encoder = ServerMessageEncoder()

    func sent(_ adapter: inout TextModeAdapter, _ event: ServerEvent) -> String {
        String(decoding: adapter.outgoing(encoder.line(event), nowMilliseconds: 0), as: UTF8.self)
    }

    @Test func plainHelloGetsText() {
        var adapter = TextModeAdapter()
        #expect(sent(&adapter, .pong) == #"{"type":"pong"}"# + "\n")
        adapter.received(.hello(name: "ann", token: nil), plain: true)
        #expect(adapter.mode == .text(ascii: false))
        #expect(sent(&adapter, .pong) == "pong\n")
        adapter.received(.hello(name: "ann", token: nil), plain: false)
        #expect(adapter.mode == .text(ascii: false), "only the first hello picks the mode")
    }

    @Test func jsonHelloGetsJSON() {
        var adapter = TextModeAdapter()
        adapter.received(.hello(name: "ann", token: nil), plain: false)
        adapter.received(.hello(name: "ann", token: nil), plain: true)
        #expect(adapter.mode == .json)
        #expect(sent(&adapter, .pong) == #"{"type":"pong"}"# + "\n")
    }

    @Test func aModeChosenBeforeHelloStays() {
        var adapter = TextModeAdapter()
        adapter.received(.mode(.json), plain: true)
        adapter.received(.hello(name: "ann", token: nil), plain: true)
        #expect(adapter.mode == .json)
    }

    @Test func modeSwitchesAndAsciiApplies() {
        var adapter = TextModeAdapter()
        adapter.received(.mode(.text(ascii: true)), plain: false)
        let play = PlayNotice(
            table: 1, seat: 2, cards: [.init(.ten, .hearts)], combo: "single", cardsLeft: 3)
        #expect(
            sent(&adapter, .play(play)) == "seat 2 played 10H (single) | 3 cards left\n",
            "seats are numbered until a table is described")
        adapter.received(.mode(.json), plain: true)
        #expect(sent(&adapter, .pong) == #"{"type":"pong"}"# + "\n")
    }

    @Test("after hello, each burst of lines ends with a prompt, which the next erases")
    func promptsAfterEachBurst() throws {
        var adapter = TextModeAdapter()
        adapter.received(.hello(name: "ann", token: nil), plain: true)
        let welcome = sent(&adapter, .welcome(Welcome(name: "ann", token: "t0", resumed: false)))
        #expect(welcome == "welcome, ann\nto come back after a drop, type: hello ann t0\nann> ")
        #expect(sent(&adapter, .pong) == "\r\u{1B}[Kpong\nann> ")
        #expect(adapter.promptCommand("hello") == nil)
        let reply = adapter.promptCommand("prompt off")
        let off = try #require(reply)
        #expect(String(decoding: off, as: UTF8.self) == "prompt off (prompt on to see it again)\n")
        #expect(adapter.outgoing(off, nowMilliseconds: 0) == Data("\r\u{1B}[K".utf8) + off)
        #expect(sent(&adapter, .pong) == "pong\n")
        let refused = adapter.promptCommand("prompt sideways")
        #expect(
            refused.map { String(decoding: $0, as: UTF8.self) }
                == "error (invalid_field): write prompt on or prompt off\n")
    }

    @Test("no prompt in JSON mode, and prompt is no command there")
    func noPromptInJSON() {
        var adapter = TextModeAdapter()
        adapter.received(.hello(name: "ann", token: nil), plain: false)
        #expect(adapter.promptCommand("prompt off") == nil)
        #expect(sent(&adapter, .pong) == #"{"type":"pong"}"# + "\n")
    }

    @Test("help COMMAND typed on the line is what the help reply answers")
    func helpTopicFromTheLine() {
        var adapter = TextModeAdapter()
        adapter.lineArrived("help hint", plain: true)
        adapter.received(.help, plain: true)
        let text = sent(&adapter, .help(HelpReply(commands: PlainCommand.summary, text: "c")))
        #expect(text.hasPrefix("hint "), "\(text)")
        #expect(!text.contains("commands:"))
    }

    @Test func multiLineRepliesAreSeparateLines() {
        var adapter = TextModeAdapter()
        adapter.received(.mode(.text(ascii: false)), plain: true)
        let text = sent(&adapter, .help(HelpReply(commands: ["a", "b"], text: "c")))
        #expect(text == "commands:\n  a\n  b\nc\n")
    }

    @Test func severalLinesInOneSendAreEachPresented() {
        var adapter = TextModeAdapter()
        adapter.received(.mode(.text(ascii: false)), plain: true)
        let both = encoder.line(.pong) + encoder.line(.shutdown(ShutdownNotice(message: "bye")))
        let text = String(decoding: adapter.outgoing(both, nowMilliseconds: 0), as: UTF8.self)
        #expect(text == "pong\nserver: bye\n")
    }

    @Test func aLineThatIsNotAMessageGoesOutAsItIs() {
        var adapter = TextModeAdapter()
        adapter.received(.mode(.text(ascii: false)), plain: true)
        let raw = Data("not json\n".utf8)
        #expect(adapter.outgoing(raw, nowMilliseconds: 0) == raw)
    }

    @Test func anEmptyPageAfterMoreSaysTheListEnded() {
        var adapter = TextModeAdapter()
        adapter.received(.hello(name: "ann", token: nil), plain: true)
        adapter.received(.history(HistoryQuery()), plain: true)
        #expect(sent(&adapter, .history(HistoryReply(deals: []))) == "no finished deals yet\n")
        adapter.received(.history(HistoryQuery(more: true)), plain: true)
        #expect(
            sent(&adapter, .history(HistoryReply(deals: [])))
                == "no older entries: type history for the latest\n")
        adapter.received(.leaderboard(LeaderboardQuery(more: true)), plain: true)
        #expect(
            sent(&adapter, .leaderboard(LeaderboardReply(players: [])))
                == "no more rows: type leaderboard for the top\n")
        adapter.received(.leaderboard(LeaderboardQuery()), plain: true)
        #expect(sent(&adapter, .leaderboard(LeaderboardReply(players: []))) == "no scores yet\n")
        adapter.received(.list(ListQuery(more: true)), plain: true)
        #expect(
            sent(&adapter, .tables(TableList(tables: [])))
                == "no more tables: type list for the first page\n")
        adapter.received(.list(ListQuery()), plain: true)
        #expect(
            sent(&adapter, .tables(TableList(tables: []))) == "no tables to list: type create\n")
    }
}
