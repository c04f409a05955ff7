/// Deals of the cards a seat cannot see that agree with everything the seat has seen: each
/// opponent gets exactly as many cards as it holds, and no card the seat holds or saw played.
///
/// Passing is always allowed in these rules (even under the last-card rule, which only makes a
/// seat liable), so a pass proves nothing about a hand, and every consistent deal is equally
/// likely from the seat's point of view: the sampler draws them uniformly.
struct DealSampler {
    /// The view the deals are consistent with.
    let view: BigTwoSeatView
    /// The cards the opponents hold between them.
    let unseen: CardSet

    /// A sampler for `view`'s seat.
    init(view: BigTwoSeatView) {
        self.view = view
        unseen = CardSet.fullDeck.subtracting(view.hand).subtracting(view.playedCards)
    }

    /// The number of consistent deals, or nil when it is above `limit`.
    func dealCount(upTo limit: Int) -> Int? {
        var remaining = unseen.count
        var total = 1.0
        for seat in 0..<view.seatCount where seat != view.seat {
            total *= binomial(remaining, view.cardCounts[seat])
            remaining -= view.cardCounts[seat]
            if total > Double(limit) { return nil }
        }
        return Int(total)
    }

    /// One consistent deal drawn uniformly with `generator`: every seat's hand, the seat's own
    /// as it is.
    func sample<G: RandomNumberGenerator>(using generator: inout G) -> [CardSet] {
        var pool = Array(unseen)
        fisherYatesShuffle(&pool, using: &generator)
        var hands = [CardSet](repeating: CardSet(), count: view.seatCount)
        var next = 0
        for seat in 0..<view.seatCount {
            if seat == view.seat {
                hands[seat] = view.hand
                continue
            }
            let count = view.cardCounts[seat]
            hands[seat] = CardSet(pool[next..<(next + count)])
            next += count
        }
        return hands
    }

    /// One consistent deal drawn uniformly with `generator`, more cheaply than `sample`: each
    /// opponent but the last, in seat order, draws its cards one by one from those still
    /// undealt (a partial shuffle), and the last takes what is left. The draws differ from
    /// `sample`'s.
    func draw<G: RandomNumberGenerator>(using generator: inout G) -> [CardSet] {
        var hands = [CardSet](repeating: CardSet(), count: view.seatCount)
        hands[view.seat] = view.hand
        var opponents: [Int] = []
        for seat in 0..<view.seatCount where seat != view.seat { opponents.append(seat) }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 52) { pool in
            var count = 0
            for card in unseen {
                pool[count] = card.index
                count += 1
            }
            var next = 0
            for seat in opponents.dropLast() {
                var bits: UInt64 = 0
                for _ in 0..<view.cardCounts[seat] where next < count {
                    let pick = next + Int(generator.nextBounded(UInt64(count - next)))
                    pool.swapAt(next, pick)
                    bits |= 1 << UInt64(pool[next])
                    next += 1
                }
                hands[seat] = CardSet(bits: bits)
            }
            guard let last = opponents.last else { return }
            var rest: UInt64 = 0
            for index in next..<min(count, next + view.cardCounts[last]) {
                rest |= 1 << UInt64(pool[index])
            }
            hands[last] = CardSet(bits: rest)
        }
        return hands
    }

    /// Every consistent deal, in a fixed order.
    func all() -> [[CardSet]] {
        var deals: [[CardSet]] = []
        var hands = [CardSet](repeating: CardSet(), count: view.seatCount)
        hands[view.seat] = view.hand
        func fill(_ seat: Int, _ rest: UInt64) {
            guard seat < view.seatCount else {
                deals.append(hands)
                return
            }
            if seat == view.seat {
                fill(seat + 1, rest)
                return
            }
            forEachSubset(of: rest, size: view.cardCounts[seat]) { bits in
                hands[seat] = CardSet(bits: bits)
                fill(seat + 1, rest & ~bits)
            }
        }
        fill(0, unseen.bits)
        return deals
    }

    /// The deal of the public position with these hands: the same seat to move, trick, passes
    /// and played cards.
    func position(hands: [CardSet]) -> BigTwoDeal {
        BigTwoDeal(
            hands: hands, options: view.rules.options, currentSeat: view.currentSeat,
            tablePlay: view.tablePlay, tableSeat: view.tableSeat, passedMask: view.passedMask,
            playedCards: view.playedCards)
    }

    private func binomial(_ n: Int, _ k: Int) -> Double {
        guard k >= 0, k <= n else { return 0 }
        var result = 1.0
        for i in 0..<min(k, n - k) { result = result * Double(n - i) / Double(i + 1) }
        return result
    }
}
