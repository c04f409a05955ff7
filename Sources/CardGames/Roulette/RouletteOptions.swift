/// The settings of a roulette table: the wheel, the seats and the betting limit.
public struct RouletteOptions: Sendable, Hashable, Codable {
    /// Names one setting, to say which one is invalid.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        /// `segments`
        case segments
        /// `seats`
        case seats
        /// `maxStake`
        case maxStake
    }

    /// The allowed numbers of segments.
    public static let allowedSegments = 2...36
    /// The allowed numbers of seats.
    public static let allowedSeats = 1...8
    /// The allowed per-round stake limits.
    public static let allowedMaxStake = 1...1_000_000

    /// Segments on the wheel, numbered 1 to `segments` (12 by default).
    public var segments: Int
    /// Seats at the table (4 by default).
    public var seats: Int
    /// The most chips one seat may bet in one round, over all its bets (100 by default).
    public var maxStake: Int

    /// Options with the given settings; call `validate()` before use (a round does).
    public init(segments: Int = 12, seats: Int = 4, maxStake: Int = 100) {
        self.segments = segments
        self.seats = seats
        self.maxStake = maxStake
    }

    /// Throws `.invalidOptions(field)` naming the first setting out of its range.
    public func validate() throws(RouletteError) {
        guard Self.allowedSegments.contains(segments) else { throw .invalidOptions(.segments) }
        guard Self.allowedSeats.contains(seats) else { throw .invalidOptions(.seats) }
        guard Self.allowedMaxStake.contains(maxStake) else { throw .invalidOptions(.maxStake) }
    }
}
