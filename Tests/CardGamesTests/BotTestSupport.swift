@testable import CardGames

/// Plays one deal between bots to the end from a fixed deal number, returning the finished
/// deal; any move the engine rejects is recorded in `illegal`.
func playBotDeal(
    levels: [BotLevel], options: BigTwoOptions, dealNumber: Int, illegal: inout [String],
    budget: ExpertBudget? = nil
) -> BigTwoDeal {
    let bots = levels.enumerated().map { seat, level in
        level.makeBigTwoBot(seed: UInt64(dealNumber * 8 + seat), budget: budget)
    }
    return playBotDeal(bots: bots, options: options, dealNumber: dealNumber, illegal: &illegal)
}

/// Plays one deal between the given bots to the end from a fixed deal number.
func playBotDeal(
    bots: [any BigTwoBot], options: BigTwoOptions, dealNumber: Int, illegal: inout [String]
) -> BigTwoDeal {
    let hands = Dealer.deal(
        seed: DealSeed.derived(masterSeed: 0xB075, dealNumber: UInt64(dealNumber)),
        seats: bots.count)
    var deal = BigTwoDeal(hands: hands, options: options)
    var bots = bots
    var moves = 0
    while !deal.isOver && moves < 1000 {
        let seat = deal.currentSeat
        let move = bots[seat].chooseMove(deal.view(for: seat))
        do {
            try deal.apply(move, by: seat)
        } catch {
            let bot = type(of: bots[seat])
            illegal.append("deal \(dealNumber) seat \(seat) \(bot): \(move): \(error)")
            try! deal.apply(deal.legalMoves()[0], by: seat)
        }
        moves += 1
    }
    return deal
}

/// A seat view built by hand, for putting a bot in a chosen position. Seat 0 is to move.
func seatView(
    hand: String, counts: [Int], table: String? = nil, tableSeat: Int? = nil,
    played: String = "", required: Card? = nil, options: BigTwoOptions = .standard
) -> BigTwoSeatView {
    let rules = BigTwoRules(options: options)
    return BigTwoSeatView(
        seat: 0, hand: cards(hand), cardCounts: [cards(hand).count] + counts,
        tablePlay: table.map { rules.combo($0) }, tableSeat: tableSeat, currentSeat: 0,
        playedCards: cards(played), requiredCard: required, passedMask: 0, rules: rules)
}
