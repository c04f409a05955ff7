/// The settings of a memory game: how many pairs and how many seats.
public struct MemoryOptions: Sendable, Hashable, Codable {
    /// Names one setting, to say which one is invalid.
    public enum Field: String, Sendable, Hashable, Codable, CaseIterable {
        /// `pairs`
        case pairs
        /// `seats`
        case seats
    }

    /// The allowed numbers of pairs; each pair's face is a letter `A` to `Z`.
    public static let allowedPairs = 2...26
    /// The allowed numbers of seats.
    public static let allowedSeats = 1...4

    /// Pairs on the table (8 by default).
    public var pairs: Int
    /// Seats at the table (2 by default).
    public var seats: Int

    /// Options with the given settings; call `validate()` before use (a game does).
    public init(pairs: Int = 8, seats: Int = 2) {
        self.pairs = pairs
        self.seats = seats
    }

    /// Cards on the table: two per pair.
    public var cardCount: Int { 2 * pairs }

    /// Throws `.invalidOptions(field)` naming the first setting out of its range.
    public func validate() throws(MemoryError) {
        guard Self.allowedPairs.contains(pairs) else { throw .invalidOptions(.pairs) }
        guard Self.allowedSeats.contains(seats) else { throw .invalidOptions(.seats) }
    }
}
