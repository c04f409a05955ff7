/// The outcome of checking a revealed deal seed against its commitment and the dealt hands.
public enum DealVerification: Equatable, Sendable {
    /// The seed matches the commitment and re-deals exactly the given hands.
    case valid
    /// The SHA-256 of the seed is not the commitment that was announced.
    case commitmentMismatch
    /// The seed re-deals a different hand for this seat (the first such seat).
    case handMismatch(seat: Int)
}
