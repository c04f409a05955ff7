import CardGames
import Foundation
import Testing

@testable import WireJSON

/// The hand-written encoder writes exactly what Foundation's encoder writes, configured as
/// `WireCodec` configures it or with declared keys: numbers, nesting, keys and escapes.
@Suite struct WireEncoderTests {
    @Test func integersAreWrittenInDecimal() {
        for value: Int64 in [0, 7, -7, 10, -10, 1_796_057_826_765, .max, .min] {
            var output = JSONOutput()
            output.appendInteger(value)
            #expect(output.bytes == Array(String(value).utf8))
        }
        var output = JSONOutput()
        output.appendInteger(UInt64.max)
        #expect(output.bytes == Array(String(UInt64.max).utf8))
    }

    @Test func keysConvertAsFoundationDoes() {
        for key in ["a", "cardsLeft", "aB", "aBc", "hTTPx", "URLValue", "x1", "already_snake",
            "ÉtéFoo", "oneTWOThree", "endsUP", "UR", "aB1c", "X1", "Zed", "endsU", "a1B"]
        {
            #expect(WireKey.snakeCase(key) == JSONEncoder.KeyEncodingStrategy.foundationSnakeCase(key))
        }
    }

    @Test func numbersAndNestingMatchFoundation() throws {
        struct Sample: Encodable {
            var whole = 12.0
            var fraction = 0.1
            var large = 1e20
            var small = -2.5e-7
            var float: Float = 1.5
            var smallest = Int.min
            var unsigned = UInt64.max
            var nested = [[1, 2], []]
            var optionals: [Int?] = [1, nil]
            var map = ["b": 1, "a": 2]
        }
        let ours = try WireEncoder().encode(Sample())
        #expect(Data(ours) == (try WireCodec.makeEncoder().encode(Sample())))
    }

    @Test func declaredKeysMatchFoundationWithSortedKeys() throws {
        enum Choice: Codable, Equatable {
            case plain
            case seeded(Xoshiro256StarStar)
            case labelled(name: String, count: Int?)
        }
        struct Sample: Codable, Equatable {
            var cardsLeft = [3, 1]
            var aB = "x\"y\n"
            var choices: [Choice?] = [.plain, nil, .seeded(Xoshiro256StarStar(seed: 7)),
                .labelled(name: "é", count: nil), .labelled(name: "", count: 2)]
            var unsigned = UInt64.max
            var deadline: Int64 = -1_796_108_470_631
            var missing: Int?
            var nested = ["zed": [true], "Alpha": []]
        }
        let ours = try WireEncoder(keys: .declared).encode(Sample())
        let foundation = JSONEncoder()
        foundation.outputFormatting = .sortedKeys
        #expect(Data(ours) == (try foundation.encode(Sample())))
        #expect(try JSONDecoder().decode(Sample.self, from: Data(ours)) == Sample())
    }
}

extension JSONEncoder.KeyEncodingStrategy {
    /// The key Foundation's `convertToSnakeCase` writes for `key`.
    fileprivate static func foundationSnakeCase(_ key: String) -> String {
        struct Probe: Encodable {
            let key: String
            struct Key: CodingKey {
                let stringValue: String
                init(stringValue: String) { self.stringValue = stringValue }
                var intValue: Int? { nil }
                init?(intValue: Int) { nil }
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Key.self)
                try container.encode(0, forKey: Key(stringValue: key))
            }
        }
        let data = (try? WireCodec.makeEncoder().encode(Probe(key: key))) ?? Data()
        let text = String(decoding: data, as: UTF8.self)
        return String(text.dropFirst(2).prefix { $0 != "\"" })
    }
}
