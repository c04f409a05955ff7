/// One move of a recorded deal: the seat and what it laid.
public struct DealMove: Codable, Sendable, Equatable {
    /// The word recorded for a Big Two pass.
    public static let passWord = "pass"

    /// The seat that moved.
    public var seat: Int
    /// Big Two: the cards played in notation (`3D 3C`), or `pass`.
    /// E-Card: the card laid (`emperor`, `citizen` or `slave`).
    public var cards: String

    /// A move by `seat`.
    public init(seat: Int, cards: String) {
        self.seat = seat
        self.cards = cards
    }
}
