/// Plays the equilibrium mixed strategy, which no opponent can exploit.
///
/// Each play is in effect simultaneous: the second player learns only that a card was laid.
/// So every play is a two-by-two zero-sum game between "special card" and "Citizen", where a
/// Citizen–Citizen draw is worth the same game with one Citizen fewer on each side.
/// `ECardEquilibrium` solves these games by backward induction from the match payouts, and this
/// bot lays its special card with the resulting probability (always when no Citizen is left).
/// Against any opponent its expected result per hand is at least the game's value:
/// `emperorWin − (emperorWin + slaveWin) / 5` for the Emperor side, the negative for the Slave
/// side (−0.2 and +0.2 with the standard payouts).
public struct ECardMixedBot: ECardBot {
    private var equilibrium: ECardEquilibrium?

    /// A mixed-strategy bot.
    public init() {}

    /// The special card with the equilibrium probability for the Citizens left, else a Citizen.
    public mutating func chooseCard<G: RandomNumberGenerator>(
        view: ECardSeatView, using rng: inout G
    ) -> ECardCard {
        let hand = view.hand
        guard hand.holdsSpecial else { return .citizen }
        guard hand.citizens > 0 else { return hand.specialCard }
        let solved = solvedEquilibrium(for: view.options)
        let probability = solved.specialProbability(for: hand.side, citizens: hand.citizens)
        let roll = Double.random(in: 0..<1, using: &rng)
        return roll < probability ? hand.specialCard : .citizen
    }

    private mutating func solvedEquilibrium(for options: ECardOptions) -> ECardEquilibrium {
        let emperorWin = Double(options.payout(for: .emperor))
        let slaveWin = Double(options.payout(for: .slave))
        if let equilibrium, equilibrium.emperorWin == emperorWin,
            equilibrium.slaveWin == slaveWin
        {
            return equilibrium
        }
        let solved = ECardEquilibrium(emperorWin: emperorWin, slaveWin: slaveWin)
        equilibrium = solved
        return solved
    }
}
