/// Whether an opponent has played loosely in this deal, read from the deal's public history.
///
/// Loose play shows as a single played over a single at least `jump` ranks lower, by a seat
/// that held at least `minimumCards` cards: a greedy or careful player with that many cards
/// almost surely held a lower card that beat the table too, and would have played it. Random
/// bots do this often; greedy bots only when they hold nothing in between.
enum LoosePlay {
    /// The fewest ranks between the table's single and the one played over it that count.
    static let jump = 4
    /// The fewest cards a seat must have held for the play to count.
    static let minimumCards = 6

    /// True when some seat other than `view`'s has played loosely in the deal so far.
    static func shown(in view: BigTwoSeatView) -> Bool {
        let history = view.history
        var held = view.cardCounts
        for record in history {
            if let play = record.play { held[record.seat] += play.cards.count }
        }
        var table: Combination?
        var tableSeat: Int?
        for record in history {
            if record.seat == tableSeat { table = nil }
            guard let play = record.play else { continue }
            if record.seat != view.seat, let beaten = table, isLoose(play, over: beaten),
                held[record.seat] >= minimumCards
            {
                return true
            }
            held[record.seat] -= play.cards.count
            table = play
            tableSeat = record.seat
        }
        return false
    }

    /// True when `play` is a single at least `jump` ranks above `beaten`, a single.
    private static func isLoose(_ play: Combination, over beaten: Combination) -> Bool {
        guard play.kind == .single, beaten.kind == .single else { return false }
        return play.cards.highest!.rank.rawValue - beaten.cards.highest!.rank.rawValue >= jump
    }
}
