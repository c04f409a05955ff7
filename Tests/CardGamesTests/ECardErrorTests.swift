import Testing

@testable import CardGames

@Suite struct ECardErrorTests {
    /// Expects the lay to fail with `error` and leave the match exactly as it was.
    private func expectRejected(
        _ match: ECardMatch, card: ECardCard, seat: Int, error: ECardError,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        var copy = match
        #expect(throws: error, sourceLocation: sourceLocation) {
            try copy.lay(card, by: seat)
        }
        #expect(copy == match, sourceLocation: sourceLocation)
    }

    @Test func rejectsTheSeatNotToLay() throws {
        var match = try ECardMatch()
        expectRejected(match, card: .citizen, seat: 1, error: .notYourTurn)
        _ = try match.lay(.citizen, by: 0)
        _ = try match.lay(.citizen, by: 1)
        // Play 2 is led by the Slave side (seat 1).
        expectRejected(match, card: .citizen, seat: 0, error: .notYourTurn)
    }

    @Test func rejectsLayingTwiceInOnePlay() throws {
        var match = try ECardMatch()
        _ = try match.lay(.citizen, by: 0)
        expectRejected(match, card: .citizen, seat: 0, error: .alreadyLaid)
        expectRejected(match, card: .emperor, seat: 0, error: .alreadyLaid)
    }

    @Test func rejectsCardsNotInHand() throws {
        var match = try ECardMatch()
        expectRejected(match, card: .slave, seat: 0, error: .cardNotInHand(.slave))
        _ = try match.lay(.emperor, by: 0)
        expectRejected(match, card: .emperor, seat: 1, error: .cardNotInHand(.emperor))
        var drawn = try ECardMatch()
        for seat in [0, 1, 1, 0, 0, 1, 1, 0] { _ = try drawn.lay(.citizen, by: seat) }
        expectRejected(drawn, card: .citizen, seat: 0, error: .cardNotInHand(.citizen))
    }

    @Test(arguments: [-1, 2, Int.max, Int.min])
    func rejectsSeatsOutsideTheTable(seat: Int) throws {
        var match = try ECardMatch()
        expectRejected(match, card: .citizen, seat: seat, error: .invalidSeat)
        _ = try match.lay(.citizen, by: 0)
        expectRejected(match, card: .citizen, seat: seat, error: .invalidSeat)
    }

    @Test func rejectsEveryLayOnceTheMatchIsOver() throws {
        var match = try ECardMatch(options: ECardOptions(handsPerMatch: 1))
        _ = try match.lay(.emperor, by: 0)
        _ = try match.lay(.citizen, by: 1)
        #expect(match.isOver)
        for seat in -1...2 {
            for card in ECardCard.allCases {
                expectRejected(match, card: card, seat: seat, error: .matchOver)
            }
        }
    }

    @Test func everyRejectedActionInRandomMatchesLeavesTheStateUnchanged() throws {
        var rng = ECardTestRNG(seed: 7)
        var bot = ECardRandomBot()
        var rejected = 0
        for _ in 0..<40 {
            var match = try ECardMatch()
            while let seat = match.seatToLay {
                for trySeat in -1...2 {
                    for card in ECardCard.allCases {
                        var copy = match
                        do {
                            _ = try copy.lay(card, by: trySeat)
                            #expect(trySeat == seat && match.hand(of: seat).contains(card))
                        } catch {
                            rejected += 1
                            #expect(copy == match)
                        }
                    }
                }
                let card = bot.chooseCard(view: match.view(for: seat), using: &rng)
                _ = try match.lay(card, by: seat)
            }
        }
        #expect(rejected > 0)
    }
}
