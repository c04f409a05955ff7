import Testing

@testable import CardGames

/// What a greedy seat's moves prove about its hand, and the deals the expert samples from
/// them.
@Suite struct GreedyCluesTests {
    /// The hands of `position`: every one consistent with greedy play.
    static let hands = [
        cards("3D 7H 7S 8D 8C 8H 8S QC QH QS KD AD 2D"),
        cards("9D 9C 9H 9S TD TC TH TS JD JC JH JS QD"),
        cards("KC KH KS AC AH AS 2C 2H 2S 6H 6S 7D 7C"),
        cards("3C 3H 3S 4D 4C 4H 4S 5D 5C 5H 5S 6D 6C"),
    ]

    /// `hands` under standard rules after `moves` (seat, cards; none for a pass).
    static func deal(_ hands: [CardSet] = hands, after moves: [(Int, String)]) throws
        -> BigTwoDeal
    {
        var deal = BigTwoDeal(hands: hands, options: .standard)
        for (seat, move) in moves {
            try deal.apply(move.isEmpty ? .pass : .play(cards(move)), by: seat)
        }
        return deal
    }

    /// Seat 0 leads 3♦, seat 1 plays 9♦ over it, seat 2 plays K♣ over that, seat 3 passes,
    /// and seat 0 is to move.
    static func position() throws -> BigTwoDeal {
        try deal(after: [(0, "3D"), (1, "9D"), (2, "KC"), (3, "")])
    }

    static let greedy: [OpponentStyle] = [.smart, .greedy, .greedy, .greedy]

    @Test func eachMoveRulesOutTheCardsAGreedySeatWouldHavePlayed() throws {
        let view = try Self.position().view(for: 0)
        let clues = GreedyClues(view: view, styles: Self.greedy)
        // 9♦ over 3♦: nothing from 3♣ to 8♠.
        let belowNine = cards("3C 3H 3S 4D 4C 4H 4S 5D 5C 5H 5S 6D 6C 6H 6S 7D 7C 7H 7S")
        #expect(clues.excluded[1] == belowNine.union(cards("8D 8C 8H 8S")))
        // K♣ over 9♦: nothing from 9♣ to K♦.
        #expect(clues.excluded[2].contains(Card(.nine, .clubs)))
        #expect(clues.excluded[2].contains(Card(.king, .diamonds)))
        #expect(!clues.excluded[2].contains(Card(.king, .hearts)))
        #expect(!clues.excluded[2].contains(Card(.nine, .diamonds)))
        // A pass over K♣: nothing above it.
        #expect(clues.excluded[3].contains(Card(.king, .hearts)))
        #expect(clues.excluded[3].contains(Card(.two, .spades)))
        #expect(!clues.excluded[3].contains(Card(.king, .clubs)))
        #expect(clues.excluded[0].isEmpty)
    }

    @Test func onlyGreedySeatsGiveClues() throws {
        let view = try Self.position().view(for: 0)
        #expect(GreedyClues(view: view, styles: [.smart, .smart, .loose, .smart]).isEmpty)
        let one = GreedyClues(view: view, styles: [.smart, .smart, .greedy, .smart])
        #expect(one.excluded[1].isEmpty && one.excluded[3].isEmpty)
        #expect(!one.excluded[2].isEmpty)
    }

    @Test func theTrueDealMeetsTheCluesAndASwapBreaksThem() throws {
        let deal = try Self.position()
        let view = deal.view(for: 0)
        let clues = GreedyClues(view: view, styles: Self.greedy)
        let options = BigTwoOptions.standard
        #expect(clues.admits(deal.hands, options: options))
        // Seat 3 given the 2♠ for its 3♣ breaks its pass over K♣.
        var swapped = deal.hands
        swapped[2] = swapped[2].subtracting(cards("2S")).union(cards("3C"))
        swapped[3] = swapped[3].subtracting(cards("3C")).union(cards("2S"))
        #expect(!clues.admits(swapped, options: options))
    }

    @Test func aSeatWhoseLaterPlayBreaksItsClueGivesNone() throws {
        // As `position`, but seat 2 holds Q♦ (seat 1 has 7♣ instead): after the trick it
        // leads Q♦, which would have beaten 9♦ lower than its K♣ did.
        var hands = Self.hands
        hands[1] = hands[1].subtracting(cards("QD")).union(cards("7C"))
        hands[2] = hands[2].subtracting(cards("7C")).union(cards("QD"))
        let deal = try Self.deal(
            hands, after: [(0, "3D"), (1, "9D"), (2, "KC"), (3, ""), (0, ""), (1, ""), (2, "QD")])
        let clues = GreedyClues(view: deal.view(for: 0), styles: Self.greedy)
        #expect(clues.excluded[2].isEmpty)
        #expect(clues.excluded[1].contains(Card(.eight, .spades)))
        #expect(clues.excluded[3].contains(Card(.two, .spades)))
    }

    @Test func sampledDealsKeepToTheExcludedCards() throws {
        let view = try Self.position().view(for: 0)
        let clues = GreedyClues(view: view, styles: Self.greedy)
        let sampler = DealSampler(view: view)
        var generator = Xoshiro256StarStar(seed: 9)
        var drawn = 0
        for _ in 0..<50 {
            guard let hands = sampler.draw(using: &generator, excluding: clues.excluded) else {
                continue
            }
            drawn += 1
            var all = hands[0]
            for seat in 1..<4 {
                #expect(hands[seat].count == view.cardCounts[seat])
                #expect(hands[seat].isDisjoint(with: clues.excluded[seat]))
                #expect(hands[seat].isDisjoint(with: all))
                all.formUnion(hands[seat])
            }
            #expect(all.union(view.playedCards) == CardSet.fullDeck)
        }
        #expect(drawn == 50)
    }
}
