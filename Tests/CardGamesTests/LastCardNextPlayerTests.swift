import Testing

@testable import CardGames

/// docs/games/bigtwo.md's "next player" of the last-card rule is the next seat in seat order (seat + 1,
/// wrapping), also when `pass_locks_out` keeps that seat out of the current trick.
@Suite struct LastCardNextPlayerTests {
    static let options = BigTwoOptions(passLocksOut: true, lastCardRule: true)

    /// Seat 0 to follow 4D played by seat 3; seat 1 passed and is locked out of the trick.
    static func position(_ hands: [String]) throws -> BigTwoDeal {
        let rules = BigTwoRules(options: options)
        let table = try #require(rules.classify(cards("4D")))
        return BigTwoDeal(
            hands: hands.map(cards), options: options, currentSeat: 0, tablePlay: table,
            tableSeat: 3, passedMask: 1 << 1, playedCards: cards("4D"))
    }

    @Test func theLockedOutSeatAfterYoursIsTheNextPlayer() throws {
        var game = try Self.position(["5C KS AS", "7H", "4C 4H 9D", "6S 6D"])
        let move = try game.play(cards("5C"), by: 0)
        #expect(move.lastCardBreach)
        #expect(game.currentSeat == 2)
    }

    @Test func theSeatActingNextIsNotTheNextPlayerWhenItIsNotAfterYours() throws {
        var game = try Self.position(["5C KS AS", "7H 8H", "9D", "6S 6D"])
        let move = try game.play(cards("5C"), by: 0)
        #expect(!move.lastCardBreach)
        #expect(game.currentSeat == 2)
        let end = try game.play(cards("9D"), by: 2)
        #expect(end.result?.winner == 2 && end.result?.liableSeat == nil)
    }
}
