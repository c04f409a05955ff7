import CardGames
import Foundation
import Testing
import WireJSON

@testable import LobbyProtocol

/// Strict JSON, one card per element, hostile text and clear messages, on both request forms.
@Suite struct RequestStrictnessTests: LineParsing {
    @Test(arguments: [
        #"{"type":"ping",}"#, #"{"type":"join","table":01}"#, #"{"type":"join","table":-}"#,
        #"{"type":"join","table":5.}"#, "{\"type\":\"chat\",\"text\":\"a\u{1B}b\"}",
        #"{"type":"chat","text":"\uD800"}"#, #"{"type":"join","table":1e400}"#,
        #"{"type":"ping","type":"pass"}"#, #"{"type":"create","options":{"bombs":true,"bombs":false}}"#,
        #"{"type":"ping"} x"#, #"{"type":"play","cards":["3D",]}"#, "{'type':'ping'}",
    ])
    func malformedJSONIsBadJSON(line: String) throws {
        #expect(try failure(line).code == .badJSON, "\(line)")
    }

    @Test func invalidUTF8InAJSONLineIsNotUTF8() throws {
        for bytes: [UInt8] in [
            Array(#"{"type":"chat","text":""#.utf8) + [0xFF] + Array(#""}"#.utf8),
            Array(#"{"type":"ping"}"#.utf8) + [0xC3],
        ] {
            let result = try #require(RequestParser.parse(Data(bytes)))
            guard case .failure(let failure) = result else {
                Issue.record("expected a failure")
                continue
            }
            #expect(failure.code == .notUTF8)
        }
    }

    @Test func badJSONSaysWhatAndWhere() throws {
        let failure = try failure(#"{"type":"ping","type":"pass"}"#)
        #expect(failure.message.contains("'type' twice"))
        #expect(failure.message.contains("byte"))
    }

    @Test func integersMustBeWholeNumbers() throws {
        let half = try failure(#"{"type":"create","turn_seconds":0.5,"id":3}"#)
        #expect(half.code == .invalidField)
        #expect(half.message.contains("turn_seconds"))
        #expect(half.id == .number(3))
        #expect(try failure(#"{"type":"join","table":1.5}"#).code == .invalidField)
        #expect(try failure(#"{"type":"join","table":1e30}"#).code == .invalidField)
        #expect(try failure(#"{"type":"ping","id":1.5}"#).code == .invalidField)
        #expect(try request(#"{"type":"join","table":2.0}"#) == .join(table: 2, seat: nil))
        let nested = try failure(#"{"type":"create","kind":"ecard","ecard":{"slave_payout":5.5}}"#)
        #expect(nested.code == .invalidField)
        #expect(nested.message.contains("ecard.slave_payout"))
    }

    @Test func nullCountsAsAbsent() throws {
        #expect(try request(#"{"type":"join","table":1,"seat":null,"id":null}"#)
            == .join(table: 1, seat: nil))
        #expect(try failure(#"{"type":null}"#).code == .missingField)
    }

    @Test func eachCardsElementIsOneCard() throws {
        let joined = try failure(#"{"type":"play","cards":["3D 3C"]}"#)
        #expect(joined.code == .invalidCard)
        #expect(joined.message.contains("3D 3C"))
        #expect(try failure(#"{"type":"play","cards":[""]}"#).code == .invalidCard)
        #expect(try failure(#"{"type":"play","cards":[" 3D"]}"#).code == .invalidCard)
        #expect(try failure(#"{"type":"play","cards":["3D,3C"]}"#).code == .invalidCard)
        #expect(try failure(#"{"type":"play","cards":["3D","3d"]}"#).code == .duplicateCards)
        #expect(try failure(#"{"type":"play","cards":[3]}"#).code == .invalidField)
        #expect(try failure(#"{"type":"play","cards":{}}"#).code == .invalidField)
        #expect(try failure(#"{"type":"play"}"#).code == .missingField)
        let pair = [Card(.three, .diamonds), Card(.three, .clubs)]
        #expect(try request(#"{"type":"play","cards":"3d 3c"}"#) == .play(pair))
        #expect(try request(#"{"type":"play","cards":"3d,3c"}"#) == .play(pair))
        #expect(try request(#"{"type":"play","cards":["3♦","3♣"]}"#) == .play(pair))
    }

    @Test func eCardWordsInPlayPointToLay() throws {
        for line in ["play emperor", #"{"type":"play","cards":["Slave"]}"#, "play 3d citizen"] {
            let failure = try failure(line)
            #expect(failure.code == .invalidCard)
            #expect(failure.message.contains("lay "), "\(failure.message)")
        }
        #expect(try failure("play emperor").message.contains("lay emperor"))
    }

    @Test(arguments: ["hello", "{\"type\":\"hello\",\"name\":"])
    func namesRefuseHostileText(prefix: String) throws {
        func line(_ name: String) -> String {
            if prefix == "hello" { return "hello \(name)" }
            let escaped = String(decoding: try! WireEncoder().encode(name), as: UTF8.self)
            return prefix + escaped + "}"
        }
        let refused = [
            "a\u{1B}[31mb", "a\u{7F}", "a\u{85}b", "a\u{9B}b", "ann\u{202E}", "a\u{2066}b",
            "a\u{200E}", "a\u{061C}b", "a\u{200B}b", "a\u{200D}b", "a\u{2060}", "\u{FEFF}ann",
            "bot:smart", "Bot:anything", String(repeating: "a", count: 25),
            String(repeating: "é", count: 24) + "\u{301}" + String(repeating: "\u{301}", count: 40),
        ]
        for name in refused {
            let failure = try failure(line(name))
            #expect(failure.code == .invalidField, "\(name.unicodeScalars.map(\.value))")
            #expect(failure.message.contains("name"))
        }
        for name in ["bot", "BOT", "Bot-smart"] {
            let failure = try failure(line(name))
            #expect(failure.code == .nameReserved, "\(name)")
            #expect(failure.message.contains("name"))
        }
        #expect(try request(line("ann")) == .hello(name: "ann", token: nil))
        #expect(try request(line("robot")) == .hello(name: "robot", token: nil))
        #expect(try request(line("botany")) == .hello(name: "botany", token: nil))
        #expect(try request(line("李小龍")) == .hello(name: "李小龍", token: nil))
        let longest = String(repeating: "a", count: 24)
        #expect(try request(line(longest)) == .hello(name: longest, token: nil))
        // 16 characters of 4 bytes each: 64 bytes is the limit, 17 would be too many bytes.
        let wide = String(repeating: "😀", count: 16)
        #expect(try request(line(wide)) == .hello(name: wide, token: nil))
        #expect(try failure(line(wide + "😀")).code == .invalidField)
    }

    @Test func escapedControlsInJSONNamesAreRefused() throws {
        for escape in [#"\u001b"#, #"\n"#, #"\r"#, #"\t"#, #"\u0085"#, #"\u202e"#] {
            let line = #"{"type":"hello","name":"a"# + escape + #"b"}"#
            #expect(try failure(line).code == .invalidField, "\(escape)")
        }
    }

    @Test func chatRefusesControlsAndCountsBytes() throws {
        for escape in [#"\u001b[2J"#, #"\r"#, #"\n"#, #"\u0007"#, #"\u007f"#, #"\u009b"#] {
            let line = #"{"type":"chat","text":"hi "# + escape + #" there"}"#
            let failure = try failure(line)
            #expect(failure.code == .invalidField, "\(escape)")
            #expect(failure.message.contains("text"))
        }
        #expect(try failure("chat a\u{1B}[2Jb").code == .invalidField)
        let bidi = #"{"type":"chat","text":"gg \u202eko 👨‍👩‍👧"}"#
        #expect(try request(bidi) == .chat(text: "gg ko 👨‍👩‍👧", to: nil))
        let full = String(repeating: "é", count: 250)
        #expect(try request("chat \(full)") == .chat(text: full, to: nil))
        #expect(try failure("chat \(full)x").code == .chatTooLong)
        #expect(try failure(#"{"type":"chat","text":"   "}"#).code == .chatTooLong)
        #expect(try request("chat   spaced  ") == .chat(text: "spaced", to: nil))
    }

    @Test func tableNamesAreCheckedNotTruncated() throws {
        func name(_ line: String) throws -> String? {
            guard case .create(let create) = try request(line) else { return nil }
            return create.name
        }
        #expect(try name("create name=Friday") == "Friday")
        let forty = String(repeating: "t", count: 40)
        #expect(try name(#"{"type":"create","name":"\#(forty)"}"#) == forty)
        #expect(try failure(#"{"type":"create","name":"\#(forty)t"}"#).code == .invalidField)
        let heavy = String(repeating: "漢", count: 22)
        #expect(try failure(#"{"type":"create","name":"\#(heavy)"}"#).code == .invalidField)
        #expect(try failure("create name=a\u{202E}b").code == .invalidField)
        #expect(try failure(#"{"type":"create","name":"a\u001bb"}"#).code == .invalidField)
        #expect(try failure(#"{"type":"create","name":""}"#).code == .invalidField)
    }

    @Test func wordListsComeFromTheEnums() throws {
        let bots = try failure(#"{"type":"create","bots":"genius"}"#)
        #expect(bots.code == .invalidField)
        #expect(bots.message.contains(WordList.oneOf(BotLevel.allCases.map(\.rawValue))))
        let rules = try failure(#"{"type":"create","rules":"vegas"}"#)
        #expect(rules.message.contains(WordList.oneOf(BigTwoOptions.presets.keys.sorted())))
        let card = try failure("lay joker")
        #expect(card.message.contains(WordList.oneOf(ECardCard.allCases.map(\.rawValue))))
        for level in BotLevel.allCases {
            guard case .create(let create) = try request("create \(level.rawValue.uppercased())")
            else {
                Issue.record("not a create")
                continue
            }
            #expect(create.bots == level.rawValue)
        }
        let usage = try #require(PlainCommand.summary.first { $0.hasPrefix("create") })
        #expect(usage.contains(BotLevel.allCases.map(\.rawValue).joined(separator: "|")))
        #expect(usage.contains(TableKind.allCases.map(\.rawValue).joined(separator: "|")))
        #expect(WordList.oneOf(["a", "b", "c"]) == "a, b or c")
        #expect(WordList.oneOf(["a"]) == "a")
    }

    @Test func plainSettingsAreNamedAsTyped() throws {
        let payout = try failure("create ecard payout=7")
        #expect(payout.code == .invalidField)
        #expect(payout.message.contains("payout"))
        #expect(!payout.message.contains("slave_payout"))
        #expect(try failure("create turn=-1").message.contains("turn="))
        let turn = try failure("create turn=soon")
        #expect(turn.message.contains("turn="))
        #expect(!turn.message.contains("turn_seconds"))
        guard case .create(let create) = try request("create ecard payout=10") else {
            Issue.record("not a create")
            return
        }
        #expect(create.ecard?.slavePayout == 10)
    }
}
