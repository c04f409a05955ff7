import Testing

@testable import CardGames

@Suite struct ECardRulesTests {
    @Test func cardsBeatEachOtherInACycle() {
        #expect(ECardCard.emperor.clash(against: .citizen) == .win)
        #expect(ECardCard.citizen.clash(against: .slave) == .win)
        #expect(ECardCard.slave.clash(against: .emperor) == .win)
        #expect(ECardCard.citizen.clash(against: .emperor) == .loss)
        #expect(ECardCard.slave.clash(against: .citizen) == .loss)
        #expect(ECardCard.emperor.clash(against: .slave) == .loss)
        #expect(ECardCard.citizen.clash(against: .citizen) == .draw)
    }

    @Test func clashIsAntisymmetric() {
        for first in ECardCard.allCases {
            for second in ECardCard.allCases {
                let forward = first.clash(against: second)
                let backward = second.clash(against: first)
                switch forward {
                case .win: #expect(backward == .loss)
                case .loss: #expect(backward == .win)
                case .draw: #expect(backward == .draw && first == second)
                }
            }
        }
    }

    @Test func sidesKnowTheirSpecialCard() {
        #expect(ECardSide.emperor.specialCard == .emperor)
        #expect(ECardSide.slave.specialCard == .slave)
        #expect(ECardSide.emperor.opposite == .slave)
        #expect(ECardSide.slave.opposite == .emperor)
    }

    @Test func standardOptionsMatchTheOriginalRules() throws {
        let options = ECardOptions.standard
        #expect(options.handsPerMatch == 12)
        #expect(options.swapInterval == 3)
        #expect(options.slavePayout == 5)
        #expect(options.emperorPayout == 1)
        try options.validate()
        try ECardOptions(slavePayout: 10).validate()
    }

    @Test(arguments: [
        (ECardOptions(handsPerMatch: 0), ECardOptions.Field.handsPerMatch),
        (ECardOptions(handsPerMatch: 1001), .handsPerMatch),
        (ECardOptions(swapInterval: 0), .swapInterval),
        (ECardOptions(slavePayout: 7), .slavePayout),
        (ECardOptions(slavePayout: 1), .slavePayout),
        (ECardOptions(emperorPayout: 0), .emperorPayout),
        (ECardOptions(emperorPayout: -3), .emperorPayout),
    ])
    func rejectsOptionsOutOfRange(options: ECardOptions, field: ECardOptions.Field) {
        #expect(throws: ECardError.invalidOptions(field)) { try options.validate() }
        #expect(throws: ECardError.invalidOptions(field)) { try ECardMatch(options: options) }
    }

    @Test func slavePayoutIsAMultipleOfTheStake() {
        #expect(ECardOptions.standard.payout(for: .emperor) == 1)
        #expect(ECardOptions.standard.payout(for: .slave) == 5)
        let doubled = ECardOptions(slavePayout: 10, emperorPayout: 2)
        #expect(doubled.payout(for: .emperor) == 2)
        #expect(doubled.payout(for: .slave) == 20)
    }

    @Test func emperorSeatSwapsEverySwapInterval() {
        let seats = (1...12).map { ECardOptions.standard.emperorSeat(inHand: $0) }
        #expect(seats == [0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1])
        let everyHand = ECardOptions(handsPerMatch: 4, swapInterval: 1)
        #expect((1...4).map { everyHand.emperorSeat(inHand: $0) } == [0, 1, 0, 1])
    }

    @Test func handHoldsItsSideSpecialAndCitizens() {
        var hand = ECardHand(side: .slave)
        #expect(hand.cards == [.slave, .citizen, .citizen, .citizen, .citizen])
        #expect(hand.contains(.slave) && hand.contains(.citizen) && !hand.contains(.emperor))
        let removals = [
            hand.remove(.emperor), hand.remove(.citizen), hand.remove(.slave),
            hand.remove(.slave),
        ]
        #expect(removals == [false, true, true, false])
        #expect(hand.count == 3 && !hand.contains(.slave))
        let additions = [hand.add(.emperor), hand.add(.slave), hand.add(.slave)]
        #expect(additions == [false, true, false])
        #expect(hand == ECardHand(side: .slave, holdsSpecial: true, citizens: 3))
    }
}
