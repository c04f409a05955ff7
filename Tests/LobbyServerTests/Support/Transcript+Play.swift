import LobbyProtocol

/// A scripted player's game from a transcript's side, in JSON or in text mode.
extension Transcript {
    /// A request a scripted player sends: the fields of a JSON object without its `id`, or a
    /// plain line in text mode; `refused` when the server must answer it with an error.
    struct Move {
        let text: String
        var refused = false
    }

    /// A JSON-mode session of `ann`, greeting shown, who sent `create` (with id 2) and, once
    /// the table was created, `start` (id 3).
    static func json(creating create: String) throws -> Transcript {
        let session = try Transcript(showingGreeting: true)
        try session.request(jsonHello("ann"), until: "welcome")
        try session.request(create, until: "created")
        try session.send(#"{"type":"start","id":3}"#)
        return session
    }

    /// A text-mode session of `ann` who typed `create` and read that the table was created.
    static func text(creating create: String) throws -> Transcript {
        let session = try Transcript(showingGreeting: false)
        try session.exchange("hello ann") { $0.hasPrefix("to come back after a drop") }
        try session.exchange(create) { $0.hasPrefix("you created") }
        return session
    }

    /// Plays in JSON mode until the table sends `left`, then asks for `history`. `respond`
    /// sees every event and answers with the moves to send; requests are numbered from `id`,
    /// and a refused move's error is read before the next move goes.
    func playJSON(from id: Int, respond: (ServerEvent) throws -> [Move]) throws {
        var id = id
        while true {
            let event = try receiveMessage().event
            if case .left = event { break }
            if case .error(let error) = event { throw TestFailure("unexpected \(error.code)") }
            for move in try respond(event) {
                let line = "{" + move.text + #","id":\#(id)}"#
                id += 1
                if move.refused { try request(line, until: "error") } else { try send(line) }
            }
        }
        try request(#"{"type":"history","id":\#(id)}"#, until: "history")
    }

    /// Sends `start` in text mode and plays until the player is back in the lobby, then asks
    /// for `history`. Each time a line starting with `turn` arrives, `respond` sees the lines
    /// received since the last move and answers with the moves to type.
    func playText(turn: String, respond: ([String]) throws -> [Move]) throws {
        let turnOrEnd: (String) -> Bool = { $0.hasPrefix(turn) || $0.hasPrefix("you left") }
        var received = try exchange("start", until: turnOrEnd)
        while received.last?.hasPrefix(turn) == true {
            for move in try respond(received) {
                if move.refused {
                    try exchange(move.text) { $0.hasPrefix("error") }
                } else {
                    received = try exchange(move.text, until: turnOrEnd)
                }
            }
        }
        try exchange("history") { $0.hasPrefix("#1 ") }
    }
}
