import CardGames
import LobbyProtocol

/// Plays a whole deal from `seed`, every seat picking uniformly among its legal moves.
public func playRandomDeal(
    seed: DealSeed, options: BigTwoOptions, using rng: inout Xoshiro256StarStar
) -> BigTwoDeal {
    var deal = BigTwoDeal(hands: Dealer.deal(seed: seed), options: options)
    while !deal.isOver {
        let moves = deal.legalMoves()
        let move = moves[Int(rng.nextBounded(UInt64(moves.count)))]
        try! deal.apply(move, by: deal.currentSeat)
    }
    return deal
}

/// The record of a random deal number `dealNumber` at table 1 under a fixed master seed.
public func randomDealRecord(
    dealNumber: Int, players: [String] = ["ann", "bob", "bot:easy", "cy"],
    options: BigTwoOptions = .standard, masterSeed: UInt64 = 7
) -> DealRecord {
    let seed = DealSeed.derived(masterSeed: masterSeed, dealNumber: UInt64(dealNumber))
    var rng = Xoshiro256StarStar(seed: UInt64(dealNumber) &+ masterSeed)
    let deal = playRandomDeal(seed: seed, options: options, using: &rng)
    return DealRecord.bigTwo(
        table: 1, tableName: "one", dealNumber: dealNumber, players: players, rules: "standard",
        seed: seed, deal: deal, finishedAt: 1_700_000_000_000 + Int64(dealNumber))
}
