import Testing

@testable import WireJSON

/// The scanner reads the members asked for and checks every value it skips as strictly as
/// ``JSONReader`` does.
@Suite struct JSONScannerTests {
    /// The members of the object `text` as the scanner reads them: whole numbers, strings and
    /// lists of either, anything else skipped; nil when the text is not one object.
    private static func members(_ text: String) -> [String: String]? {
        Array(text.utf8).withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes)
            var found: [String: String] = [:]
            scanner.skipSpace()
            let read = scanner.object { scanner, key in
                let name = String(decoding: key, as: UTF8.self)
                let start = scanner
                if let value = scanner.integerOrNull() {
                    found[name] = value.map(String.init) ?? "null"
                    return true
                }
                scanner = start
                if let value = scanner.string() {
                    found[name] = value
                    return true
                }
                scanner = start
                if let value = scanner.strings() {
                    found[name] = value.joined(separator: "|")
                    return true
                }
                scanner = start
                found[name] = "…"
                return scanner.skipValue()
            }
            scanner.skipSpace()
            return read && scanner.atEnd ? found : nil
        }
    }

    @Test func readsWhatItIsAskedAndSkipsTheRest() {
        let members = Self.members(
            #" {"a":-12,"b":"x\"y\u00e9","c":["p","q"],"d":{"e":[1,2.5e-3,true,null]},"f":null} "#)
        #expect(members == ["a": "-12", "b": "x\"yé", "c": "p|q", "d": "…", "f": "null"])
        #expect(Self.members("{}") == [:])
    }

    @Test func whatTheReaderRefusesTheScannerRefuses() {
        for bad in [
            #"{"a":01}"#, #"{"a":1.}"#, #"{"a":-}"#, #"{"a":"\x"}"#, #"{"a":"\u12"}"#,
            "{\"a\":\"\u{1}\"}", #"{"a":tru}"#, #"{"a":[1,]}"#, #"{"a":1,}"#, #"{"a" 1}"#,
            #"{"a":1} x"#, "", #"{"a":"open"#,
        ] {
            #expect(Self.members(bad) == nil, "\(bad)")
            #expect((try? JSONReader.read(Array(bad.utf8))) == nil, "\(bad)")
        }
        #expect(Self.members(#"["a"]"#) == nil)
        let invalidUTF8: [UInt8] = Array(#"{"a":""#.utf8) + [0xC0, 0x80] + Array(#""}"#.utf8)
        let read = invalidUTF8.withUnsafeBufferPointer { bytes in
            var scanner = JSONScanner(bytes)
            return scanner.skipValue()
        }
        #expect(!read)
    }

    @Test func integersAreWholeAndAtMostEighteenDigits() {
        #expect(Self.members(#"{"a":99999999999999999999999}"#)?["a"] == "…")
        #expect(Self.members(#"{"a":999999999999999999}"#) == ["a": "999999999999999999"])
        #expect(Self.members(#"{"a":9999999999999999999}"#)?["a"] == "…")
        #expect(Self.members(#"{"a":5e0}"#)?["a"] == "…")
    }
}
