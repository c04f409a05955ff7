/// The settings of an E-Card match: its length, how often sides swap, and the payouts.
public struct ECardOptions: Sendable, Hashable, Codable {
    /// Names one setting, to say which one is invalid.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        /// `handsPerMatch`
        case handsPerMatch
        /// `swapInterval`
        case swapInterval
        /// `slavePayout`
        case slavePayout
        /// `emperorPayout`
        case emperorPayout
    }

    /// How many hands make a match (allowed 1…1000; 12 by default).
    public var handsPerMatch: Int
    /// The players swap sides after every this many hands (at least 1; 3 by default).
    public var swapInterval: Int
    /// A win with the Slave side pays this many times the stake (5, the original rules, or 10).
    public var slavePayout: Int
    /// The stake: what a win with the Emperor side pays (allowed 1…1,000,000; 1 by default).
    public var emperorPayout: Int

    /// The largest allowed `handsPerMatch`.
    public static let maximumHandsPerMatch = 1000
    /// The largest allowed `emperorPayout`.
    public static let maximumStake = 1_000_000
    /// The allowed values of `slavePayout`.
    public static let allowedSlavePayouts: Set<Int> = [5, 10]

    /// Options with the given settings; call `validate()` before use (a match does).
    public init(
        handsPerMatch: Int = 12, swapInterval: Int = 3, slavePayout: Int = 5,
        emperorPayout: Int = 1
    ) {
        self.handsPerMatch = handsPerMatch
        self.swapInterval = swapInterval
        self.slavePayout = slavePayout
        self.emperorPayout = emperorPayout
    }

    /// The original rules: 12 hands, sides swap every 3 hands, the Slave pays 5 to 1, stake 1.
    public static let standard = ECardOptions()

    /// Throws `.invalidOptions(field)` naming the first setting out of its allowed range.
    public func validate() throws(ECardError) {
        guard (1...Self.maximumHandsPerMatch).contains(handsPerMatch) else {
            throw .invalidOptions(.handsPerMatch)
        }
        guard swapInterval >= 1 else { throw .invalidOptions(.swapInterval) }
        guard Self.allowedSlavePayouts.contains(slavePayout) else {
            throw .invalidOptions(.slavePayout)
        }
        guard (1...Self.maximumStake).contains(emperorPayout) else {
            throw .invalidOptions(.emperorPayout)
        }
    }

    /// The points a win with the given side scores (and the loser loses):
    /// the stake for the Emperor side, `slavePayout` times the stake for the Slave side.
    public func payout(for side: ECardSide) -> Int {
        switch side {
        case .emperor: emperorPayout
        case .slave: slavePayout * emperorPayout
        }
    }

    /// The seat (0 or 1) holding the Emperor side in the given 1-based hand.
    ///
    /// Seat 0 holds it for the first `swapInterval` hands, then the seats alternate in blocks.
    public func emperorSeat(inHand handNumber: Int) -> Int {
        ((handNumber - 1) / max(swapInterval, 1)) % 2
    }
}

extension ECardOptions {
    private enum CodingKeys: String, CodingKey {
        case handsPerMatch, swapInterval, slavePayout, emperorPayout
    }

    /// Decodes options; every missing setting takes its standard value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let d = ECardOptions.standard
        self.init(
            handsPerMatch: try c.decodeIfPresent(Int.self, forKey: .handsPerMatch)
                ?? d.handsPerMatch,
            swapInterval: try c.decodeIfPresent(Int.self, forKey: .swapInterval) ?? d.swapInterval,
            slavePayout: try c.decodeIfPresent(Int.self, forKey: .slavePayout) ?? d.slavePayout,
            emperorPayout: try c.decodeIfPresent(Int.self, forKey: .emperorPayout)
                ?? d.emperorPayout)
    }
}
