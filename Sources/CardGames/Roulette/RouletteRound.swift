/// One round of roulette: bets while betting is open, then the spin settles every bet at
/// fair odds. A bet on the winning segment wins `segments − 1` times its chips; any other bet
/// loses its chips. Every bet's expected value is therefore zero.
public struct RouletteRound: Sendable, Hashable {
    /// The table's settings.
    public let options: RouletteOptions
    /// The bets, in the order they were made.
    public private(set) var bets: [RouletteBet] = []
    /// Chips each seat has bet this round.
    public private(set) var staked: [Int]
    /// The winning segment once the wheel has spun.
    public private(set) var result: Int?

    /// A round open for bets.
    public init(options: RouletteOptions) throws(RouletteError) {
        try options.validate()
        self.options = options
        self.staked = Array(repeating: 0, count: options.seats)
    }

    /// True until the wheel spins.
    public var isOpen: Bool { result == nil }

    /// What `seat` may still bet this round.
    public func remaining(for seat: Int) -> Int {
        staked.indices.contains(seat) ? options.maxStake - staked[seat] : 0
    }

    /// Adds a bet of `chips` on `segment` for `seat`.
    public mutating func bet(seat: Int, segment: Int, chips: Int) throws(RouletteError) {
        guard isOpen else { throw .bettingClosed }
        guard staked.indices.contains(seat) else { throw .invalidSeat }
        guard (1...options.segments).contains(segment) else { throw .noSuchSegment(segment) }
        guard chips >= 1 else { throw .invalidChips }
        let left = remaining(for: seat)
        guard chips <= left else { throw .overLimit(remaining: left) }
        bets.append(RouletteBet(seat: seat, segment: segment, chips: chips))
        staked[seat] += chips
    }

    /// Closes betting with the wheel stopped on `segment`; returns each seat's net payout.
    ///
    /// - Precondition: the round is open and `segment` is on the wheel.
    public mutating func settle(on segment: Int) -> [Int] {
        precondition(isOpen && (1...options.segments).contains(segment), "cannot settle")
        result = segment
        return payouts(for: segment)
    }

    /// The net chips each seat wins (positive) or loses (negative) if the wheel stops on
    /// `segment`.
    public func payouts(for segment: Int) -> [Int] {
        var net = Array(repeating: 0, count: options.seats)
        for bet in bets {
            net[bet.seat] +=
                bet.segment == segment ? bet.chips * (options.segments - 1) : -bet.chips
        }
        return net
    }
}
