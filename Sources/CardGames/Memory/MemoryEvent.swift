/// What a flip did. Each flipped card's face is public from the moment it is flipped.
public enum MemoryEvent: Sendable, Hashable {
    /// The first card of a turn is face up.
    case firstCard(position: Int, face: UInt8)
    /// The second card matched the first: both stay face up and the same seat goes again
    /// (unless that was the last pair).
    case pair(first: Int, second: Int, face: UInt8, gameOver: Bool)
    /// The second card did not match: both are shown, turn face down, and the turn passes.
    case miss(first: Int, second: Int, firstFace: UInt8, secondFace: UInt8)

    /// The position flipped and the face it showed.
    public var flipped: (position: Int, face: UInt8) {
        switch self {
        case .firstCard(let position, let face): (position, face)
        case .pair(_, let second, let face, _): (second, face)
        case .miss(_, let second, _, let face): (second, face)
        }
    }
}
