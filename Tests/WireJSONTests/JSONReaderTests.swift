import Foundation
import Testing
import WireJSON

/// Accept and reject cases written from the grammar of RFC 8259.
@Suite struct JSONReaderTests {
    func read(_ text: String) throws(JSONSyntaxError) -> JSONValue {
        try JSONReader.read(Array(text.utf8))
    }

    func reason(_ text: String) -> JSONSyntaxError.Reason? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test(arguments: [
        "{}", "[]", " \t\r\n{ } \n", "0", "-0", "1", "-1", "10", "1.5", "-0.25", "1e5", "1E+5",
        "1e-5", "0.0e0", "123456789012345678901234567890", "1e308", "1e-400", "true", "false",
        "null", #""""#, #""\"\\\/\b\f\n\r\t""#, #""\u0041\u00e9\uD83D\uDE00""#, #""é😀""#,
        #"{"a":[1,{"b":null}],"c":"d"}"#, #"[1, 2 ,3]"#, #"{"a":1,"A":2}"#,
        "\"\u{7F}\u{85}\"",
    ])
    func accepts(text: String) throws {
        _ = try read(text)
    }

    @Test(arguments: [
        ("", JSONSyntaxError.Reason.unexpectedEnd),
        ("{", .unexpectedEnd),
        (#"{"a":1,}"#, .trailingComma),
        ("[1,]", .trailingComma),
        ("[1,,2]", .unexpectedByte(UInt8(ascii: ","))),
        ("{,}", .unexpectedByte(UInt8(ascii: ","))),
        (#"{"a" 1}"#, .unexpectedByte(UInt8(ascii: "1"))),
        ("{a:1}", .unexpectedByte(UInt8(ascii: "a"))),
        ("{'a':1}", .unexpectedByte(UInt8(ascii: "'"))),
        ("01", .malformedNumber),
        ("-01", .malformedNumber),
        ("-", .malformedNumber),
        ("5.", .malformedNumber),
        (".5", .unexpectedByte(UInt8(ascii: "."))),
        ("+1", .unexpectedByte(UInt8(ascii: "+"))),
        ("1e", .malformedNumber),
        ("1e+", .malformedNumber),
        ("0x10", .trailingData),
        ("1e400", .numberOutOfRange),
        ("-1e400", .numberOutOfRange),
        ("NaN", .unexpectedByte(UInt8(ascii: "N"))),
        ("Infinity", .unexpectedByte(UInt8(ascii: "I"))),
        ("tru", .unexpectedEnd),
        ("nul1", .unexpectedByte(UInt8(ascii: "1"))),
        ("\"a\tb\"", .controlCharacterInString),
        ("\"a\nb\"", .controlCharacterInString),
        ("\"\u{1B}[2J\"", .controlCharacterInString),
        (#""\x41""#, .invalidEscape),
        (#""\u12xy""#, .invalidEscape),
        (#""\u12""#, .unexpectedEnd),
        (#""\uD83D""#, .loneSurrogate),
        (#""\uD83Dx""#, .loneSurrogate),
        (#""\uD83D\u0041""#, .loneSurrogate),
        (#""\uDE00""#, .loneSurrogate),
        (#""abc"#, .unexpectedEnd),
        (#"{"a":1,"a":2}"#, .duplicateKey("a")),
        (#"{"a":1,"\u0061":2}"#, .duplicateKey("a")),
        (#"{"x":{"b":1,"b":1}}"#, .duplicateKey("b")),
        (#"[{"b":1},{"c":[{"d":1,"d":2}]}]"#, .duplicateKey("d")),
        ("{} {}", .trailingData),
        ("{}x", .trailingData),
        ("\u{A0}{}", .unexpectedByte(0xC2)),
        ("/* c */ {}", .unexpectedByte(UInt8(ascii: "/"))),
        (String(repeating: "[", count: 33) + String(repeating: "]", count: 33), .tooDeep),
    ])
    func rejects(text: String, expected: JSONSyntaxError.Reason) {
        #expect(reason(text) == expected, "\(text)")
    }

    @Test func depthAndSizeLimits() {
        let deepest = String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(reason(deepest) == nil)
        let long = "\"" + String(repeating: "a", count: JSONReader.maximumLength) + "\""
        #expect(reason(long) == .tooLong)
    }

    @Test func invalidUTF8InsideAStringIsReported() {
        #expect(throws: JSONSyntaxError.self) {
            try JSONReader.read([0x22, 0xFF, 0x22])
        }
        let error = try? JSONReader.read([0x22, 0xC3, 0x28, 0x22]) as JSONValue
        #expect(error == nil)
    }

    @Test func valuesAreReadExactly() throws {
        let value = try read(#"{"s":"a\"b\\c\/d\u00e9\uD83D\uDE00","n":-12.5e1,"t":true,"z":null}"#)
        let members = try #require(value.objectValue)
        #expect(members["s"] == .string("a\"b\\c/dé😀"))
        #expect(members["t"] == .bool(true))
        #expect(members["z"] == .null)
        guard case .number(let number) = try #require(members["n"]) else {
            Issue.record("not a number")
            return
        }
        #expect(number.value == -125)
        #expect(number.intValue == -125)
    }

    @Test func integersAreWholeNumbersInRange() throws {
        func int(_ text: String) throws -> Int? {
            guard case .number(let number) = try read(text) else { return nil }
            return number.intValue
        }
        #expect(try int("5") == 5)
        #expect(try int("5.0") == 5)
        #expect(try int("1e2") == 100)
        #expect(try int("-9223372036854775808") == Int.min)
        #expect(try int("0.5") == nil)
        #expect(try int("9223372036854775808") == nil)
        #expect(try int("1e30") == nil)
    }
}
