import CardGames

/// A finished deal as someone reports it: the revealed seed, the commitment announced before
/// play, and the hands to check.
public struct DealClaim: Equatable, Sendable {
    /// How the given hands relate to the deal.
    public enum HandKind: String, Equatable, Sendable {
        /// The hands as dealt: each must equal the re-dealt hand exactly.
        case dealt
        /// The cards still held at the end (as in `deal_end`): each must be part of the
        /// re-dealt hand.
        case remaining
    }

    /// The seed as written (64 hex digits when well formed).
    public var seed: String
    /// The commitment as written.
    public var commitment: String
    /// Hands per seat; may be empty to check the commitment only.
    public var hands: [CardSet]
    /// Whether `hands` are the dealt hands or the remaining ones.
    public var kind: HandKind
    /// A label for reports, such as `table 3 deal 2`.
    public var label: String

    /// Creates a claim.
    public init(
        seed: String, commitment: String, hands: [CardSet], kind: HandKind, label: String = "deal"
    ) {
        self.seed = seed
        self.commitment = commitment
        self.hands = hands
        self.kind = kind
        self.label = label
    }
}
