/// A memory bot. It learns faces only from flips every seat sees (``observe(_:)``) and
/// chooses from a ``MemorySeatView``, so it can never know a card no one has flipped. It is
/// deterministic given its random number generator.
///
/// Its memory is held in the value itself, without a heap allocation: the positions it knows
/// as a mask, and each known face as five bit planes (bit `p` of plane `k` is bit `k` of the
/// face at position `p`), so finding a remembered face is a few mask operations.
public struct MemoryBot: Sendable, Hashable, Codable {
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
    /// The positions remembered, as a mask.
    public private(set) var known: UInt64 = 0
    /// Bit planes of the remembered faces; bits of positions not in ``known`` are zero.
    private var plane0: UInt64 = 0
    private var plane1: UInt64 = 0
    private var plane2: UInt64 = 0
    private var plane3: UInt64 = 0
    private var plane4: UInt64 = 0

    /// A bot of this kind for a table of `cardCount` cards (at most 64).
    public init(kind: Kind, cardCount: Int) {
        precondition((0...64).contains(cardCount), "a memory table holds at most 64 cards")
        self.kind = kind
    }

    /// True when everything it remembers could have been seen at a table of `cardCount`
    /// cards: positions among them, each with a face of one of their pairs. A bot saved with
    /// a table and read back is taken up only then.
    public func fits(cardCount: Int) -> Bool {
        guard (0...64).contains(cardCount) else { return false }
        let positions = cardCount == 64 ? UInt64.max : (1 << UInt64(cardCount)) - 1
        let planes = plane0 | plane1 | plane2 | plane3 | plane4
        guard known & ~positions == 0, planes & ~known == 0 else { return false }
        var rest = known
        while rest != 0 {
            let position = rest.trailingZeroBitCount
            rest &= rest - 1
            guard let face = remembered(at: position), Int(face) < cardCount / 2 else {
                return false
            }
        }
        return true
    }

    /// Bit `bit` (0 to 4) of every remembered face at once: bit `p` of the result is bit
    /// `bit` of the face remembered at position `p`, and zero where nothing is remembered.
    public func facePlane(_ bit: Int) -> UInt64 {
        switch bit {
        case 0: plane0
        case 1: plane1
        case 2: plane2
        case 3: plane3
        case 4: plane4
        default: 0
        }
    }

    /// The face the bot remembers at `position`, if any.
    public func remembered(at position: Int) -> UInt8? {
        guard known >> UInt64(position) & 1 != 0 else { return nil }
        let shift = UInt64(position)
        let bits =
            (plane0 >> shift & 1) | (plane1 >> shift & 1) << 1 | (plane2 >> shift & 1) << 2
            | (plane3 >> shift & 1) << 3 | (plane4 >> shift & 1) << 4
        return UInt8(truncatingIfNeeded: bits)
    }

    /// Learns from a flip every seat saw.
    public mutating func observe(_ event: MemoryEvent) {
        guard kind != .random else { return }
        let (position, face) = event.flipped
        if case .miss(let first, _, let firstFace, _) = event { remember(first, firstFace) }
        remember(position, face)
    }

    private mutating func remember(_ position: Int, _ face: UInt8) {
        let bit: UInt64 = 1 << UInt64(position)
        clear(bit)
        let face = UInt64(face)
        plane0 |= face & 1 != 0 ? bit : 0
        plane1 |= face & 2 != 0 ? bit : 0
        plane2 |= face & 4 != 0 ? bit : 0
        plane3 |= face & 8 != 0 ? bit : 0
        plane4 |= face & 16 != 0 ? bit : 0
        known |= bit
    }

    /// Forgets the positions in `mask`.
    private mutating func clear(_ mask: UInt64) {
        known &= ~mask
        plane0 &= ~mask
        plane1 &= ~mask
        plane2 &= ~mask
        plane3 &= ~mask
        plane4 &= ~mask
    }

    /// The face-down position to flip next for the seat of `view`.
    public mutating func choose(view: MemorySeatView, using rng: inout Xoshiro256StarStar)
        -> Int
    {
        let down = view.faceDown
        if kind == .forgetful, view.firstPosition == nil { forget(using: &rng) }
        let recalled = known & down
        if let face = view.firstFace {
            let match = positions(of: face, in: recalled)
            if match != 0 { return match.trailingZeroBitCount }
        } else if let pair = knownPair(in: recalled) {
            return pair
        }
        let unknown = down & ~recalled
        return rng.nextSetBit(of: unknown != 0 ? unknown : down)
    }

    /// Drops each remembered card with probability ``forgetChance``.
    private mutating func forget(using rng: inout Xoshiro256StarStar) {
        var rest = known
        var dropped: UInt64 = 0
        while rest != 0 {
            let bit = rest & (0 &- rest)
            rest &= rest - 1
            if rng.nextChance(Self.forgetChance) { dropped |= bit }
        }
        clear(dropped)
    }

    /// The remembered positions in `mask` showing `face`, as a mask.
    private func positions(of face: UInt8, in mask: UInt64) -> UInt64 {
        let face = UInt64(face)
        var match = mask
        match &= face & 1 != 0 ? plane0 : ~plane0
        match &= face & 2 != 0 ? plane1 : ~plane1
        match &= face & 4 != 0 ? plane2 : ~plane2
        match &= face & 8 != 0 ? plane3 : ~plane3
        match &= face & 16 != 0 ? plane4 : ~plane4
        return match
    }

    /// The second of two remembered positions in `mask` with the same face, counting from
    /// the lowest position.
    private func knownPair(in mask: UInt64) -> Int? {
        var seen: UInt32 = 0
        var rest = mask
        while rest != 0 {
            let position = rest.trailingZeroBitCount
            rest &= rest - 1
            guard let face = remembered(at: position) else { continue }
            let bit = UInt32(1) << UInt32(face)
            if seen & bit != 0 { return position }
            seen |= bit
        }
        return nil
    }
}
