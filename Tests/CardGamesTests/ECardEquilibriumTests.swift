import Testing

@testable import CardGames

@Suite struct ECardEquilibriumTests {
    @Test func matrixGameFindsAPureSaddlePoint() {
        // Row 1 dominates row 0 and column 1 dominates column 0: the saddle is (1, 1).
        let solution = ECardMatrixGame(
            firstFirst: 3, firstSecond: 1, secondFirst: 4, secondSecond: 2
        ).solve()
        #expect(solution.rowFirstProbability == 0)
        #expect(solution.columnFirstProbability == 0)
        #expect(solution.value == 2)
    }

    @Test func matrixGameMixesWithoutASaddlePoint() {
        let pennies = ECardMatrixGame(
            firstFirst: 1, firstSecond: -1, secondFirst: -1, secondSecond: 1
        ).solve()
        #expect(pennies.rowFirstProbability == 0.5 && pennies.columnFirstProbability == 0.5)
        #expect(pennies.value == 0)
        // Rows [2, -1] and [-1, 1]: p·2 − (1−p) = −p + (1−p) gives p = 2/5; value 1/5.
        let skewed = ECardMatrixGame(
            firstFirst: 2, firstSecond: -1, secondFirst: -1, secondSecond: 1
        ).solve()
        #expect(abs(skewed.rowFirstProbability - 0.4) < 1e-12)
        #expect(abs(skewed.columnFirstProbability - 0.4) < 1e-12)
        #expect(abs(skewed.value - 0.2) < 1e-12)
    }

    // Standard payouts, from the Emperor side's view: E–S = −5, E–C = C–S = +1, C–C = V(n−1).
    // With W = V(n−1), indifference gives p = q = (1 − W) / (7 − W) and V(n) = 1 − 6p.
    //   n = 0: both specials forced, V = −5.
    //   n = 1: W = −5,   p = 6/12 = 1/2,     V = 1 − 3   = −2.
    //   n = 2: W = −2,   p = 3/9  = 1/3,     V = 1 − 2   = −1.
    //   n = 3: W = −1,   p = 2/8  = 1/4,     V = 1 − 3/2 = −1/2.
    //   n = 4: W = −1/2, p = 1.5/7.5 = 1/5,  V = 1 − 6/5 = −1/5.
    @Test func standardPayoutsSolveByHand() {
        let solved = ECardEquilibrium(options: .standard)
        expectClose(solved.values, [-5, -2, -1, -0.5, -0.2])
        expectClose(solved.emperorProbabilities, [1, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5])
        expectClose(solved.slaveProbabilities, [1, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5])
        #expect(abs(solved.handValue(for: .emperor) + 0.2) < 1e-12)
        #expect(abs(solved.handValue(for: .slave) - 0.2) < 1e-12)
    }

    // Slave pays 10: p = (1 − W) / (12 − W) and V(n) = 1 − 11p.
    //   n = 1: W = −10,  p = 11/22 = 1/2,          V = −9/2.
    //   n = 2: W = −9/2, p = 5.5/16.5 = 1/3,       V = −8/3.
    //   n = 3: W = −8/3, p = (11/3)/(44/3) = 1/4,  V = −7/4.
    //   n = 4: W = −7/4, p = (11/4)/(55/4) = 1/5,  V = −6/5.
    @Test func tenToOnePayoutsSolveByHand() {
        let solved = ECardEquilibrium(options: ECardOptions(slavePayout: 10))
        expectClose(solved.values, [-10, -4.5, -8.0 / 3, -1.75, -1.2])
        expectClose(solved.emperorProbabilities, [1, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5])
        expectClose(solved.slaveProbabilities, [1, 1.0 / 2, 1.0 / 3, 1.0 / 4, 1.0 / 5])
    }

    @Test(arguments: [ECardOptions.standard, ECardOptions(slavePayout: 10)])
    func equilibriumHoldsAgainstEveryPureStrategy(options: ECardOptions) {
        let solved = ECardEquilibrium(options: options)
        let emperorWin = Double(options.payout(for: .emperor))
        let slaveWin = Double(options.payout(for: .slave))
        let mixedEmperor = { (n: Int) in solved.specialProbability(for: .emperor, citizens: n) }
        let mixedSlave = { (n: Int) in solved.specialProbability(for: .slave, citizens: n) }
        let value = solved.handValue(for: .emperor)
        for play in 1...5 {
            let pure = Self.specialAtPlay(play)
            let againstPureSlave = Self.emperorPayoff(
                emperor: mixedEmperor, slave: pure, emperorWin: emperorWin, slaveWin: slaveWin)
            let againstPureEmperor = Self.emperorPayoff(
                emperor: pure, slave: mixedSlave, emperorWin: emperorWin, slaveWin: slaveWin)
            #expect(abs(againstPureSlave - value) < 1e-12)
            #expect(abs(againstPureEmperor - value) < 1e-12)
        }
    }

    @Test(arguments: [ECardOptions.standard, ECardOptions(slavePayout: 10)])
    func everyPureStrategyIsExploited(options: ECardOptions) {
        let solved = ECardEquilibrium(options: options)
        let emperorWin = Double(options.payout(for: .emperor))
        let slaveWin = Double(options.payout(for: .slave))
        let value = solved.handValue(for: .emperor)
        for play in 1...5 {
            let results = (1...5).map { reply in
                (
                    asEmperor: Self.emperorPayoff(
                        emperor: Self.specialAtPlay(play), slave: Self.specialAtPlay(reply),
                        emperorWin: emperorWin, slaveWin: slaveWin),
                    asSlave: Self.emperorPayoff(
                        emperor: Self.specialAtPlay(reply), slave: Self.specialAtPlay(play),
                        emperorWin: emperorWin, slaveWin: slaveWin)
                )
            }
            // Answering with the special card at the same play beats the predictable side.
            #expect(results.map(\.asEmperor).min()! == -slaveWin)
            #expect(results.map(\.asSlave).max()! == emperorWin)
            #expect(-slaveWin < value && value < emperorWin)
        }
    }

    @Test func probabilitiesOutsideTheSolvedRangeAreClamped() {
        let solved = ECardEquilibrium(options: .standard)
        #expect(solved.specialProbability(for: .slave, citizens: -1) == 1)
        #expect(abs(solved.specialProbability(for: .emperor, citizens: 9) - 0.2) < 1e-12)
    }

    /// A pure strategy laying the special card at the given play (play 1 has 4 Citizens left).
    static func specialAtPlay(_ play: Int) -> (Int) -> Double {
        { citizens in citizens <= 5 - play ? 1 : 0 }
    }

    /// The Emperor side's exact expected result of a hand when each side lays its special card
    /// with the given probability for the Citizens left.
    static func emperorPayoff(
        emperor: (Int) -> Double, slave: (Int) -> Double, emperorWin: Double,
        slaveWin: Double, citizens: Int = 4
    ) -> Double {
        guard citizens > 0 else { return -slaveWin }
        let e = emperor(citizens)
        let s = slave(citizens)
        let drawValue = emperorPayoff(
            emperor: emperor, slave: slave, emperorWin: emperorWin, slaveWin: slaveWin,
            citizens: citizens - 1)
        return e * s * -slaveWin + (e * (1 - s) + (1 - e) * s) * emperorWin
            + (1 - e) * (1 - s) * drawValue
    }

    private func expectClose(
        _ actual: [Double], _ expected: [Double],
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(actual.count == expected.count, sourceLocation: sourceLocation)
        for (a, b) in zip(actual, expected) {
            #expect(abs(a - b) < 1e-12, "\(actual) != \(expected)", sourceLocation: sourceLocation)
        }
    }
}
