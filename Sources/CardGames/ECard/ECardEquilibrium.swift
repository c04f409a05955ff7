/// The equilibrium of one E-Card hand, solved by backward induction over the plays.
///
/// Because the second card is laid knowing only that the first was laid, each play is a
/// simultaneous two-by-two zero-sum game. With `n` Citizens left on each side, the Emperor side
/// picks Emperor or Citizen and the Slave side Slave or Citizen. From the Emperor side's view,
/// Emperor–Slave pays `−slaveWin`, Emperor–Citizen and Citizen–Slave pay `+emperorWin`, and
/// Citizen–Citizen leads to the same game with `n − 1` (worth `values[n − 1]`). With no Citizen
/// left both special cards are forced, so `values[0] = −slaveWin`.
///
/// Solving each game in closed form gives `values[n] = emperorWin − (emperorWin + slaveWin) /
/// (n + 1)` and, for both sides, a probability `1 / (n + 1)` of laying the special card: the
/// same as laying a uniformly random card from the hand, whatever the payouts.
public struct ECardEquilibrium: Sendable, Hashable {
    /// Points the Emperor side gains by winning a hand.
    public let emperorWin: Double
    /// Points the Slave side gains by winning a hand.
    public let slaveWin: Double
    /// `values[n]`: the expected result for the Emperor side of a hand with `n` Citizens left
    /// on each side (the Slave side's is the negative).
    public let values: [Double]
    /// `emperorProbabilities[n]`: how often the Emperor side lays the Emperor with `n` Citizens.
    public let emperorProbabilities: [Double]
    /// `slaveProbabilities[n]`: how often the Slave side lays the Slave with `n` Citizens.
    public let slaveProbabilities: [Double]

    /// The equilibrium for the given win payouts, up to `citizens` Citizens per side.
    public init(emperorWin: Double, slaveWin: Double, citizens: Int = ECardHand.citizensPerHand) {
        self.emperorWin = emperorWin
        self.slaveWin = slaveWin
        var values = [-slaveWin]
        var emperorProbabilities = [1.0]
        var slaveProbabilities = [1.0]
        for _ in 0..<max(citizens, 0) {
            let game = ECardMatrixGame(
                firstFirst: -slaveWin, firstSecond: emperorWin,
                secondFirst: emperorWin, secondSecond: values[values.count - 1])
            let solution = game.solve()
            values.append(solution.value)
            emperorProbabilities.append(solution.rowFirstProbability)
            slaveProbabilities.append(solution.columnFirstProbability)
        }
        self.values = values
        self.emperorProbabilities = emperorProbabilities
        self.slaveProbabilities = slaveProbabilities
    }

    /// The equilibrium for a match's payouts.
    public init(options: ECardOptions) {
        self.init(
            emperorWin: Double(options.payout(for: .emperor)),
            slaveWin: Double(options.payout(for: .slave)))
    }

    /// How often the side lays its special card when each side holds `citizens` Citizens
    /// (clamped to the solved range).
    public func specialProbability(for side: ECardSide, citizens: Int) -> Double {
        let index = min(max(citizens, 0), values.count - 1)
        return side == .emperor ? emperorProbabilities[index] : slaveProbabilities[index]
    }

    /// The expected result of a whole hand for the given side under equilibrium play.
    public func handValue(for side: ECardSide) -> Double {
        let value = values[values.count - 1]
        return side == .emperor ? value : -value
    }
}
