import CardGames
import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

@Suite("Replies to game requests echo the request id")
struct ReplyIDTests {
    @Test("start, play and pass at a Big Two table")
    func bigTwo() throws {
        let server = try TestServer(seed: 12)
        let ann = try server.login("ann")
        try ann.request(#"{"type":"create","turn_seconds":0,"id":"c"}"#, expect: "created")
        let started = try ann.request(#"{"type":"start","id":"s"}"#, expect: "table")
        #expect(started.id == .text("s"))
        ann.seat = 0
        var played = false
        var passed = false
        while !(played && passed) {
            guard case .turn(let turn) = try ann.waitFor("turn").event, turn.seat == 0 else {
                continue
            }
            if turn.canPass && !passed {
                let reply = try ann.request(#"{"type":"pass","id":7}"#, expect: "pass")
                #expect(reply.id == .number(7))
                passed = true
            } else {
                let move = ann.legalMove(in: try ann.state())
                guard move.hasPrefix("play ") else { continue }
                let cards = move.dropFirst(5).split(separator: " ").map { "\"\($0)\"" }
                let line = #"{"type":"play","id":8,"cards":["# + cards.joined(separator: ",") + "]}"
                let reply = try ann.request(line, expect: "play")
                guard case .play(let notice) = reply.event else {
                    Issue.record("expected a 'play' event")
                    return
                }
                #expect(reply.id == .number(8) && notice.seat == 0)
                played = true
            }
        }
    }

    @Test("start and lay at an E-Card table")
    func eCard() throws {
        let server = try TestServer(seed: 13)
        let ann = try server.login("ann")
        try ann.request(#"{"type":"create","kind":"ecard","turn_seconds":0}"#, expect: "created")
        let started = try ann.request(#"{"type":"start","id":1}"#, expect: "table")
        #expect(started.id == .number(1))
        while true {
            guard case .ecardTurn(let turn) = try ann.waitFor("ecard_turn").event, turn.seat == 0
            else { continue }
            let reply = try ann.request(#"{"type":"lay","card":"citizen","id":2}"#, expect: "ecard_laid")
            guard case .ecardLaid(let laid) = reply.event else {
                Issue.record("expected a 'ecardLaid' event")
                return
            }
            #expect(reply.id == .number(2) && laid.seat == 0)
            return
        }
    }
}

@Suite("Table end and create checks")
struct TableEndTests {
    @Test("after a table's last game its members get left and are back in the lobby")
    func lastGameSendsLeft() throws {
        let server = try TestServer(seed: 14)
        let ann = try server.login("ann")
        let sam = try server.login("sam")
        try ann.request("create games=1 turn=0", expect: "created")
        try sam.request("watch 1", expect: "watching")
        try ann.request("start", expect: "table")
        ann.seat = 0
        _ = try ann.playDeal()
        try ann.waitFor("match_end")
        guard case .left(let left) = try ann.waitFor("left").event else {
            Issue.record("expected a 'left' event")
            return
        }
        #expect(left.table == 1)
        try sam.waitFor("left")
        #expect(try ann.errorCode(for: "state") == .notSeated)
        try ann.request("create", expect: "created")
    }

    @Test("settings of the other table kind are refused")
    func kindSpecificSettings() throws {
        let server = try TestServer()
        let ann = try server.login("ann")
        #expect(try ann.errorCode(for: "create payout=10") == .invalidField)
        #expect(try ann.errorCode(for: "create ecard taiwan") == .invalidField)
        #expect(
            try ann.errorCode(for: #"{"type":"create","kind":"ecard","options":{"bombs":true}}"#)
                == .invalidField)
        try ann.request("create ecard payout=10", expect: "created")
    }
}
