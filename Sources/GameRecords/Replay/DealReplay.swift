import CardGames
import LobbyProtocol

/// Replays a recorded deal through the rules engine and checks it reaches the recorded
/// result: anyone holding the log can audit every deal.
public enum DealReplay {
    /// Replays `record`: for Big Two, re-deals from the seed (checking the commitment) and
    /// plays every move under the recorded options; for E-Card, plays every card of the hand
    /// under the recorded match options. Succeeds with the replayed outcome when it equals the
    /// recorded one. An abandoned Big Two deal succeeds with nil when every move is legal and
    /// the deal is still unfinished after them.
    public static func replay(_ record: DealRecord) -> Result<DealOutcome?, DealReplayError> {
        if record.isAbandoned {
            guard record.kind == .bigtwo else { return .failure(.abandonedHand) }
            guard record.result == nil else { return .failure(.resultOnAbandoned) }
            return playBigTwo(record).flatMap { deal in
                deal.isOver ? .failure(.abandonedButFinished) : .success(nil)
            }
        }
        guard let recorded = record.result else { return .failure(.missingField("result")) }
        let replayed: Result<DealOutcome, DealReplayError> =
            switch record.kind {
            case .bigtwo: replayBigTwo(record)
            case .ecard: replayECard(record)
            case .tictactoe: replayTicTacToe(record)
            case .memory: replayMemory(record)
            case .roulette: replayRoulette(record)
            }
        return replayed.flatMap { outcome in
            outcome == recorded
                ? .success(outcome)
                : .failure(.resultMismatch(recorded: recorded, replayed: outcome))
        }
    }

    private static func replayBigTwo(_ record: DealRecord) -> Result<DealOutcome, DealReplayError>
    {
        playBigTwo(record).flatMap { deal in
            guard let result = deal.result else { return .failure(.unfinished) }
            return .success(DealOutcome(result))
        }
    }

    /// The Big Two deal re-dealt from the record's seed with every recorded move applied.
    private static func playBigTwo(_ record: DealRecord) -> Result<BigTwoDeal, DealReplayError> {
        guard let seedHex = record.seed else { return .failure(.missingField("seed")) }
        guard let commitment = record.commitment else {
            return .failure(.missingField("commitment"))
        }
        guard let options = record.options else { return .failure(.missingField("options")) }
        guard let seed = DealSeed(hex: seedHex) else { return .failure(.invalidSeed) }
        guard seed.commitment == commitment.lowercased() else {
            return .failure(.commitmentMismatch)
        }
        let seats = record.players.count
        guard (2...4).contains(seats) else { return .failure(.invalidSeatCount(seats)) }

        var deal = BigTwoDeal(hands: Dealer.deal(seed: seed, seats: seats), options: options)
        for (index, recorded) in record.moves.enumerated() {
            guard !deal.isOver else { return .failure(.moveAfterEnd(index: index)) }
            guard let move = bigTwoMove(recorded.cards) else {
                return .failure(.unreadableMove(index: index))
            }
            do {
                try deal.apply(move, by: recorded.seat)
            } catch {
                return .failure(.illegalMove(index: index, reason: error.description))
            }
        }
        return .success(deal)
    }

    private static func bigTwoMove(_ text: String) -> BigTwoMove? {
        if text == DealMove.passWord { return .pass }
        guard let cards = try? Card.parseList(text), !cards.isEmpty else { return nil }
        return .play(CardSet(cards))
    }

    /// Replays one hand as the only hand of a match whose seat 0 holds the Emperor side,
    /// renumbering the seats when the Emperor side sat at seat 1 in the recorded hand.
    private static func replayECard(_ record: DealRecord) -> Result<DealOutcome, DealReplayError> {
        guard let options = record.ecard else { return .failure(.missingField("ecard")) }
        guard let handNumber = record.hand, handNumber >= 1 else {
            return .failure(.missingField("hand"))
        }
        let seats = record.players.count
        guard seats == ECardMatch.seatCount else { return .failure(.invalidSeatCount(seats)) }
        let single = ECardOptions(
            handsPerMatch: 1, swapInterval: 1, slavePayout: options.slavePayout,
            emperorPayout: options.emperorPayout)
        var match: ECardMatch
        do {
            match = try ECardMatch(options: single)
        } catch {
            return .failure(.invalidOptions("\(error)"))
        }
        let emperorSeat = options.emperorSeat(inHand: handNumber)
        var decided: ECardHandResult?
        for (index, recorded) in record.moves.enumerated() {
            guard decided == nil else { return .failure(.moveAfterEnd(index: index)) }
            guard let card = ECardCard(rawValue: recorded.cards),
                ECardMatch.isValid(seat: recorded.seat)
            else { return .failure(.unreadableMove(index: index)) }
            do {
                let event = try match.lay(card, by: recorded.seat ^ emperorSeat)
                if case .revealed(let reveal) = event { decided = reveal.handResult }
            } catch {
                return .failure(.illegalMove(index: index, reason: "\(error)"))
            }
        }
        guard let result = decided else { return .failure(.unfinished) }
        var outcome = DealOutcome(result)
        outcome.winner = result.winner ^ emperorSeat
        outcome.scores = emperorSeat == 0 ? outcome.scores : outcome.scores.reversed()
        return .success(outcome)
    }
}
