import Testing

/// The roulette transcripts of protocol.md, in JSON and in text mode, are what a real server
/// writes: one round beside a bot, with a bet over the limit refused. Set
/// BIGTWO_UPDATE_TRANSCRIPT=1 to rewrite them.
@Suite("protocol.md roulette transcripts")
struct RouletteTranscriptTests {
    @Test("the JSON transcript")
    func json() throws {
        let session = try Transcript(showingGreeting: true)
        try session.request(jsonHello("ann"), until: "welcome")
        try session.request(
            #"{"type":"create","kind":"roulette","segments":6,"seats":2,"max_stake":20,"games":1,"turn_seconds":0,"name":"wheel","id":2}"#,
            until: "created")
        try session.request(#"{"type":"start","id":3}"#, until: "roulette_turn")
        try session.request(
            #"{"type":"bet","bets":[{"segment":2,"chips":15},{"segment":5,"chips":10}],"id":4}"#,
            until: "error")
        try session.request(
            #"{"type":"bet","bets":[{"segment":2,"chips":5},{"segment":5,"chips":3}],"id":5}"#,
            until: "left")
        try session.request(#"{"type":"history","id":6}"#, until: "history")
        #expect(session.lines.contains { $0.contains(#""code":"over_limit""#) })
        #expect(session.lines.contains { $0.contains(#""type":"roulette_spin""#) })
        let heading = "#### Roulette transcript, JSON mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }

    @Test("the text-mode transcript")
    func text() throws {
        let session = try Transcript(showingGreeting: false)
        try session.exchange("hello ann") { $0.hasPrefix("welcome") }
        let create = "create roulette segments=6 seats=2 stake=20 games=1 turn=0 name=wheel"
        try session.exchange(create) { $0.hasPrefix("you created") }
        try session.exchange("start") { $0.hasPrefix("your bets") }
        try session.exchange("bet 15 on 2, 10 on 5") { $0.hasPrefix("error") }
        try session.exchange("bet 5 on 2, 3 on 5") { $0.hasPrefix("you left") }
        try session.exchange("history") { $0.hasPrefix("#1 ") }
        #expect(session.lines.contains { $0.hasPrefix("← error (over_limit)") })
        let heading = "#### Roulette transcript, text mode"
        #expect(try ProtocolDocument.mismatch(inBlockAfter: heading, lines: session.lines) == nil)
    }
}
