import CardGames
import LobbyProtocol

extension DealReplay {
    /// Replays a memory game: the seed must match the commitment; the layout is re-derived
    /// from it and every flip (a card number from 1) is made in order.
    static func replayMemory(_ record: DealRecord) -> Result<DealOutcome, DealReplayError> {
        let seed: DealSeed
        switch revealedSeed(record) {
        case .success(let revealed): seed = revealed
        case .failure(let error): return .failure(error)
        }
        guard let pairs = record.pairs else { return .failure(.missingField("pairs")) }
        let options = MemoryOptions(pairs: pairs, seats: record.players.count)
        var match: MemoryMatch
        do {
            match = try MemoryMatch(seed: seed, options: options)
        } catch {
            return .failure(.invalidOptions("\(error)"))
        }
        for (index, move) in record.moves.enumerated() {
            guard !match.isOver else { return .failure(.moveAfterEnd(index: index)) }
            guard let number = Int(move.cards) else {
                return .failure(.unreadableMove(index: index))
            }
            do {
                try match.flip(number - 1, by: move.seat)
            } catch {
                return .failure(.illegalMove(index: index, reason: "\(error)"))
            }
        }
        guard match.isOver else { return .failure(.unfinished) }
        return .success(DealOutcome(memoryScores: match.scores))
    }
}
