import CardGames
import LobbyProtocol

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
