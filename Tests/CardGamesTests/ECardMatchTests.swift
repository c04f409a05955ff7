import Testing

@testable import CardGames

@Suite struct ECardMatchTests {
    /// Lays the first layer's card, then the second's, and returns the reveal.
    private func play(
        _ match: inout ECardMatch, first: ECardCard, second: ECardCard
    ) throws -> ECardReveal {
        let firstSeat = try #require(match.seatToLay)
        let faceDown = try match.lay(first, by: firstSeat)
        #expect(faceDown == .laidFaceDown(seat: firstSeat))
        let secondSeat = try #require(match.seatToLay)
        #expect(secondSeat == 1 - firstSeat)
        guard case .revealed(let reveal) = try match.lay(second, by: secondSeat) else {
            Issue.record("second card did not reveal")
            throw ECardError.notYourTurn
        }
        return reveal
    }

    @Test func startsWithSeatZeroOnTheEmperorSideLayingFirst() throws {
        let match = try ECardMatch()
        #expect(match.handNumber == 1 && match.playNumber == 1)
        #expect(match.side(of: 0) == .emperor && match.side(of: 1) == .slave)
        #expect(match.hand(of: 0) == ECardHand(side: .emperor))
        #expect(match.hand(of: 1).cards == [.slave, .citizen, .citizen, .citizen, .citizen])
        #expect(match.seatToLay == 0 && match.firstLayer == 0 && match.isFirstLayer(seat: 0))
        #expect(!match.hasLaid(seat: 0) && !match.hasLaid(seat: 1))
        #expect(match.totals == [0, 0] && !match.isOver)
        #expect(match.plays.isEmpty && match.handResults.isEmpty)
    }

    @Test func layingFaceDownHidesTheCardAndWaitsForTheOtherSeat() throws {
        var match = try ECardMatch()
        let event = try match.lay(.emperor, by: 0)
        #expect(event == .laidFaceDown(seat: 0))
        #expect(match.hasLaid(seat: 0) && !match.hasLaid(seat: 1))
        #expect(match.seatToLay == 1 && match.firstLayer == 0)
        #expect(match.hand(of: 0) == ECardHand(side: .emperor, holdsSpecial: false))
        #expect(match.plays.isEmpty)
    }

    @Test func revealReportsBothCardsTheResultAndTheNextHand() throws {
        var match = try ECardMatch()
        let reveal = try play(&match, first: .emperor, second: .citizen)
        let expectedPlay = ECardPlay(
            handNumber: 1, playNumber: 1, firstLayer: 0, emperorSeat: 0,
            cards: [.emperor, .citizen], outcome: .win(seat: 0))
        let expectedResult = ECardHandResult(
            handNumber: 1, winner: 0, winningSide: .emperor, payout: 1, decidingPlay: 1,
            totals: [1, -1])
        #expect(
            reveal
                == ECardReveal(
                    play: expectedPlay, handResult: expectedResult,
                    nextHand: ECardHandStart(handNumber: 2, emperorSeat: 0),
                    nextFirstLayer: 0, isMatchOver: false))
        #expect(match.plays == [expectedPlay] && match.handResults == [expectedResult])
        #expect(match.handNumber == 2 && match.playNumber == 1 && match.totals == [1, -1])
        #expect(match.hand(of: 0) == ECardHand(side: .emperor))
        #expect(match.hand(of: 1) == ECardHand(side: .slave))
    }

    @Test func sidesSwapEveryThreeHandsOverAFullMatch() throws {
        var match = try ECardMatch()
        var emperorSeats: [Int] = []
        var starts: [ECardHandStart] = []
        while !match.isOver {
            emperorSeats.append(match.emperorSeat)
            #expect(match.side(of: match.emperorSeat) == .emperor)
            #expect(match.side(of: 1 - match.emperorSeat) == .slave)
            #expect(match.seatToLay == match.emperorSeat)
            #expect(match.hand(of: match.emperorSeat).specialCard == .emperor)
            // The Emperor side leads with the Emperor and the Slave side answers a Citizen.
            let reveal = try play(&match, first: .emperor, second: .citizen)
            if let next = reveal.nextHand { starts.append(next) }
        }
        #expect(emperorSeats == [0, 0, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1])
        #expect(starts.map(\.handNumber) == Array(2...12))
        #expect(starts.map(\.emperorSeat) == Array(emperorSeats.dropFirst()))
        #expect(match.handResults.count == 12 && match.handNumber == 12)
        #expect(match.handResults.allSatisfy { $0.winningSide == .emperor && $0.payout == 1 })
        #expect(match.totals == [0, 0])
        #expect(match.seatToLay == nil && match.firstLayer == nil)
    }

    @Test func matchEndsAfterTheLastHand() throws {
        var match = try ECardMatch(options: ECardOptions(handsPerMatch: 2))
        _ = try play(&match, first: .emperor, second: .citizen)
        let last = try play(&match, first: .emperor, second: .slave)
        #expect(last.isMatchOver && last.nextHand == nil && last.nextFirstLayer == nil)
        #expect(last.handResult?.totals == [-4, 4])
        #expect(match.isOver && match.totals == [-4, 4])
    }

    @Test func firstLayerAlternatesWithinAHandAndDrawsContinue() throws {
        var match = try ECardMatch()
        for _ in 1...3 { _ = try play(&match, first: .emperor, second: .citizen) }
        // Hand 4: seat 1 holds the Emperor side and leads the first play.
        #expect(match.handNumber == 4 && match.emperorSeat == 1)
        var firstLayers: [Int] = []
        for playNumber in 1...4 {
            #expect(match.playNumber == playNumber)
            firstLayers.append(try #require(match.firstLayer))
            let reveal = try play(&match, first: .citizen, second: .citizen)
            #expect(reveal.play.outcome == .draw && reveal.handResult == nil)
            #expect(reveal.nextFirstLayer == match.firstLayer)
            #expect(match.hand(of: 0).citizens == 4 - playNumber)
            #expect(match.hand(of: 1).citizens == 4 - playNumber)
            #expect(match.hand(of: 0).holdsSpecial && match.hand(of: 1).holdsSpecial)
        }
        #expect(firstLayers == [1, 0, 1, 0])
        #expect(match.firstLayer == 1 && match.playNumber == 5)
    }

    @Test func fifthPlayIsEmperorAgainstSlaveAndPaysTheSlave() throws {
        var match = try ECardMatch()
        for _ in 1...4 { _ = try play(&match, first: .citizen, second: .citizen) }
        #expect(match.hand(of: 0).cards == [.emperor])
        #expect(match.hand(of: 1).cards == [.slave])
        var copy = match
        #expect(throws: ECardError.cardNotInHand(.citizen)) { try copy.lay(.citizen, by: 0) }
        let reveal = try play(&match, first: .emperor, second: .slave)
        #expect(reveal.play.playNumber == 5 && reveal.play.cards == [.emperor, .slave])
        #expect(reveal.play.outcome == .win(seat: 1))
        let result = try #require(reveal.handResult)
        #expect(result.winner == 1 && result.loser == 0 && result.winningSide == .slave)
        #expect(result.payout == 5 && result.decidingPlay == 5 && result.totals == [-5, 5])
    }

    @Test(arguments: [
        (ECardOptions.standard, 5, 1),
        (ECardOptions(slavePayout: 10), 10, 1),
        (ECardOptions(slavePayout: 10, emperorPayout: 3), 30, 3),
    ])
    func payoutsFollowTheOptions(options: ECardOptions, slaveWin: Int, emperorWin: Int) throws {
        var match = try ECardMatch(options: options)
        // Hand 1, seat 1 on the Slave side: Citizen draw, then the Slave takes the Emperor.
        _ = try play(&match, first: .citizen, second: .citizen)
        let slaveHand = try play(&match, first: .slave, second: .emperor)
        #expect(slaveHand.handResult?.payout == slaveWin)
        #expect(match.totals == [-slaveWin, slaveWin])
        // Hand 2: the Emperor side (seat 0) beats a Citizen.
        let emperorHand = try play(&match, first: .emperor, second: .citizen)
        #expect(emperorHand.handResult?.payout == emperorWin)
        #expect(match.totals == [emperorWin - slaveWin, slaveWin - emperorWin])
        // Hand 3: a Citizen beats the Slave, a win for the Emperor side.
        let citizenWin = try play(&match, first: .citizen, second: .slave)
        #expect(citizenWin.handResult?.winningSide == .emperor)
        #expect(match.totals.reduce(0, +) == 0)
    }
}
