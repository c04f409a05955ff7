import Testing

@testable import CardGames

/// The worked examples of docs/verify.md. If one of these fails, either
/// the code or the document is wrong; fix them together.
@Suite struct DealerTests {
    /// The first `count` cards dealt to `seat` of four, in the order they were dealt.
    private func firstDealt(_ deck: [Card], seat: Int, count: Int = 3) -> String {
        stride(from: seat, to: deck.count, by: 4).prefix(count).map { deck[$0].notation }
            .joined(separator: " ")
    }

    @Test func documentedExampleWithCountingSeed() throws {
        let seed = try #require(
            DealSeed(hex: "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"))
        #expect(
            seed.commitment == "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd")
        let generator = Xoshiro256StarStar(dealSeed: seed)
        #expect(generator.state.0 == 0x0706_0504_0302_0100)
        #expect(generator.state.1 == 0x0F0E_0D0C_0B0A_0908)
        #expect(generator.state.2 == 0x1716_1514_1312_1110)
        #expect(generator.state.3 == 0x1F1E_1D1C_1B1A_1918)
        var stepping = generator
        #expect(stepping.next() == 0xBC25_8EF8_61CB_354D)
        var drawing = generator
        #expect(drawing.nextBounded(52) == 5)
        #expect(drawing.nextBounded(51) == 47)
        #expect(drawing.nextBounded(50) == 15)

        let deck = Dealer.shuffledDeck(seed: seed)
        #expect(
            deck.map(\.notation).joined(separator: " ")
                == "6H 3S TC QS QC 7C 6D 3D JD 3C 8H AC KD AD 5S 2S 9C 5H TS KH 8C 8D 4S 4H AH 2H "
                + "8S QH JC 9H JH 5C JS 9D KS 9S 2D 5D 7D 2C QD 7H 4D 3H KC TH TD 6C 7S 6S AS 4C")
        #expect(firstDealt(deck, seat: 0) == "6H QC JD")
        #expect(firstDealt(deck, seat: 1) == "3S 7C 3C")
        #expect(firstDealt(deck, seat: 2) == "TC 6D 8H")
        #expect(firstDealt(deck, seat: 3) == "QS 3D AC")

        let hands = Dealer.deal(seed: seed)
        #expect(hands[0].notation == "6H 7S 8C 9C JD JC JS QD QC KD KC AH 2D")
        #expect(hands[1].notation == "3C 3S 5D 5H 6S 7C 7H 8D 9D 9H TH AD 2H")
        #expect(hands[2].notation == "4D 4S 5S 6D 7D 8H 8S TD TC TS JH KS AS")
        #expect(hands[3].notation == "3D 3H 4C 4H 5C 6C 9S QH QS KH AC 2C 2S")
    }

    @Test func documentedExampleWithDerivedSeed() {
        let message: [UInt8] = [42, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]
        #expect(SHA256.hex(message) == "2a000000000000000100000000000000")
        let seed = DealSeed.derived(masterSeed: 42, dealNumber: 1)
        #expect(seed.bytes == SHA256.hash(message))
        #expect(seed.hex == "c953b283023f000d3b5411c5967055f5dfecc6c0d0082ae2b3b926a389a4841b")
        #expect(
            seed.commitment == "0a61ec5f2e9bbdf30ce4c1644abce647cff5b66736181a6e59714508eaf7d0e4")
        let deck = Dealer.shuffledDeck(seed: seed)
        #expect(firstDealt(deck, seat: 0) == "JS 2S 6S")
        #expect(firstDealt(deck, seat: 1) == "9D 3S 7C")
        #expect(firstDealt(deck, seat: 2) == "AD 7S 9H")
        #expect(firstDealt(deck, seat: 3) == "TD 8D QD")

        let hands = Dealer.deal(seed: seed)
        #expect(hands[0].notation == "4H 6C 6H 6S 7D JC JH JS KD KH AH 2C 2S")
        #expect(hands[1].notation == "3H 3S 4D 4C 5D 5S 7C 8H 8S 9D TH KC AS")
        #expect(hands[2].notation == "3C 4S 7H 7S 8C 9C 9H 9S JD QC AD AC 2H")
        #expect(hands[3].notation == "3D 5C 5H 6D 8D TD TC TS QD QH QS KS 2D")
    }

    @Test func fourSeatsGetThirteenDisjointCardsCoveringTheDeck() {
        for dealNumber in 0..<50 as Range<UInt64> {
            let hands = Dealer.deal(seed: .derived(masterSeed: 3, dealNumber: dealNumber))
            #expect(hands.count == 4)
            var all = CardSet()
            for hand in hands {
                #expect(hand.count == 13)
                #expect(hand.isDisjoint(with: all))
                all.formUnion(hand)
            }
            #expect(all == CardSet.fullDeck)
        }
    }

    @Test func otherSeatCountsDealRoundRobin() {
        let seed = DealSeed.derived(masterSeed: 5, dealNumber: 5)
        let deck = Dealer.shuffledDeck(seed: seed)
        let three = Dealer.deal(seed: seed, seats: 3)
        #expect(three.map(\.count) == [18, 17, 17])
        #expect(three[2] == CardSet(stride(from: 2, to: 52, by: 3).map { deck[$0] }))
        #expect(Dealer.deal(seed: seed, seats: 1) == [CardSet.fullDeck])
    }

    @Test func shuffledDeckIsAPermutationThatDependsOnTheSeed() {
        let first = Dealer.shuffledDeck(seed: .derived(masterSeed: 1, dealNumber: 1))
        let again = Dealer.shuffledDeck(seed: .derived(masterSeed: 1, dealNumber: 1))
        let other = Dealer.shuffledDeck(seed: .derived(masterSeed: 1, dealNumber: 2))
        #expect(first == again)
        #expect(first != other)
        #expect(first.sorted() == Card.deck)
    }

    @Test func verifyAcceptsTheTrueDeal() {
        let seed = DealSeed.derived(masterSeed: 9, dealNumber: 4)
        let hands = Dealer.deal(seed: seed)
        #expect(Dealer.verify(seed: seed, commitment: seed.commitment, hands: hands) == .valid)
        #expect(
            Dealer.verify(seed: seed, commitment: seed.commitment.uppercased(), hands: hands)
                == .valid)
        #expect(
            Dealer.verify(seed: seed, commitment: seed.commitment, hands: Array(hands.prefix(2)))
                == .valid)
    }

    @Test func verifyRejectsAnotherSeedsCommitment() {
        let seed = DealSeed.derived(masterSeed: 9, dealNumber: 4)
        let other = DealSeed.derived(masterSeed: 9, dealNumber: 5)
        let hands = Dealer.deal(seed: seed)
        #expect(
            Dealer.verify(seed: seed, commitment: other.commitment, hands: hands)
                == .commitmentMismatch)
        #expect(Dealer.verify(seed: seed, commitment: "", hands: hands) == .commitmentMismatch)
    }

    @Test func verifyNamesTheFirstWrongSeat() throws {
        let seed = DealSeed.derived(masterSeed: 9, dealNumber: 4)
        let hands = Dealer.deal(seed: seed)
        let commitment = seed.commitment

        var subset = hands
        subset[2].remove(try #require(subset[2].lowest))
        #expect(
            Dealer.verify(seed: seed, commitment: commitment, hands: subset)
                == .handMismatch(seat: 2))

        var swapped = hands
        swapped.swapAt(1, 3)
        #expect(
            Dealer.verify(seed: seed, commitment: commitment, hands: swapped)
                == .handMismatch(seat: 1))

        var superset = hands
        superset[0].formUnion(hands[1])
        #expect(
            Dealer.verify(seed: seed, commitment: commitment, hands: superset)
                == .handMismatch(seat: 0))

        #expect(
            Dealer.verify(seed: seed, commitment: commitment, hands: hands + [CardSet()])
                == .handMismatch(seat: 4))
    }
}
