import CardGames

/// How each seat played its Big Two deals: when it passed though it could play, and what it
/// still held when it lost. Tallies merge by adding, like `SimulationTally`.
///
/// A *calm* turn is one where every opponent holds more than `SmartBot`'s danger count of
/// three cards, so that nothing forces the seat's hand. A *lone* card is the only card of its
/// rank in the seat's hand (it breaks no pair or triple).
struct BigTwoPlayTally: Sendable, Equatable {
    /// An opponent with this many cards or fewer makes a turn urgent, not calm.
    static let calmAbove = 3

    /// One seat's counts.
    struct Seat: Sendable, Equatable {
        /// Turns over a combination where the seat held a legal play, and the passes among
        /// them.
        var playable = 0, playablePasses = 0
        /// Calm turns over a single whose lowest lone beater ranks below an ace, and passes.
        var loneLow = 0, loneLowPasses = 0
        /// Calm turns over a single whose only lone beaters are aces or 2s, and passes.
        var loneHigh = 0, loneHighPasses = 0
        /// Deals lost, and in them the cards left, the deals ended with 8 or more, and the
        /// aces and 2s left.
        var losses = 0, cardsInLosses = 0, eightOrMore = 0, acesInLosses = 0, twosInLosses = 0
        /// The sum of the seat's flat scores (cards won as the winner, minus cards left as a
        /// loser) and of their squares.
        var cards = 0, cardSquares = 0

        /// Both seats' counts added.
        static func + (a: Seat, b: Seat) -> Seat {
            var sum = Seat()
            sum.playable = a.playable + b.playable
            sum.playablePasses = a.playablePasses + b.playablePasses
            sum.loneLow = a.loneLow + b.loneLow
            sum.loneLowPasses = a.loneLowPasses + b.loneLowPasses
            sum.loneHigh = a.loneHigh + b.loneHigh
            sum.loneHighPasses = a.loneHighPasses + b.loneHighPasses
            sum.losses = a.losses + b.losses
            sum.cardsInLosses = a.cardsInLosses + b.cardsInLosses
            sum.eightOrMore = a.eightOrMore + b.eightOrMore
            sum.acesInLosses = a.acesInLosses + b.acesInLosses
            sum.twosInLosses = a.twosInLosses + b.twosInLosses
            sum.cards = a.cards + b.cards
            sum.cardSquares = a.cardSquares + b.cardSquares
            return sum
        }
    }

    /// The counts of each seat.
    var seats: [Seat]

    /// An empty tally for `seats` seats.
    init(seats: Int) {
        self.seats = Array(repeating: Seat(), count: seats)
    }

    /// Notes `move` by `seat` in `deal`, the position before the move.
    mutating func noteTurn(_ move: BigTwoMove, by seat: Int, in deal: BigTwoDeal) {
        guard let table = deal.tablePlay else { return }
        let passed = move == .pass
        if passed && !BigTwoPlayTally.canBeat(table, from: deal.hands[seat], in: deal) { return }
        seats[seat].playable += 1
        if passed { seats[seat].playablePasses += 1 }
        guard table.kind == .single else { return }
        for other in 0..<deal.seatCount where other != seat {
            if deal.hands[other].count <= BigTwoPlayTally.calmAbove { return }
        }
        let hand = deal.hands[seat]
        let options = deal.options
        var lowest: Card?
        for card in hand where options.strength(of: card) > table.strength {
            guard hand.cards(of: card.rank).count == 1 else { continue }
            if lowest.map({ options.strength(of: card) < options.strength(of: $0) }) ?? true {
                lowest = card
            }
        }
        guard let lowest else { return }
        if lowest.rank.rawValue < Rank.ace.rawValue {
            seats[seat].loneLow += 1
            if passed { seats[seat].loneLowPasses += 1 }
        } else {
            seats[seat].loneHigh += 1
            if passed { seats[seat].loneHighPasses += 1 }
        }
    }

    /// True when `hand` holds a legal play over `table`: found from the cards directly for a
    /// single, pair or triple (the simulator's speed figures include this tally), from the
    /// move generator for five-card hands and bombs.
    static func canBeat(_ table: Combination, from hand: CardSet, in deal: BigTwoDeal) -> Bool {
        let options = deal.options
        let size = table.kind.size
        if size <= 3 {
            for rank in Rank.allCases {
                let ofRank = hand.cards(of: rank)
                guard ofRank.count >= size else { continue }
                // Singles and pairs compare by their highest card, triples by rank.
                if size == 3 {
                    if rank.rawValue > table.strength { return true }
                    continue
                }
                for card in ofRank where options.strength(of: card) > table.strength {
                    return true
                }
            }
            guard options.bombs, hand.count >= 5 else { return false }
        }
        return !deal.legalPlays().isEmpty
    }

    /// Notes how a deal ended: the cards each seat was left holding.
    mutating func noteEnd(_ deal: BigTwoDeal, winner: Int) {
        let left = deal.hands.map(\.count)
        for seat in left.indices {
            let cards = seat == winner ? left.reduce(0, +) : -left[seat]
            seats[seat].cards += cards
            seats[seat].cardSquares += cards * cards
            guard seat != winner else { continue }
            let hand = deal.hands[seat]
            seats[seat].losses += 1
            seats[seat].cardsInLosses += left[seat]
            if left[seat] >= 8 { seats[seat].eightOrMore += 1 }
            seats[seat].acesInLosses += hand.cards(of: .ace).count
            seats[seat].twosInLosses += hand.cards(of: .two).count
        }
    }

    /// Adds another tally's counts to this one.
    mutating func merge(_ other: BigTwoPlayTally) {
        seats = zip(seats, other.seats).map(+)
    }

    /// The figures of `games` deals, for the report.
    func report(games: Int) -> BigTwoPlayReport {
        func ratio(_ part: KeyPath<Seat, Int>, _ whole: KeyPath<Seat, Int>) -> [Double] {
            seats.map {
                $0[keyPath: whole] > 0 ? Double($0[keyPath: part]) / Double($0[keyPath: whole]) : 0
            }
        }
        return BigTwoPlayReport(
            meanCards: seats.map { games > 0 ? Double($0.cards) / Double(games) : 0 },
            meanCardsInterval: seats.map { seat in
                let interval = ConfidenceInterval(
                    count: games, sum: Double(seat.cards), sumOfSquares: Double(seat.cardSquares))
                return [interval.low, interval.high]
            },
            passRatePlayable: ratio(\.playablePasses, \.playable),
            passRateLoneLowSingle: ratio(\.loneLowPasses, \.loneLow),
            passRateLoneHighSingle: ratio(\.loneHighPasses, \.loneHigh),
            losses: seats.map(\.losses),
            cardsLeftInLosses: ratio(\.cardsInLosses, \.losses),
            eightOrMoreInLosses: ratio(\.eightOrMore, \.losses),
            acesLeftInLosses: ratio(\.acesInLosses, \.losses),
            twosLeftInLosses: ratio(\.twosInLosses, \.losses))
    }
}

/// How each seat played its Big Two deals (`BigTwoPlayTally`), one entry per seat in every
/// list.
public struct BigTwoPlayReport: Codable, Sendable, Equatable {
    /// Mean flat score per deal: all the cards the others held when the seat went out, minus
    /// the cards it held when another did.
    public var meanCards: [Double]
    /// The 95% confidence interval of `meanCards`, as `[low, high]`.
    public var meanCardsInterval: [[Double]]
    /// Share of passes among the turns over a combination where the seat could play.
    public var passRatePlayable: [Double]
    /// Share of passes among calm turns over a single whose lowest lone beater is below an ace.
    public var passRateLoneLowSingle: [Double]
    /// Share of passes among calm turns over a single beaten only by a lone ace or 2.
    public var passRateLoneHighSingle: [Double]
    /// Deals lost.
    public var losses: [Int]
    /// Mean cards left in a lost deal.
    public var cardsLeftInLosses: [Double]
    /// Share of lost deals ended with 8 cards or more.
    public var eightOrMoreInLosses: [Double]
    /// Mean aces left in a lost deal.
    public var acesLeftInLosses: [Double]
    /// Mean 2s left in a lost deal.
    public var twosLeftInLosses: [Double]

    enum CodingKeys: String, CodingKey {
        case meanCards = "mean_cards"
        case meanCardsInterval = "mean_cards_ci95"
        case passRatePlayable = "pass_rate_playable"
        case passRateLoneLowSingle = "pass_rate_lone_low_single"
        case passRateLoneHighSingle = "pass_rate_lone_high_single"
        case losses
        case cardsLeftInLosses = "cards_left_in_losses"
        case eightOrMoreInLosses = "eight_or_more_in_losses"
        case acesLeftInLosses = "aces_left_in_losses"
        case twosLeftInLosses = "twos_left_in_losses"
    }
}
