import CardGames
import LobbyProtocol

extension BigTwoDealTracker {
    /// Checks the finished deal: the commitment, this seat's dealt hand against the re-deal,
    /// and every event against a replay over the real hands (turn order, legality, trick
    /// winners, cards left, the winner, remaining hands and scores). After a resume, each
    /// stretch is replayed from its snapshot, which must itself agree with the re-deal and
    /// with the stretch before it. Returns the violations.
    public func finish(_ end: DealEnd) -> [String] {
        let label = "table \(end.table) deal \(end.deal)"
        guard let seed = DealSeed(hex: end.seed) else { return ["\(label): malformed seed"] }
        var problems: [String] = []
        if seed.commitment != commitment.lowercased() || end.commitment != commitment {
            problems.append("\(label): seed does not match the commitment")
        }
        if end.scores.reduce(0, +) != 0 { problems.append("\(label): scores do not sum to zero") }
        if end.totals.reduce(0, +) != 0 { problems.append("\(label): totals do not sum to zero") }
        let dealt = Dealer.deal(seed: seed, seats: seatCount)
        let ownHandFits =
            joinedMidDeal ? dealt[seat].isSuperset(of: dealtHand) : dealt[seat] == dealtHand
        if !ownHandFits {
            problems.append("\(label): the re-deal does not give this seat its dealt hand")
        }
        var previous: BigTwoDeal?
        for (number, stretch) in stretches.enumerated() {
            let scope = stretch.start.position == nil ? label : "\(label) after snapshot \(number)"
            do throws(ReplayError) {
                let start = try realStart(stretch.start, dealt: dealt, after: previous)
                previous = try Self.replay(stretch.steps, from: start, checking: true)
            } catch {
                return problems + ["\(scope): \(error.reason)"]
            }
        }
        guard let deal = previous, let result = deal.result else {
            return problems + ["\(label): deal_end before anyone went out"]
        }
        if result.winner != end.winner { problems.append("\(label): wrong winner") }
        if deal.hands.map(\.self) != end.hands.map(CardSet.init) {
            problems.append("\(label): remaining hands differ from the replay")
        }
        if result.cardsLeft != end.cardsLeft { problems.append("\(label): wrong cards_left") }
        if scores(of: result, end: end) != end.scores {
            problems.append("\(label): wrong scores")
        }
        return problems
    }

    /// The replay's scores. A last-card liability that arose while this seat was away cannot
    /// be seen, so after a resume the announced liable seat is taken on trust (the scores
    /// still have to follow from it).
    private func scores(of result: BigTwoDealResult, end: DealEnd) -> [Int] {
        guard resynchronised, options.lastCardRule, result.liableSeat == nil,
            let liable = end.liableSeat, (0..<seatCount).contains(liable)
        else { return result.scores }
        return BigTwoDealResult(
            winner: result.winner, cardsLeft: result.cardsLeft, scoring: options.scoring,
            liableSeat: liable
        ).scores
    }

    /// The real deal at a checkpoint: the deal start, or a snapshot's position with the
    /// re-dealt hands less the cards played, after checking that the snapshot agrees with
    /// the re-deal and does not go back on the stretch before it.
    private func realStart(_ checkpoint: Checkpoint, dealt: [CardSet], after previous: BigTwoDeal?)
        throws(ReplayError) -> BigTwoDeal
    {
        guard let position = checkpoint.position else {
            return BigTwoDeal(hands: dealt, options: options)
        }
        let played = CardSet(position.played)
        let hands = dealt.map { $0.subtracting(played) }
        guard hands[seat] == checkpoint.hand else {
            throw ReplayError(reason: "state: this seat's hand differs from the re-deal")
        }
        guard position.cardCounts == hands.map(\.count) else {
            throw ReplayError(reason: "state: card counts differ from the re-deal")
        }
        if let previous {
            let behind = zip(previous.hands, hands).contains { $0.count < $1.count }
            guard played.isSuperset(of: previous.playedCards), !behind else {
                throw ReplayError(reason: "state: the snapshot goes back on events already seen")
            }
        }
        guard let start = Self.startingDeal(checkpoint, hands: hands, options: options) else {
            throw ReplayError(reason: "state: the snapshot is not a Big Two position")
        }
        return start
    }
}
