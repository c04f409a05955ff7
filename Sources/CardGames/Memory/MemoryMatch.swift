/// A game of memory (concentration): pairs of cards face down, seats taking turns to flip
/// two; a pair found stays face up, scores, and its finder goes again.
///
/// The layout is private to the value: only ``face(at:)`` of a face-up card and the events of
/// flips show faces, so a view cut from the game cannot leak a face-down card.
public struct MemoryMatch: Sendable, Hashable {
    /// Seats at the table.
    public let seats: Int
    /// The face of each position.
    let layout: [UInt8]
    /// The positions of the pairs found, as a mask.
    public private(set) var found: UInt64 = 0
    /// The first card flipped this turn, if any.
    public private(set) var firstPosition: Int?
    /// The seat to flip, or nil once every pair is found.
    public private(set) var seatToFlip: Int? = 0
    /// Pairs found per seat.
    public private(set) var scores: [Int]
    /// Cards flipped so far.
    public private(set) var flips = 0

    /// A game over `layout` (faces by position, each face exactly twice) for `seats` seats.
    public init(layout: [UInt8], seats: Int) throws(MemoryError) {
        let options = MemoryOptions(pairs: layout.count / 2, seats: seats)
        try options.validate()
        // Each face below `pairs` exactly twice: seen once in `once`, twice in `twice`.
        var once: UInt32 = 0
        var twice: UInt32 = 0
        for face in layout {
            guard Int(face) < options.pairs else { throw .invalidOptions(.pairs) }
            let bit: UInt32 = 1 << UInt32(face)
            guard twice & bit == 0 else { throw .invalidOptions(.pairs) }
            twice |= once & bit
            once |= bit
        }
        guard layout.count % 2 == 0, twice.nonzeroBitCount == options.pairs else {
            throw .invalidOptions(.pairs)
        }
        self.seats = seats
        self.layout = layout
        self.scores = Array(repeating: 0, count: seats)
    }

    /// A game laid out from `seed` with these options.
    public init(seed: DealSeed, options: MemoryOptions) throws(MemoryError) {
        try options.validate()
        try self.init(
            layout: MemoryDealer.layout(seed: seed, pairs: options.pairs), seats: options.seats)
    }

    /// Cards on the table.
    public var cardCount: Int { layout.count }
    /// True once every pair is found.
    public var isOver: Bool { seatToFlip == nil }

    /// The face of the card at `position` while it is face up; nil while it is face down.
    public func face(at position: Int) -> UInt8? {
        guard layout.indices.contains(position) else { return nil }
        let up = found & (1 << UInt64(position)) != 0 || firstPosition == position
        return up ? layout[position] : nil
    }

    /// The whole layout, for the record once the game is over; nil before.
    public var revealedLayout: [UInt8]? { isOver ? layout : nil }

    /// What `seat` (or a watcher, with any seat number) may know now.
    public func view(for seat: Int) -> MemorySeatView {
        MemorySeatView(
            seat: seat, cardCount: layout.count, found: found, firstPosition: firstPosition,
            firstFace: firstPosition.map { layout[$0] })
    }

    /// The seats with the most pairs (all of them tie at the end of a drawn game).
    public var leaders: [Int] {
        let best = scores.max() ?? 0
        return scores.indices.filter { scores[$0] == best }
    }

    /// Flips the face-down card at `position` for `seat`.
    @discardableResult
    public mutating func flip(_ position: Int, by seat: Int) throws(MemoryError) -> MemoryEvent {
        guard (0..<seats).contains(seat) else { throw .invalidSeat }
        guard let mover = seatToFlip else { throw .gameOver }
        guard mover == seat else { throw .notYourTurn }
        guard layout.indices.contains(position) else { throw .noSuchCard(position) }
        guard face(at: position) == nil else { throw .faceUp(position) }
        flips += 1
        let face = layout[position]
        guard let first = firstPosition else {
            firstPosition = position
            return .firstCard(position: position, face: face)
        }
        firstPosition = nil
        let firstFace = layout[first]
        guard firstFace == face else {
            seatToFlip = (seat + 1) % seats
            return .miss(first: first, second: position, firstFace: firstFace, secondFace: face)
        }
        found |= 1 << UInt64(first) | 1 << UInt64(position)
        scores[seat] += 1
        let over = found.nonzeroBitCount == layout.count
        if over { seatToFlip = nil }
        return .pair(first: first, second: position, face: face, gameOver: over)
    }
}
