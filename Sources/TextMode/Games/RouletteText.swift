import LobbyProtocol

/// Text lines for the roulette events.
extension TextPresenter {
    /// The line for a roulette event; nil for an event of another game.
    mutating func rouletteLine(_ event: ServerEvent, now: Int64) -> String? {
        switch event {
        case .rouletteRound(let notice):
            return "roulette round \(notice.round): \(notice.segments) segments, bets up to "
                + "\(notice.maxStake) chips\(text.dot)commitment \(notice.commitment)"
        case .rouletteTurn(let notice):
            let time = timeLeft(notice.deadline, now: now)
            return isYou(notice.seat)
                ? "your bets\(time): bet 5 on 3, 2 on 7" : "\(actor(notice.seat)) to bet\(time)"
        case .rouletteBet(let notice):
            let bets = notice.bets.map { "\($0.chips) on \($0.segment)" }.joined(separator: ", ")
            return "\(actor(notice.seat)) bet \(bets.isEmpty ? "nothing" : bets)"
                + timedOut(notice.timedOut)
        case .rouletteSpin(let notice):
            let totals = totalsList(notice.totals, own: notice.playerTotals)
            return "round \(notice.round): the wheel stops on \(notice.result)\(text.dot)"
                + "won \(scoreList(notice.payouts))\(text.dot)totals \(totals)"
        default:
            return nil
        }
    }
}
