import CardGames
import Foundation
import Testing
import TestSupport
import WireJSON

@testable import LobbyProtocol

/// Each kind's own `create` fields travel as that kind's type inside `CreateTable`, and are
/// read and written flat: the request's bytes on the wire, and its members in the journal,
/// are those of one object with every field beside the shared ones.
@Suite struct CreateTableFieldsTests: LineParsing {
    /// `line` read as a request and written again as a client sends it.
    func rewritten(_ line: String) throws -> String {
        String(decoding: try WireEncoder().encode(try request(line)), as: UTF8.self)
    }

    @Test func eachKindsFieldsAreWrittenBackFlat() throws {
        #expect(
            try rewritten(
                #"{"type":"create","kind":"roulette","segments":6,"max_stake":10,"seats":2}"#)
                == #"{"kind":"roulette","max_stake":10,"seats":2,"segments":6,"type":"create"}"#)
        #expect(
            try rewritten(#"{"type":"create","kind":"memory","pairs":4,"name":"m","pause":0}"#)
                == #"{"kind":"memory","name":"m","pairs":4,"pause":0,"type":"create"}"#)
        #expect(
            try rewritten(#"{"type":"create","kind":"tictactoe","first":"x","all_bots":true}"#)
                == #"{"all_bots":true,"first":"x","kind":"tictactoe","type":"create"}"#)
        #expect(
            try rewritten(#"{"type":"create","kind":"ecard","ecard":{"slave_payout":10}}"#)
                == #"{"ecard":{"emperor_payout":1,"hands_per_match":12,"slave_payout":10,"#
                + #""swap_interval":3},"kind":"ecard","type":"create"}"#)
        #expect(
            try rewritten(#"{"type":"create","rules":"taiwan","games":2,"turn_seconds":5}"#)
                == #"{"games":2,"rules":"taiwan","turn_seconds":5,"type":"create"}"#)
        #expect(try rewritten(#"{"type":"create"}"#) == #"{"type":"create"}"#)
    }

    @Test func fieldsOfSeveralKindsAreKeptForTheirRefusal() throws {
        guard
            case .create(let create) = try request(
                #"{"type":"create","kind":"tictactoe","first":"o","pairs":3,"segments":4}"#)
        else {
            Issue.record("not a create")
            return
        }
        #expect(create.gameFields.map { type(of: $0).kind } == [.tictactoe, .memory, .roulette])
        #expect(create.first == "o" && create.pairs == 3 && create.segments == 4)
        #expect(
            create.foreignField(for: .tictactoe)
                == ProtocolFailure(.invalidField, "field 'pairs' is for memory tables only"))
        var cleared = create
        cleared.pairs = nil
        cleared.segments = nil
        #expect(cleared.gameFields.count == 1 && cleared.foreignField(for: .tictactoe) == nil)
        #expect(
            cleared == CreateTable(kind: .tictactoe, gameFields: [TicTacToeCreateFields(first: "o")]))
    }

    /// Every `create` the journals of the fixtures hold reads, and writes back the same
    /// members (the journal writes them with Foundation's encoder, in no fixed order).
    @Test func theFixturesJournaledCreatesReadAndWriteBackTheSame() throws {
        var seen = 0
        for fixture in [Fixtures.dataE6808bc, Fixtures.data3e3ff92] {
            let text = try String(
                contentsOf: fixture.appendingPathComponent("tables.journal"), encoding: .utf8)
            for line in text.split(separator: "\n") {
                guard
                    let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
                        as? [String: Any],
                    let create = object["create"]
                else { continue }
                let written = try JSONSerialization.data(
                    withJSONObject: create, options: [.sortedKeys])
                let read = try JSONDecoder().decode(CreateTable.self, from: written)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                #expect(
                    String(decoding: try encoder.encode(read), as: UTF8.self)
                        == String(decoding: written, as: UTF8.self))
                seen += 1
            }
        }
        #expect(seen >= 10)
    }
}
