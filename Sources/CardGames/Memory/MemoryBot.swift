/// A memory bot. It learns faces only from flips every seat sees (``observe(_:)``) and
/// chooses from a ``MemorySeatView``, so it can never know a card no one has flipped. It is
/// deterministic given its random number generator.
public struct MemoryBot: Sendable, Hashable {
    /// How well the bot remembers, by the name used in flags and reports.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Remembers nothing: flips face-down cards at random.
        case random
        /// Forgets each card it remembers with probability ``MemoryBot/forgetChance`` at the
        /// start of each of its turns.
        case forgetful
        /// Remembers every card it has seen.
        case perfect
    }

    /// How likely the `forgetful` bot is to forget one remembered card at each of its turns.
    public static let forgetChance = 0.3

    /// The bot's kind.
    public let kind: Kind
    /// The face remembered at each position, or −1.
    private var memory: [Int8]
    /// The positions remembered, as a mask.
    public private(set) var known: UInt64 = 0

    /// A bot of this kind for a table of `cardCount` cards.
    public init(kind: Kind, cardCount: Int) {
        self.kind = kind
        self.memory = [Int8](repeating: -1, count: cardCount)
    }

    /// The face the bot remembers at `position`, if any.
    public func remembered(at position: Int) -> UInt8? {
        memory[position] < 0 ? nil : UInt8(memory[position])
    }

    /// Learns from a flip every seat saw.
    public mutating func observe(_ event: MemoryEvent) {
        guard kind != .random else { return }
        let (position, face) = event.flipped
        if case .miss(let first, _, let firstFace, _) = event { remember(first, firstFace) }
        remember(position, face)
    }

    private mutating func remember(_ position: Int, _ face: UInt8) {
        memory[position] = Int8(face)
        known |= 1 << UInt64(position)
    }

    /// The face-down position to flip next for the seat of `view`.
    public mutating func choose(view: MemorySeatView, using rng: inout Xoshiro256StarStar)
        -> Int
    {
        let down = view.faceDown
        if kind == .forgetful, view.firstPosition == nil { forget(using: &rng) }
        let recalled = known & down
        if let face = view.firstFace {
            if let match = position(of: face, in: recalled) { return match }
        } else if let pair = knownPair(in: recalled) {
            return pair
        }
        let unknown = down & ~recalled
        return rng.nextSetBit(of: unknown != 0 ? unknown : down)
    }

    /// Drops each remembered card with probability ``forgetChance``.
    private mutating func forget(using rng: inout Xoshiro256StarStar) {
        var rest = known
        while rest != 0 {
            let position = rest.trailingZeroBitCount
            rest &= rest - 1
            if rng.nextChance(Self.forgetChance) {
                memory[position] = -1
                known &= ~(1 << UInt64(position))
            }
        }
    }

    /// A remembered position in `mask` showing `face`.
    private func position(of face: UInt8, in mask: UInt64) -> Int? {
        var rest = mask
        while rest != 0 {
            let position = rest.trailingZeroBitCount
            rest &= rest - 1
            if memory[position] == Int8(face) { return position }
        }
        return nil
    }

    /// The first of two remembered positions in `mask` with the same face.
    private func knownPair(in mask: UInt64) -> Int? {
        var seen: UInt32 = 0
        var rest = mask
        while rest != 0 {
            let position = rest.trailingZeroBitCount
            rest &= rest - 1
            let bit = UInt32(1) << UInt32(memory[position])
            if seen & bit != 0 { return position }
            seen |= bit
        }
        return nil
    }
}
