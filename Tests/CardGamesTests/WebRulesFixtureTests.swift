import Foundation
import Testing

@testable import CardGames

/// The web page names combinations and enables Play with its own JavaScript copy of the Big
/// Two rules. This test holds the rules' answers, for every mix of the options that change
/// classifying and following, in a fixture that the page's unit tests check their answers
/// against: if the rules here change, this test fails until the fixture is written again
/// (`BIGTWO_WRITE_FIXTURES=1 swift test --filter WebRulesFixtureTests`), and then the page's
/// tests fail until the page follows.
@Suite struct WebRulesFixtureTests {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("WebClientTests/fixtures/bigtwo-rules.json")

    /// Every mix of suit order, straight rule, flush order and bombs.
    static var optionSets: [BigTwoOptions] {
        var sets: [BigTwoOptions] = []
        for suitOrder in BigTwoOptions.SuitOrder.allCases {
            for straights in BigTwoOptions.StraightRule.allCases {
                for flushOrder in BigTwoOptions.FlushOrder.allCases {
                    for bombs in [false, true] {
                        sets.append(
                            BigTwoOptions(
                                suitOrder: suitOrder, straights: straights, flushOrder: flushOrder,
                                bombs: bombs))
                    }
                }
            }
        }
        return sets
    }

    struct Case: Codable, Equatable {
        var options: [String: String]
        /// Card sets, each in protocol notation.
        var sets: [[String]]
        /// The kind of each set (`pair`, `full_house`…), or `none`.
        var kinds: [String]
        /// `[play, current, answer]`: indices into `sets`, and `ok`, `wrong_size` or
        /// `does_not_beat`.
        var follows: [[String]]
    }

    /// The cases, drawn from a fixed generator: real combinations from random hands (most of
    /// them five-card hands, where the rules differ), near misses, and pairs of them.
    static func makeCases() -> [Case] {
        // The project's own shuffle and bounded draw, not the standard library's, whose
        // algorithms may change between toolchains and would change the cases.
        var random = SplitMix64(seed: 2026)
        func pick<T>(_ items: [T]) -> T { items[Int(random.nextBounded(UInt64(items.count)))] }
        func below(_ n: Int) -> Int { Int(random.nextBounded(UInt64(n))) }
        func shuffled(_ items: [Card]) -> [Card] {
            var items = items
            fisherYatesShuffle(&items, using: &random)
            return items
        }
        return optionSets.map { options in
            let rules = BigTwoRules(options: options)
            var sets: [CardSet] = []
            for _ in 0..<6 {
                let deck = shuffled(Card.deck)
                let combos = rules.allCombinations(in: CardSet(deck.prefix(20)))
                for _ in 0..<8 { sets.append(pick(combos).cards) }
                let fives = combos.filter { $0.kind.size == 5 }
                for _ in 0..<6 where !fives.isEmpty { sets.append(pick(fives).cards) }
                // A near miss: a random set of a size that may or may not be a combination.
                let size = pick([1, 2, 3, 4, 5, 5, 5])
                sets.append(CardSet(shuffled(deck).prefix(size)))
            }
            let classified = sets.map { rules.classify($0) }
            var follows: [[String]] = []
            for _ in 0..<80 {
                let play = below(sets.count)
                var current = below(sets.count)
                // Mostly same-size pairs, where strengths are compared.
                if below(4) > 0 {
                    let same = sets.indices.filter {
                        sets[$0].count == sets[play].count && classified[$0] != nil
                    }
                    if !same.isEmpty { current = pick(same) }
                }
                guard let a = classified[play], let b = classified[current], play != current
                else { continue }
                let answer: String
                switch rules.followFailure(a, over: b) {
                case nil: answer = "ok"
                case .wrongSize: answer = "wrong_size"
                case .doesNotBeat: answer = "does_not_beat"
                }
                follows.append([String(play), String(current), answer])
            }
            return Case(
                options: [
                    "suit_order": options.suitOrder.rawValue,
                    "straights": options.straights.rawValue,
                    "flush_order": options.flushOrder.rawValue,
                    "bombs": String(options.bombs),
                ],
                sets: sets.map { $0.map(\.notation) },
                kinds: classified.map { $0?.kind.name ?? "none" },
                follows: follows)
        }
    }

    @Test func fixtureHoldsTheRulesAnswers() throws {
        let cases = Self.makeCases()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        if ProcessInfo.processInfo.environment["BIGTWO_WRITE_FIXTURES"] != nil {
            var text = "[\n"
            text += try cases.map { String(decoding: try encoder.encode($0), as: UTF8.self) }
                .joined(separator: ",\n")
            text += "\n]\n"
            try FileManager.default.createDirectory(
                at: Self.fixture.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: Self.fixture, atomically: true, encoding: .utf8)
        }
        let stored = try JSONDecoder().decode([Case].self, from: Data(contentsOf: Self.fixture))
        #expect(stored.count == Self.optionSets.count)
        for (index, expected) in cases.enumerated() where index < stored.count {
            #expect(stored[index] == expected, "options \(expected.options)")
        }
    }

    @Test func casesCoverEveryKindAndEveryAnswer() {
        let cases = Self.makeCases()
        let kinds = Set(cases.flatMap(\.kinds))
        #expect(kinds.isSuperset(of: ComboKind.allCases.map(\.name) + ["none"]))
        let answers = Set(cases.flatMap { $0.follows.map { $0[2] } })
        #expect(answers == ["ok", "wrong_size", "does_not_beat"])
    }
}
