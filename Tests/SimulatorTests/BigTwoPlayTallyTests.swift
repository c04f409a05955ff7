import CardGames
import Testing

@testable import Simulator

/// The report's figures on how seats played: passes on playable turns, and what a lost deal
/// left in hand.
@Suite struct BigTwoPlayTallyTests {
    static func hand(_ text: String) -> CardSet { CardSet(try! Card.parseList(text)) }

    /// Seat 0 to move over `table`, played by seat 3; the other seats hold `others` cards each.
    static func position(hand: String, table: String, others: Int = 10) -> BigTwoDeal {
        let own = Self.hand(hand)
        var rest = Array(CardSet.fullDeck.subtracting(own).subtracting(Self.hand(table)))
        var hands = [own]
        for _ in 1..<4 {
            hands.append(CardSet(rest.prefix(others)))
            rest.removeFirst(others)
        }
        let rules = BigTwoRules(options: .standard)
        return BigTwoDeal(
            hands: hands, currentSeat: 0, tablePlay: rules.classify(Self.hand(table)),
            tableSeat: 3, passedMask: 0, playedCards: Self.hand(table))
    }

    @Test func aPassCountsOnlyWhenTheSeatCouldPlay() {
        var tally = BigTwoPlayTally(seats: 4)
        // Nothing in 3♣ 4♦ beats 9♠: not a playable turn.
        tally.noteTurn(.pass, by: 0, in: Self.position(hand: "3C 4D", table: "9S"))
        #expect(tally.seats[0].playable == 0)
        // 5♠ beats 4♦ alone: a playable pass, with a lone beater below an ace.
        tally.noteTurn(.pass, by: 0, in: Self.position(hand: "3C 5S 9H 9D", table: "4D"))
        // The lone ace is the only lone beater of K♦ (the nines are a pair): a high one.
        tally.noteTurn(.pass, by: 0, in: Self.position(hand: "3C 9H 9D AS", table: "KD"))
        // A play over a pair is playable, and not a single's turn.
        tally.noteTurn(
            .play(Self.hand("9H 9D")), by: 0, in: Self.position(hand: "9H 9D", table: "5C 5D"))
        let seat = tally.seats[0]
        #expect(seat.playable == 3 && seat.playablePasses == 2)
        #expect(seat.loneLow == 1 && seat.loneLowPasses == 1)
        #expect(seat.loneHigh == 1 && seat.loneHighPasses == 1)
        #expect(tally.seats[1...].allSatisfy { $0 == BigTwoPlayTally.Seat() })
    }

    @Test func aTurnWithAnOpponentCloseToGoingOutIsNotCalm() {
        var tally = BigTwoPlayTally(seats: 4)
        tally.noteTurn(.pass, by: 0, in: Self.position(hand: "3C 5S", table: "4D", others: 3))
        #expect(tally.seats[0].playablePasses == 1)
        #expect(tally.seats[0].loneLow == 0)
    }

    @Test func aLostDealCountsTheCardsAcesAndTwosLeft() {
        var tally = BigTwoPlayTally(seats: 3)
        let deal = BigTwoDeal(
            hands: [Self.hand(""), Self.hand("AS AH 2D 3C 4C 5C 6C 7C 8C"), Self.hand("2S")],
            currentSeat: 0, tablePlay: nil, tableSeat: nil, passedMask: 0,
            playedCards: Self.hand("3D"))
        tally.noteEnd(deal, winner: 0)
        #expect(tally.seats.map(\.losses) == [0, 1, 1])
        #expect(tally.seats.map(\.cardsInLosses) == [0, 9, 1])
        #expect(tally.seats.map(\.eightOrMore) == [0, 1, 0])
        #expect(tally.seats.map(\.acesInLosses) == [0, 2, 0])
        #expect(tally.seats.map(\.twosInLosses) == [0, 1, 1])
        #expect(tally.seats.map(\.cards) == [10, -9, -1])
        var merged = BigTwoPlayTally(seats: 3)
        merged.merge(tally)
        merged.merge(tally)
        let report = merged.report(games: 2)
        #expect(report.meanCards == [10, -9, -1])
        #expect(report.acesLeftInLosses == [0, 2, 0])
        #expect(report.eightOrMoreInLosses == [0, 1, 0])
    }

    @Test func wilsonsIntervalMatchesItsPublishedValues() {
        // 5 of 10: 0.2366 to 0.7634; 0 of 10: 0 to 0.2775.
        let half = ConfidenceInterval(successes: 5, trials: 10)
        #expect(abs(half.low - 0.2366) < 1e-4 && abs(half.high - 0.7634) < 1e-4)
        let none = ConfidenceInterval(successes: 0, trials: 10)
        #expect(none.low == 0 && abs(none.high - 0.2775) < 1e-4)
        let unknown = ConfidenceInterval(successes: 0, trials: 0)
        #expect(unknown.low == 0 && unknown.high == 1)
    }

    @Test func theReportCarriesThePlayFiguresForBigTwoOnly() {
        let report = Simulation.run(
            SimulationConfig(
                games: 40, seed: 4, bigTwoBots: [.smart, .greedy, .random], threads: 1))
        guard let play = report.play else {
            Issue.record("a Big Two report has its play figures")
            return
        }
        #expect(play.passRatePlayable[1] == 0, "greedy never passes when it can play")
        #expect(play.losses.reduce(0, +) == 80)
        #expect(abs(play.meanCards.reduce(0, +)) < 1e-9)
        #expect(report.winRateInterval.count == 3)
        for (rate, interval) in zip(report.winRate, report.winRateInterval) {
            #expect(interval[0] <= rate && rate <= interval[1])
        }
        let json = report.json()
        for key in [
            "win_rate_ci95", "cpu_seconds", "games_per_cpu_second", "pass_rate_playable",
            "twos_left_in_losses", "mean_cards_ci95",
        ] {
            #expect(json.contains("\"\(key)\":"), "missing \(key)")
        }
        #expect(Simulation.run(SimulationConfig(game: .ecard, games: 5, threads: 1)).play == nil)
    }
}
