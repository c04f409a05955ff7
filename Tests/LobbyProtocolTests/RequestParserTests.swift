import CardGames
import Foundation
import Testing

@testable import LobbyProtocol

@Suite struct RequestParserTests: LineParsing {
    @Test func jsonRequestsWithIDs() throws {
        let hello = try #require(parse(#"{"type":"hello","name":"ann","id":7}"#)).get()
        #expect(hello.id == .number(7))
        #expect(hello.request == .hello(name: "ann", token: nil))
        let play = try #require(parse(#"{"type":"play","cards":["3D","3c"],"id":"x"}"#)).get()
        #expect(play.id == .text("x"))
        #expect(play.request == .play([Card(.three, .diamonds), Card(.three, .clubs)]))
        #expect(try request(#"{"type":"play","cards":"3♦ 3♣"}"#) == play.request)
        #expect(try request(#"{"type":"join","table":3,"seat":2}"#) == .join(table: 3, seat: 2))
        #expect(try request(#"{"type":"lay","card":"slave"}"#) == .lay(.slave))
    }

    @Test func createWithOptions() throws {
        let line =
            #"{"type":"create","kind":"bigtwo","rules":"taiwan","bots":"greedy","all_bots":true,"#
            + #""games":5,"turn_seconds":0,"options":{"bombs":true,"pass_locks_out":true}}"#
        guard case .create(let create) = try request(line) else {
            Issue.record("not a create")
            return
        }
        #expect(create.rules == "taiwan")
        #expect(create.allBots == true)
        #expect(create.games == 5)
        #expect(create.turnSeconds == 0)
        #expect(create.options?.bombs == true)
        #expect(create.options?.passLocksOut == true)
        #expect(create.options?.suitOrder == .hongKong)
    }

    @Test func plainCommandsMapOneToOne() throws {
        #expect(try request("hello ann") == .hello(name: "ann", token: nil))
        #expect(try request("  LIST ") == .list(ListQuery()))
        #expect(try request("join 3") == .join(table: 3, seat: nil))
        #expect(try request("join 3 1") == .join(table: 3, seat: 1))
        #expect(try request("start") == .start)
        #expect(
            try request("play 3d 3c") == .play([Card(.three, .diamonds), Card(.three, .clubs)]))
        #expect(try request("pass") == .pass)
        #expect(try request("help") == .help)
        #expect(try request("help play") == .help)
        #expect(try request("3d 3c") == .play([Card(.three, .diamonds), Card(.three, .clubs)]))
        #expect(try request("10♠") == .play([Card(.ten, .spades)]))
        #expect(try failure("dance").code == .unknownType)
        #expect(try request("chat hello there") == .chat(text: "hello there", to: nil))
        #expect(try request("lay e") == .lay(.emperor))
        guard case .create(let create) = try request("create taiwan greedy games=3 name=Fri")
        else {
            Issue.record("not a create")
            return
        }
        #expect(create.rules == "taiwan" && create.bots == "greedy" && create.games == 3)
        #expect(create.name == "Fri")
    }

    @Test func blankLinesAreIgnored() {
        #expect(parse("") == nil)
        #expect(parse("   \r") == nil)
    }

    @Test func errorsNameTheProblem() throws {
        #expect(try failure("{nope").code == .badJSON)
        #expect(try failure(#"{"type":"dance","id":4}"#).code == .unknownType)
        #expect(try failure(#"{"type":"dance","id":4}"#).id == .number(4))
        let missing = try failure(#"{"type":"join","id":1}"#)
        #expect(missing.code == .missingField)
        #expect(missing.message.contains("table"))
        let wrongType = try failure(#"{"type":"join","table":"three"}"#)
        #expect(wrongType.code == .invalidField)
        #expect(wrongType.message.contains("table"))
        #expect(try failure(#"{"name":"ann"}"#).code == .missingField)
        #expect(try failure(#"{"type":5}"#).code == .invalidField)
        let badCard = try failure(#"{"type":"play","cards":["3D","ZZ"]}"#)
        #expect(badCard.code == .invalidCard)
        #expect(badCard.message.contains("ZZ"))
        #expect(try failure("play 3d 3d").code == .duplicateCards)
        #expect(try failure("play 3x").message.contains("3x"))
        #expect(try failure("dance").code == .unknownType)
        #expect(try failure("join three").code == .invalidField)
        #expect(try failure("hello").code == .missingField)
        #expect(try failure("[1,2]").code == .badJSON)
    }

    @Test func invalidUTF8IsRejected() {
        let result = RequestParser.parse(Data([0x68, 0xFF, 0xFE, 0x69]))
        guard case .failure(let failure) = result else {
            Issue.record("expected failure")
            return
        }
        #expect(failure.code == .notUTF8)
    }
}
