import CardGames
import LobbyProtocol

/// Text lines for the roulette events: the odds, and chips won or lost in words.
extension TextPresenter {
    /// The lines for a roulette event; nil for an event of another game.
    mutating func rouletteLines(_ event: ServerEvent, now: Int64) -> [String]? {
        switch event {
        case .rouletteRound(let notice):
            return [
                "roulette round \(notice.round): \(notice.segments) segments, bets up to "
                    + "\(notice.maxStake) chips\(text.dot)a winning bet pays "
                    + "\(notice.segments - 1) to 1\(text.dot)commitment \(notice.commitment)"
            ]
        case .rouletteTurn(let notice):
            let time = timeLeft(notice.deadline, now: now)
            return [
                isYou(notice.seat)
                    ? "your bets\(time): bet 5 on 3, 2 on 7 (or bet none)"
                    : "\(toAct(notice.seat)) bet\(time)"
            ]
        case .rouletteBet(let notice):
            let bets = notice.bets.map { "\($0.chips) on \($0.segment)" }.joined(separator: ", ")
            return [
                "\(actor(notice.seat)) bet \(bets.isEmpty ? "nothing" : bets)"
                    + timedOut(notice.timedOut)
            ]
        case .rouletteSpin(let notice):
            let totals = totalsList(notice.totals, own: notice.playerTotals)
            return [
                "round \(notice.round): the wheel stops on \(notice.result)\(text.dot)"
                    + chipsList(notice.payouts) + "\(text.dot)totals \(totals)",
                "  " + seedLine(notice.seed),
            ]
        default:
            return nil
        }
    }

    /// `ann won 22, bob lost 7, cat even`: each seat's chips from a spin, in words.
    func chipsList(_ payouts: [Int]) -> String {
        payouts.enumerated().map { seatNumber, chips in
            let who = isYou(seatNumber) ? "you" : name(of: seatNumber)
            if chips > 0 { return "\(who) won \(chips)" }
            if chips < 0 { return "\(who) lost \(-chips)" }
            return "\(who) even"
        }.joined(separator: ", ")
    }
}
