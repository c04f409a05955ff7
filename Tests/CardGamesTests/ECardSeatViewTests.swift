import Testing

@testable import CardGames

@Suite struct ECardSeatViewTests {
    @Test func viewShowsOwnCardsAndPublicFacts() throws {
        var match = try ECardMatch()
        _ = try match.lay(.citizen, by: 0)
        _ = try match.lay(.citizen, by: 1)
        let view = match.view(for: 1)
        #expect(view.seat == 1 && view.opponent == 0)
        #expect(view.side == .slave && view.opponentSide == .emperor)
        #expect(view.hand == ECardHand(side: .slave, citizens: 3))
        #expect(view.opponentUnrevealed == ECardHand(side: .emperor, citizens: 3))
        #expect(view.handNumber == 1 && view.playNumber == 2)
        #expect(view.isMyTurn && view.seatToLay == 1 && view.firstLayer == 1)
        #expect(view.plays == match.plays && view.plays.count == 1)
        #expect(view.ownFaceDownCard == nil && !view.opponentHasLaid)
    }

    @Test func layerSeesItsOwnFaceDownCard() throws {
        var match = try ECardMatch()
        _ = try match.lay(.emperor, by: 0)
        let view = match.view(for: 0)
        #expect(view.ownFaceDownCard == .emperor)
        #expect(view.hand == ECardHand(side: .emperor, holdsSpecial: false))
        #expect(!view.isMyTurn && !view.opponentHasLaid)
    }

    @Test func opponentViewDoesNotDependOnTheFaceDownCard() throws {
        for playsBefore in 0..<4 {
            var base = try ECardMatch()
            for _ in 0..<playsBefore {
                _ = try base.lay(.citizen, by: try #require(base.seatToLay))
                _ = try base.lay(.citizen, by: try #require(base.seatToLay))
            }
            let layer = try #require(base.seatToLay)
            var withSpecial = base
            var withCitizen = base
            _ = try withSpecial.lay(base.side(of: layer).specialCard, by: layer)
            _ = try withCitizen.lay(.citizen, by: layer)
            #expect(withSpecial != withCitizen)
            let other = 1 - layer
            #expect(withSpecial.view(for: other) == withCitizen.view(for: other))
            let view = withCitizen.view(for: other)
            #expect(view.opponentHasLaid && view.isMyTurn)
            #expect(view.opponentUnrevealed == base.hand(of: layer))
        }
    }

    @Test func finishedMatchViewShowsTheResults() throws {
        var match = try ECardMatch(options: ECardOptions(handsPerMatch: 1))
        _ = try match.lay(.emperor, by: 0)
        _ = try match.lay(.slave, by: 1)
        let view = match.view(for: 0)
        #expect(view.isOver && view.seatToLay == nil && view.firstLayer == nil)
        #expect(view.totals == [-5, 5] && view.handResults == match.handResults)
    }
}
