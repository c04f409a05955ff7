/// The valid straights of one straight rule: each run of five ranks with its place in the order
/// of straights and the rank of the card whose suit breaks ties between equal straights.
struct StraightTable: Sendable {
    /// One valid run of five ranks.
    struct Run: Sendable {
        /// Bit `rank.rawValue` set for each of the five ranks.
        let rankMask: UInt16
        /// Position in the order of straights, 0 for the lowest.
        let order: Int
        /// The rank of the top card, whose suit decides between equal straights.
        let top: Rank
        /// The five ranks of the run.
        let ranks: [Rank]
    }

    /// The runs, lowest first.
    let runs: [Run]
    /// Run index by rank mask, for masks that are straights.
    private let orderByMask: [UInt16: Int]

    private init(faceRuns: [(faces: [Int], top: Int)]) {
        var runs: [Run] = []
        for (order, run) in faceRuns.enumerated() {
            let ranks = run.faces.map(StraightTable.rank(face:))
            let mask = ranks.reduce(UInt16(0)) { $0 | (1 << UInt16($1.rawValue)) }
            runs.append(Run(rankMask: mask, order: order, top: StraightTable.rank(face: run.top),
                            ranks: ranks))
        }
        self.runs = runs
        orderByMask = Dictionary(uniqueKeysWithValues: runs.enumerated().map { ($1.rankMask, $0) })
    }

    /// The run whose ranks are exactly `mask`, or nil when the mask is not a straight.
    @inline(__always)
    func run(forRankMask mask: UInt16) -> Run? {
        guard let index = orderByMask[mask] else { return nil }
        return runs[index]
    }

    /// The table for a straight rule.
    static func table(for rule: BigTwoOptions.StraightRule) -> StraightTable {
        switch rule {
        case .hongKong: hongKong
        case .threeLow: threeLow
        case .taiwan: taiwan
        }
    }

    /// Face values 1 (ace low) … 14 (ace high); 2 is the two.
    private static func rank(face: Int) -> Rank {
        switch face {
        case 1, 14: .ace
        case 2: .two
        default: Rank(rawValue: face - 3)!
        }
    }

    private static let aceHighRuns: [(faces: [Int], top: Int)] = (3...10).map { low in
        (Array(low...(low + 4)), low + 4)
    }

    static let hongKong = StraightTable(
        faceRuns: [([1, 2, 3, 4, 5], 5), ([2, 3, 4, 5, 6], 6)] + aceHighRuns)

    static let threeLow = StraightTable(
        faceRuns: (0...8).map { low in
            let faces = (low...(low + 4)).map { Rank(rawValue: $0)!.faceValue }
            return (faces, Rank(rawValue: low + 4)!.faceValue)
        })

    static let taiwan = StraightTable(
        faceRuns: [([1, 2, 3, 4, 5], 5)] + aceHighRuns + [([2, 3, 4, 5, 6], 2)])
}
