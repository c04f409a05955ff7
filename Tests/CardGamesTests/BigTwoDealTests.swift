import Testing

@testable import CardGames

@Suite struct BigTwoDealTests {
    func deal(_ hands: [String], _ options: BigTwoOptions = .standard) -> BigTwoDeal {
        BigTwoDeal(hands: hands.map(cards), options: options)
    }

    /// Expects the action to throw `error` and leave the deal unchanged.
    func expectRejected(
        _ deal: BigTwoDeal, _ error: BigTwoError,
        _ action: (inout BigTwoDeal) throws -> Void
    ) {
        var copy = deal
        #expect(throws: error) { try action(&copy) }
        #expect(copy == deal)
    }

    @Test func holderOfLowestCardLeads() {
        #expect(deal(["4D", "5D", "3D", "6D"]).currentSeat == 2)
        #expect(deal(["3D", "5D", "3C", "6D"], .taiwan).currentSeat == 2)
    }

    @Test func everyIllegalActionIsRejectedAndChangesNothing() throws {
        var game = deal(["3D 4C 9S", "5H 5S KD", "3C 3H 7D", "2S AS 8C"])
        expectRejected(game, .notYourTurn(current: 0)) { try $0.play(cards("5H"), by: 1) }
        expectRejected(game, .invalidSeat(7)) { try $0.pass(by: 7) }
        expectRejected(game, .mustIncludeLowestCard(card("3D"))) { try $0.play(cards("4C"), by: 0) }
        expectRejected(game, .cardsNotInHand(cards("5H"))) { try $0.play(cards("3D 5H"), by: 0) }
        expectRejected(game, .cannotPassWhenLeading) { try $0.pass(by: 0) }
        expectRejected(game, .duplicateCards) { try $0.play([card("3D"), card("3D")], by: 0) }
        expectRejected(game, .notACombination) { try $0.play(cards("3D 4C"), by: 0) }
        expectRejected(game, .emptyPlay) { try $0.play(CardSet(), by: 0) }

        try game.play(cards("3D"), by: 0)
        #expect(game.currentSeat == 1)
        expectRejected(game, .wrongSize(expected: 1)) { try $0.play(cards("5H 5S"), by: 1) }
        try game.play(cards("5H"), by: 1)
        expectRejected(game, .doesNotBeat) { try $0.play(cards("3C"), by: 2) }
        try game.play(cards("7D"), by: 2)
        try game.pass(by: 3)
        try game.play(cards("9S"), by: 0)
        try game.play(cards("KD"), by: 1)
        try game.pass(by: 2)
        try game.play(cards("2S"), by: 3)
        try game.pass(by: 0)
        try game.pass(by: 1)
        let trickEnd = try game.pass(by: 2)
        #expect(trickEnd.trickWonBy == 3)
        #expect(game.isLeading && game.currentSeat == 3)
        expectRejected(game, .cannotPassWhenLeading) { try $0.pass(by: 3) }
        try game.play(cards("8C"), by: 3)
        try game.pass(by: 0)
        try game.pass(by: 1)
        try game.pass(by: 2)
        let last = try game.play(cards("AS"), by: 3)
        #expect(game.isOver && game.winner == 3)
        let result = try #require(last.result)
        #expect(result.cardsLeft == [1, 1, 2, 0])
        #expect(result.scores == [-1, -1, -2, 4])
        expectRejected(game, .dealOver) { try $0.pass(by: 0) }
        #expect(game.history.count == 16)
    }

    @Test func passingDoesNotLockOutByDefault() throws {
        var game = deal(["3D 9S QS", "5H KD", "7D 8D", "2S AS"])
        try game.play(cards("3D"), by: 0)
        try game.pass(by: 1)
        try game.play(cards("7D"), by: 2)
        try game.pass(by: 3)
        try game.play(cards("9S"), by: 0)
        #expect(game.currentSeat == 1)
        try game.play(cards("KD"), by: 1)
    }

    @Test func passLocksOutVariantSkipsPassedSeats() throws {
        var game = deal(["3D 9S QS", "5H KD", "7D 8D", "2S AS"], BigTwoOptions(passLocksOut: true))
        try game.play(cards("3D"), by: 0)
        try game.pass(by: 1)
        try game.play(cards("7D"), by: 2)
        try game.pass(by: 3)
        try game.play(cards("9S"), by: 0)
        #expect(game.currentSeat == 2)
        let outcome = try game.pass(by: 2)
        #expect(outcome.trickWonBy == 0)
        #expect(game.isLeading && game.currentSeat == 0)
    }

    @Test func firstLeadSingleVariant() throws {
        let game = deal(["3D 3C 9S", "5H", "7D", "2S"], BigTwoOptions(firstLeadSingle: true))
        expectRejected(game, .mustLeadLowestCardAlone(card("3D"))) {
            try $0.play(cards("3D 3C"), by: 0)
        }
        #expect(game.legalPlays().map(\.cards) == [cards("3D")])
        var copy = game
        try copy.play(cards("3D"), by: 0)
    }

    @Test func lastCardRuleBreachByLowSingleMakesBreakerPayAll() throws {
        let options = BigTwoOptions(lastCardRule: true)
        var game = deal(["5C KS AS", "7H", "4C 4H", "6S 6D"], options)
        let breach = try game.play(cards("5C"), by: 0)
        #expect(breach.lastCardBreach)
        let end = try game.play(cards("7H"), by: 1)
        let result = try #require(end.result)
        #expect(result.liableSeat == 0)
        #expect(result.scores == [-6, 6, 0, 0])
    }

    @Test func lastCardRuleHighestSingleIsNoBreach() throws {
        let options = BigTwoOptions(lastCardRule: true)
        var game = deal(["5C KS AS", "7H", "4C 4H", "6S 6D"], options)
        #expect(try !game.play(cards("AS"), by: 0).lastCardBreach)
        try game.pass(by: 1)
        try game.pass(by: 2)
        try game.pass(by: 3)
        #expect(try !game.play(cards("KS"), by: 0).lastCardBreach)
        #expect(game.liableSeat == nil)
    }

    @Test func lastCardRuleBreachByPassing() throws {
        let options = BigTwoOptions(lastCardRule: true)
        // Seat 3 leads 3D; seat 0 could beat it but passes while seat 1 holds one card.
        var game = deal(["5C KS", "7H", "4C 4H", "3D 6D 3S"], options)
        try game.play(cards("3D"), by: 3)
        let pass = try game.pass(by: 0)
        #expect(pass.lastCardBreach)
        let end = try game.play(cards("7H"), by: 1)
        #expect(end.result?.liableSeat == 0)
        #expect(end.result?.scores == [-6, 6, 0, 0])
    }

    @Test func lastCardBreachWithoutTheProtectedSeatGoingOutCostsNothing() throws {
        let options = BigTwoOptions(lastCardRule: true)
        var game = deal(["5C KS AS", "4H", "4C 4S", "6S 6D"], options)
        #expect(try game.play(cards("5C"), by: 0).lastCardBreach)
        try game.pass(by: 1)
        try game.pass(by: 2)
        try game.pass(by: 3)
        try game.play(cards("KS"), by: 0)
        try game.pass(by: 1)
        try game.pass(by: 2)
        try game.pass(by: 3)
        let end = try game.play(cards("AS"), by: 0)
        #expect(end.result?.liableSeat == nil)
        #expect(end.result?.winner == 0)
    }

    @Test func matchKeepsRunningTotals() throws {
        var match = BigTwoMatch()
        match.record(BigTwoDealResult(winner: 0, cardsLeft: [0, 3, 4, 5], scoring: .standard))
        match.record(BigTwoDealResult(winner: 1, cardsLeft: [13, 0, 1, 1], scoring: .standard))
        #expect(match.totals == [12 - 39, -3 + 41, -4 - 1, -5 - 1])
        #expect(match.totals.reduce(0, +) == 0)
        #expect(match.dealsPlayed == 2)
    }
}
