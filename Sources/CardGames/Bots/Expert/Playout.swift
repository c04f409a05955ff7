/// Plays a deal from its current position to the end with a fresh bot in every seat: a
/// `SmartBot` or a `GreedyBot`, by the style read for the seat (`OpponentStyle`).
///
/// The play-out policy of `ExpertBot`: it is deterministic, so two play-outs of the same
/// position end the same way, and comparing moves over the same sampled deals compares the
/// moves rather than the luck of the play-outs.
enum Playout {
    /// A deal still going after this many moves is abandoned (smart bots never get there).
    static let moveLimit = 1000

    /// The score of `seat` when `deal` is played out with each seat playing in its `styles`
    /// entry; 0 if the play-out does not end.
    static func score(of seat: Int, finishing deal: BigTwoDeal, styles: [OpponentStyle]) -> Int {
        var deal = deal
        var bots = [SmartBot](repeating: SmartBot(), count: deal.seatCount)
        var moves = 0
        while !deal.isOver && moves < moveLimit {
            let mover = deal.currentSeat
            let view = deal.view(for: mover)
            let move =
                styles[mover] == .smart
                ? bots[mover].chooseMove(view) : GreedyBot().chooseMove(view)
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
