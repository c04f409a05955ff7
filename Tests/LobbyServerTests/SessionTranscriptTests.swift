import Testing

/// The short session of protocol.md, section 7, is what a real server writes: the greeting,
/// `hello`, the table list, who is online, a refused `join` and a `ping`. Lobby requests
/// only, so that no table's events can come between the replies. Set
/// BIGTWO_UPDATE_TRANSCRIPT=1 to rewrite it.
@Suite("protocol.md session transcript")
struct SessionTranscriptTests {
    static let heading = "## 7. A session"

    @Test("the session in protocol.md is what the server writes")
    func transcriptIsTrue() throws {
        let session = try Transcript(showingGreeting: true)
        try session.request(#"{"type":"hello","name":"ann","id":1}"#, until: "welcome")
        try session.request(#"{"type":"list","id":2}"#, until: "tables")
        try session.request(#"{"type":"who","id":3}"#, until: "who")
        try session.request(#"{"type":"join","table":9,"id":4}"#, until: "error")
        try session.request(#"{"type":"ping","id":5}"#, until: "pong")
        #expect(session.lines.contains { $0.contains(#""code":"no_such_table""#) })
        #expect(
            try ProtocolDocument.mismatch(inBlockAfter: Self.heading, lines: session.lines) == nil)
    }
}
