import CardGames
import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// Plays one whole deal as a client and checks that protocol.md's transcript is exactly what
/// the server says. Set BIGTWO_UPDATE_TRANSCRIPT=1 to rewrite the transcript in protocol.md.
@Suite("protocol.md transcript")
struct ProtocolTranscriptTests {
    static let heading = "## 8. Transcript of a game"

    static var protocolFile: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("protocol.md")
    }

    /// Connects, says hello, creates a one-deal table, starts it, and plays the deal to the
    /// end with the first legal move each turn, recording every line both ways.
    func recordGame() throws -> [String] {
        let server = try TestServer(seed: 2026)
        let client = try LineClient.connect(port: server.port)
        let decoder = ServerMessageDecoder()
        var transcript: [String] = []
        var token = ""
        func send(_ line: String) throws {
            transcript.append("→ " + line)
            try client.send(line)
        }
        func read() throws -> ServerMessage {
            guard let line = try client.readLine() else { throw TestFailure("closed") }
            let message = try decoder.decode(line)
            if case .welcome(let welcome) = message.event { token = welcome.token }
            transcript.append(
                "← " + (token.isEmpty ? line : line.replacingOccurrences(of: token, with: "<token>")))
            return message
        }
        _ = try read()
        try send(jsonHello("ann"))
        _ = try read()
        try send(#"{"type":"create","id":2,"name":"demo","games":1,"turn_seconds":0}"#)
        _ = try read()
        try send("start")
        var requestID = 3
        while true {
            let message = try read()
            switch message.event {
            case .turn(let turn) where turn.seat == 0:
                try send(#"{"type":"state","id":\#(requestID)}"#)
                requestID += 1
                var snapshot: Snapshot?
                while snapshot == nil {
                    if case .state(let state) = try read().event { snapshot = state }
                }
                let move = TestPlayer.legalMove(in: snapshot!)
                if move.hasPrefix("play ") {
                    let cards = move.dropFirst(5).split(separator: " ").map { "\"\($0)\"" }
                    try send(
                        #"{"type":"play","cards":[\#(cards.joined(separator: ","))],"id":\#(requestID)}"#)
                    requestID += 1
                } else {
                    try send(move)
                }
            case .matchEnd:
                return transcript
            case .error(let error):
                throw TestFailure("unexpected error \(error.code)")
            default:
                break
            }
        }
    }

    @Test("the transcript in protocol.md is what a real game produces")
    func transcriptIsTrue() throws {
        let transcript = try recordGame()
        #expect(transcript.contains { $0.contains(#""type":"deal_end""#) })
        let block = "```\n" + transcript.joined(separator: "\n") + "\n```\n"
        let document = try String(contentsOf: Self.protocolFile, encoding: .utf8)
        let range = try #require(document.range(of: Self.heading))
        let sectionStart = try #require(document.range(of: "```", range: range.upperBound..<document.endIndex))
        let current = String(document[sectionStart.lowerBound...])
        if ProcessInfo.processInfo.environment["BIGTWO_UPDATE_TRANSCRIPT"] != nil {
            let updated = String(document[..<sectionStart.lowerBound]) + block
            try updated.write(to: Self.protocolFile, atomically: true, encoding: .utf8)
        } else {
            #expect(current == block, "protocol.md's transcript is stale: run with BIGTWO_UPDATE_TRANSCRIPT=1")
        }
    }
}
