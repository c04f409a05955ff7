import LobbyProtocol

extension SessionState {
    /// Updates the roulette round from one event; returns a line for the recent actions, or
    /// nil when the event is not a roulette one.
    mutating func applyRoulette(_ event: ServerEvent) -> String? {
        switch event {
        case .rouletteRound(let notice):
            let seats = table?.seats.count ?? 0
            roulette = RouletteView(
                round: notice.round, segments: notice.segments, maxStake: notice.maxStake,
                commitment: notice.commitment, seatToBet: nil,
                bets: Array(repeating: [], count: seats),
                totals: totals.count == seats ? totals : Array(repeating: 0, count: seats))
            return "round \(notice.round): bets open"
        case .rouletteTurn(let notice):
            roulette?.seatToBet = notice.seat
            return nil
        case .rouletteBet(let notice):
            if roulette?.bets.indices.contains(notice.seat) == true {
                roulette?.bets[notice.seat] = notice.bets
            }
            let bets = notice.bets.map { "\($0.chips) on \($0.segment)" }
            return "\(seatName(notice.seat)) bets "
                + (bets.isEmpty ? "nothing" : bets.joined(separator: ", "))
        case .rouletteSpin(let spin):
            roulette?.seatToBet = nil
            roulette?.totals = spin.totals
            totals = spin.totals
            finishedGames += 1
            let outcomes = spin.payouts.enumerated().map { seat, chips in
                let outcome = chips > 0 ? "won \(chips)" : chips < 0 ? "lost \(-chips)" : "even"
                return "\(seatName(seat)) \(outcome)"
            }
            return "the wheel stops on \(spin.result): " + outcomes.joined(separator: ", ")
        default:
            return nil
        }
    }
}
