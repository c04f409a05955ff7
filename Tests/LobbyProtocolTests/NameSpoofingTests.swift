import Foundation
import Testing
import WireJSON

@testable import LobbyProtocol

/// Names, table names and chat cannot pass for the server's own words, hide or reorder text,
/// or look like someone else's name; echoed input shows its control characters as escapes.
@Suite struct NameSpoofingTests: LineParsing {
    /// A JSON `hello` with `name`, its characters escaped as JSON escapes them.
    private func hello(_ name: String) -> String {
        let escaped = String(decoding: try! WireEncoder().encode(name), as: UTF8.self)
        return #"{"type":"hello","name":"# + escaped + "}"
    }

    @Test func theServersOwnWordsAreReservedHoweverWritten() throws {
        let reserved = [
            "you", "You", "YOU", "Y0U", "y\u{43E}u", "ｙｏｕ", "𝐲𝐨𝐮", "yo\u{301}u", "y o u",
            "your_turn", "Your-Turn", "your turn", "free", "FREE", "(free)", "bot", "bot 2",
            "Bot-2", "b\u{43E}t 2", "bot2", "b0t 2", "ʙᴏᴛ 2", "bot:smart", "seat 3", "table 1",
            "ann's bot", "ann’s bot", "server", "Nobody", "everyone", "you took",
        ]
        for name in reserved {
            let failure = try failure(hello(name))
            #expect(
                failure.code == .nameReserved || failure.code == .invalidField,
                "\(name): \(failure)")
        }
        for name in ["you", "Y0U", "y\u{43E}u", "your_turn", "free", "bot 2", "b\u{43E}t 2"] {
            #expect(try failure(hello(name)).code == .nameReserved, "\(name)")
        }
        #expect(try failure("hello you").code == .nameReserved)
        #expect(try failure("hello bot2").code == .nameReserved)
        for name in [
            "ann", "robot", "botany", "Talbot", "yousef", "Freeman", "tabletop", "李小龍", "José",
            "ann lee", "O'Brien", "🐉", "Nguyễn", "seattle", "bots4ever",
        ] {
            #expect(try request(hello(name)) == .hello(name: name, token: nil), "\(name)")
        }
    }

    @Test func aResumingHelloIsNotRefusedForItsIgnoredName() throws {
        let line = #"{"type":"hello","name":"bot 2","token":"abc"}"#
        #expect(try request(line) == .hello(name: "bot 2", token: "abc"))
        let hostile = #"{"type":"hello","name":"a\u202eb","token":"abc"}"#
        #expect(try failure(hostile).code == .invalidField)
    }

    @Test func namesRefuseTheMarksTextModeBuildsLinesWith() throws {
        for name in [
            "ann, bob", "bob (away)", "a:b", "[lobby] x", "a|b", "a·b", "ａ，ｂ", "a∶b", "a;b",
            "a\"b", "a⟮b",
        ] {
            let failure = try failure(hello(name))
            #expect(failure.code == .invalidField, "\(name)")
            #expect(failure.message.contains("name"))
        }
    }

    @Test func namesRefuseFormatSeparatorBlankAndUndefinedCharacters() throws {
        let refused = [
            "ann\u{202E}", "a\u{202D}b", "a\u{2067}b", "a\u{2069}b", "a\u{200B}b", "a\u{200D}b",
            "\u{FEFF}ann", "a\u{2028}b", "a\u{2029}b", "ann\u{E0041}", "a\u{00AD}b", "a\u{180E}b",
            "a\u{061C}b", "\u{3164}", "\u{115F}\u{1160}", "\u{FFA0}", "\u{2800}\u{2800}",
            "ann\u{3164}", "\u{301}\u{301}", "\u{20DD}", "a\u{E000}", "a\u{0378}b",
            "a" + String(repeating: "\u{316}", count: 5), "👨‍👩‍👧",
        ]
        for name in refused {
            let failure = try failure(hello(name))
            #expect(failure.code == .invalidField, "\(name.unicodeScalars.map(\.value))")
            #expect(failure.message.contains("name"))
        }
        let fourMarks = "a" + String(repeating: "\u{316}", count: 4)
        #expect(try request(hello(fourMarks)) == .hello(name: fourMarks, token: nil))
    }

    @Test func namesAreComposedAndTheirSpacesCollapsed() throws {
        #expect(try request(hello("ann   lee")) == .hello(name: "ann lee", token: nil))
        #expect(try request(hello("ann\u{A0}lee")) == .hello(name: "ann lee", token: nil))
        let decomposed = "Jose\u{301}"
        guard case .hello(let name, _) = try request(hello(decomposed)) else {
            Issue.record("not a hello")
            return
        }
        #expect(Array(name.unicodeScalars) == Array("Jos\u{E9}".unicodeScalars))
    }

    @Test func lookalikeNamesShareAKey() {
        let ann = NameSkeleton("ann").key
        for alike in ["Ann", "\u{430}nn", "ANN", "ａｎｎ", "a\u{301}nn", "ann ", "a_nn", "\u{391}NN"] {
            #expect(NameSkeleton(alike).key == ann, "\(alike)")
        }
        #expect(NameSkeleton("bill").key == NameSkeleton("bi11").key)
        #expect(NameSkeleton("modem").key == NameSkeleton("rnodem").key)
        #expect(NameSkeleton("ann").key != NameSkeleton("anne").key)
        #expect(NameSkeleton("🐉").key == "🐉")
    }

    @Test func tableNamesRefuseHiddenCharactersAndQuotes() throws {
        func name(_ line: String) throws -> String? {
            guard case .create(let create) = try request(line) else { return nil }
            return create.name
        }
        for hostile in [
            #"a\u202eb"#, #"a\u200bb"#, #"\u3164"#, #"a\u2028b"#, #"\u2800"#, #"a\"b"#, "a＂b",
            #"\udb40\udc41x"#,
        ] {
            let line = #"{"type":"create","name":""# + hostile + #""}"#
            #expect(try failure(line).code == .invalidField, "\(hostile)")
        }
        #expect(try name(#"{"type":"create","name":"Friday (fast), 8pm: all welcome"}"#)
            == "Friday (fast), 8pm: all welcome")
        #expect(try name(#"{"type":"create","name":"ann's  table"}"#) == "ann's table")
    }

    @Test func chatDropsFormatCharactersAndCapsCombiningMarks() throws {
        func chat(_ text: String) throws -> String? {
            let escaped = String(decoding: try WireEncoder().encode(text), as: UTF8.self)
            guard case .chat(let shown, _) = try request(#"{"type":"chat","text":"# + escaped + "}")
            else { return nil }
            return shown
        }
        #expect(try chat("gg \u{202E}kcaj\u{202C} ok") == "gg kcaj ok")
        #expect(try chat("a\u{202D}b\u{2067}c\u{2069}d\u{200B}e\u{200D}f\u{FEFF}g") == "abcdefg")
        #expect(try chat("tag\u{E0041}\u{E007F}s") == "tags")
        #expect(try chat("one\u{2028}two\u{2029}three") == "one two three")
        #expect(try chat("family 👨‍👩‍👧 flag 🏳️‍🌈") == "family 👨‍👩‍👧 flag 🏳️‍🌈")
        let tower = "z" + String(repeating: "\u{301}\u{316}", count: 30)
        #expect(try chat(tower) == "z\u{301}\u{316}\u{301}\u{316}")
        #expect(try chat("Nguyễn Việt") == "Nguyễn Việt")
        #expect(try failure(#"{"type":"chat","text":"\u200b\u202e"}"#).code == .chatTooLong)
        #expect(try failure(#"{"type":"chat","text":"a\u001bb"}"#).code == .invalidField)
    }

    @Test func echoedInputShowsItsControlCharactersEscaped() throws {
        let unknown = try failure("xyzzy\u{1B}[2J")
        #expect(unknown.code == .unknownType)
        let reply = ErrorReply(code: unknown.code, message: unknown.message)
        #expect(reply.message.contains(#"xyzzy\e[2J"#), "\(reply.message)")
        #expect(!reply.message.unicodeScalars.contains { $0.value == 0x1B })
        let bidi = try failure(#"{"type":"x\u202ey"}"#)
        let shown = ErrorReply(code: bidi.code, message: bidi.message).message
        #expect(shown.contains(#"x\u202Ey"#), "\(shown)")
        #expect(VisibleText.escaped("a\u{7}b\u{9B}c\u{E0041}\td\r\n") == #"a\u0007b\u009Bc\u{E0041}\td\r\n"#)
        #expect(VisibleText.escaped("3♦ · 👨‍👩‍👧") == "3♦ · 👨‍👩‍👧")
    }
}
