/// Plays a deal from its current position to the end with a fresh bot in every seat: a
/// `SmartBot` (its heuristics alone), a `GreedyBot` or a `RandomBot`, by the style read for the
/// seat (`OpponentStyle`).
///
/// The play-out policy of `ExpertBot`. Given its seed it is deterministic, and every candidate
/// move of a decision is played out with the same seed on the same sampled deal, so comparing
/// the moves compares the moves rather than the luck of the play-outs.
enum Playout {
    /// A deal still going after this many moves is abandoned (smart bots never get there).
    static let moveLimit = 1000

    /// The score of `seat` when `deal` is played out with each seat playing in its `styles`
    /// entry, loose seats drawing from one generator seeded with `seed`, and `seat` itself
    /// with the end-game search when `searching` is `.own`; 0 if the play-out does not end.
    static func score(
        of seat: Int, finishing deal: BigTwoDeal, styles: [OpponentStyle], seed: UInt64,
        searching: ExpertBudget.SearchingSeats = .none
    ) -> Int {
        var deal = deal
        var bots = [SmartBot](repeating: .heuristic, count: deal.seatCount)
        if searching == .own { bots[seat] = SmartBot() }
        var loose = RandomBot(seed: seed)
        var moves = 0
        while !deal.isOver && moves < moveLimit {
            let mover = deal.currentSeat
            let view = deal.view(for: mover)
            let move: BigTwoMove
            switch styles[mover] {
            case .smart: move = bots[mover].chooseMove(view)
            case .greedy: move = GreedyBot().chooseMove(view)
            case .loose: move = loose.chooseMove(view)
            }
            if (try? deal.apply(move, by: mover)) == nil {
                guard let fallback = deal.legalMoves().first,
                    (try? deal.apply(fallback, by: mover)) != nil
                else { return 0 }
            }
            moves += 1
        }
        return deal.result?.scores[seat] ?? 0
    }
}
