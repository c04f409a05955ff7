import CardGames

extension DealReplay {
    /// Replays a roulette round: the seed must match the commitment; the spin is re-drawn
    /// from it and every recorded bet (`5 on 3`) is settled again.
    static func replayRoulette(_ record: DealRecord) -> Result<DealOutcome, DealReplayError> {
        let seed: DealSeed
        switch revealedSeed(record) {
        case .success(let revealed): seed = revealed
        case .failure(let error): return .failure(error)
        }
        guard let segments = record.segments else { return .failure(.missingField("segments")) }
        let options = RouletteOptions(
            segments: segments, seats: record.players.count,
            maxStake: RouletteOptions.allowedMaxStake.upperBound)
        var round: RouletteRound
        do {
            round = try RouletteRound(options: options)
        } catch {
            return .failure(.invalidOptions("\(error)"))
        }
        for (index, move) in record.moves.enumerated() {
            let words = move.cards.split(separator: " ")
            guard words.count == 3, words[1] == "on", let chips = Int(words[0]),
                let segment = Int(words[2])
            else { return .failure(.unreadableMove(index: index)) }
            do {
                try round.bet(seat: move.seat, segment: segment, chips: chips)
            } catch {
                return .failure(.illegalMove(index: index, reason: "\(error)"))
            }
        }
        let payouts = round.settle(on: RouletteWheel.spin(seed: seed, segments: segments))
        return .success(DealOutcome(roulettePayouts: payouts))
    }
}

extension DealOutcome {
    /// The outcome of a roulette round: net chips per seat; the winner is the one seat that
    /// won the most, or ``noWinner`` when no seat won or several tie.
    public init(roulettePayouts payouts: [Int]) {
        let best = payouts.max() ?? 0
        let leaders = payouts.indices.filter { payouts[$0] == best }
        let winner = best > 0 && leaders.count == 1 ? leaders[0] : Self.noWinner
        self.init(winner: winner, scores: payouts)
    }
}
