/// The people's own totals on the results that carry the seats' totals.
extension ServerEvent {
    /// The event with `totals` as its `player_totals` when it is a result carrying the
    /// seats' totals (`deal_end`, `match_end`, `ecard_reveal`, `memory_end`,
    /// `roulette_spin`); any other event as it is.
    public func withPlayerTotals(_ totals: [Int?]) -> ServerEvent {
        switch self {
        case .dealEnd(var end):
            end.playerTotals = totals
            return .dealEnd(end)
        case .matchEnd(var end):
            end.playerTotals = totals
            return .matchEnd(end)
        case .ecardReveal(var reveal):
            reveal.playerTotals = totals
            return .ecardReveal(reveal)
        case .memoryEnd(var end):
            end.playerTotals = totals
            return .memoryEnd(end)
        case .rouletteSpin(var spin):
            spin.playerTotals = totals
            return .rouletteSpin(spin)
        default:
            return self
        }
    }

    /// The seats' totals and the people's own totals of a result, if it is one.
    public var resultTotals: (totals: [Int], playerTotals: [Int?]?)? {
        switch self {
        case .dealEnd(let end): (end.totals, end.playerTotals)
        case .matchEnd(let end): (end.totals, end.playerTotals)
        case .ecardReveal(let reveal): (reveal.totals, reveal.playerTotals)
        case .memoryEnd(let end): (end.totals, end.playerTotals)
        case .rouletteSpin(let spin): (spin.totals, spin.playerTotals)
        default: nil
        }
    }
}
