import CardGames

/// The outcome of checking one ``DealClaim``.
public enum DealCheck: Equatable, Sendable {
    /// The seed matches the commitment and re-deals every given hand.
    case valid
    /// The seed is not 64 hexadecimal digits (or is all zero).
    case malformedSeed
    /// SHA-256 of the seed is not the announced commitment.
    case commitmentMismatch(computed: String)
    /// A seat's given hand does not match the re-deal.
    case handMismatch(seat: Int, missing: CardSet, extra: CardSet)
    /// More hands than seats were given.
    case tooManyHands(Int)

    /// True for `.valid`.
    public var isValid: Bool { self == .valid }

    /// Checks a claim: the commitment first, then each hand against `Dealer.deal`.
    public static func check(_ claim: DealClaim, seats: Int = 4) -> DealCheck {
        guard let seed = DealSeed(hex: claim.seed) else { return .malformedSeed }
        guard seed.commitment == claim.commitment.lowercased() else {
            return .commitmentMismatch(computed: seed.commitment)
        }
        guard claim.hands.count <= seats else { return .tooManyHands(claim.hands.count) }
        let dealt = Dealer.deal(seed: seed, seats: seats)
        for (seat, hand) in claim.hands.enumerated() {
            let extra = hand.subtracting(dealt[seat])
            let missing = claim.kind == .dealt ? dealt[seat].subtracting(hand) : CardSet()
            if !extra.isEmpty || !missing.isEmpty {
                return .handMismatch(seat: seat, missing: missing, extra: extra)
            }
        }
        return .valid
    }

    /// One line for people.
    public var explanation: String {
        switch self {
        case .valid:
            "OK: the seed matches the commitment and re-deals the hands"
        case .malformedSeed:
            "FAIL: the seed is not 64 hexadecimal digits (or is all zero)"
        case .commitmentMismatch(let computed):
            "FAIL: SHA-256 of the seed is \(computed), not the announced commitment"
        case .handMismatch(let seat, let missing, let extra):
            "FAIL: seat \(seat)'s hand does not match the re-deal"
                + (extra.isEmpty ? "" : "; not dealt to that seat: \(extra.notation)")
                + (missing.isEmpty ? "" : "; dealt but missing: \(missing.notation)")
        case .tooManyHands(let count):
            "FAIL: \(count) hands given for a 4-seat deal"
        }
    }
}
