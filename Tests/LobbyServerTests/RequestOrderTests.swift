import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

/// Game requests of a player at a table skip the lobby's queue; requests sent in one burst must
/// still be handled as if each waited for the one before. (Replies from the lobby and from a
/// table may interleave; they are matched by id.)
@Suite("Request order")
struct RequestOrderTests {
    /// Sends `requests` in one write, with ids from `first` on, and returns the reply to each
    /// by its id: the type, or the error code.
    private func burst(_ requests: [String], from player: TestPlayer, ids first: Int) throws
        -> [String]
    {
        let lines = requests.enumerated().map { index, request in
            #"{"id":\#(first + index),"# + request.dropFirst()
        }
        try player.send(lines.joined(separator: "\n"))
        var answers: [Int: String] = [:]
        while answers.count < requests.count {
            let message = try player.next()
            guard case .number(let number)? = message.id,
                (first..<first + requests.count).contains(number)
            else { continue }
            if case .error(let reply) = message.event {
                answers[number] = reply.code.rawValue
            } else {
                answers[number] = message.event.type
            }
        }
        return (first..<first + requests.count).map { answers[$0] ?? "" }
    }

    @Test("a game request sent right behind leave finds the player at no table")
    func gameRequestBehindLeave() throws {
        let server = try TestServer(seed: 7)
        let ann = try server.login("ann")
        for round in 0..<20 {
            try ann.request(#"{"type":"create","turn_seconds":0}"#, expect: "created")
            let requests = [#"{"type":"state"}"#, #"{"type":"leave"}"#, #"{"type":"state"}"#]
            let answers = try burst(requests, from: ann, ids: round * 10)
            #expect(answers == ["state", "left", "not_seated"], "round \(round)")
        }
    }

    @Test("a game request sent right behind join reaches the table after the join")
    func gameRequestBehindJoin() throws {
        let server = try TestServer(seed: 8)
        let ann = try server.login("ann")
        let bob = try server.login("bob")
        for round in 0..<20 {
            let created = try ann.request(
                #"{"type":"create","turn_seconds":0}"#, expect: "created")
            guard case .created(let notice) = created.event else {
                throw TestFailure("round \(round): \(created.event)")
            }
            let requests = [
                #"{"type":"join","table":\#(notice.table.id)}"#, #"{"type":"state"}"#,
                #"{"type":"leave"}"#, #"{"type":"state"}"#,
            ]
            let answers = try burst(requests, from: bob, ids: round * 10)
            let expected = ["joined", "state", "left", "not_seated"]
            #expect(answers == expected, "round \(round)")
            try ann.request(#"{"type":"leave"}"#, expect: "left")
        }
    }
}
