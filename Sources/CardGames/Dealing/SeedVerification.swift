/// The outcome of checking a revealed seed against its commitment and what it decided (a
/// layout of cards, a spin of a wheel: anything a game draws from a seed).
public enum SeedVerification: Equatable, Sendable {
    /// The seed matches the commitment and re-derives exactly what was announced.
    case valid
    /// The SHA-256 of the seed is not the commitment that was announced.
    case commitmentMismatch
    /// The seed derives something other than what was announced.
    case outcomeMismatch
}
