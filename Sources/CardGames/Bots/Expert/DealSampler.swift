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

    /// One consistent deal drawn with `generator` in which no seat holds a card of its
    /// `excluded` entry, or nil when there is none. The cards fewest seats may take are dealt
    /// first, each to a seat that may take it, chosen in proportion to the cards that seat
    /// still needs among those that leave the rest dealable: close to uniform over the deals
    /// allowed, not exactly.
    func draw<G: RandomNumberGenerator>(using generator: inout G, excluding excluded: [CardSet])
        -> [CardSet]?
    {
        var pool = Array(unseen)
        fisherYatesShuffle(&pool, using: &generator)
        var allowed = [Int](repeating: 0, count: pool.count)
        // How many undealt cards each set of seats (a bit per seat) may take, exactly.
        var waiting = [Int](repeating: 0, count: 1 << view.seatCount)
        var everyone = 0
        for seat in 0..<view.seatCount where seat != view.seat { everyone |= 1 << seat }
        for (index, card) in pool.enumerated() {
            var mask = everyone
            for seat in 0..<view.seatCount where excluded[seat].contains(card) {
                mask &= ~(1 << seat)
            }
            allowed[index] = mask
            waiting[mask] += 1
        }
        var room = view.cardCounts
        room[view.seat] = 0
        // Hall's condition: every set of seats has room for the cards only it may take.
        func dealable() -> Bool {
            if waiting[0] > 0 { return false }
            var seats = everyone
            while seats != 0 {
                var space = 0
                for seat in 0..<view.seatCount where seats & (1 << seat) != 0 {
                    space += room[seat]
                }
                var need = 0
                for mask in 1..<waiting.count where mask & ~seats == 0 { need += waiting[mask] }
                if need > space { return false }
                seats = (seats - 1) & everyone
            }
            return true
        }
        guard dealable() else { return nil }
        let order = pool.indices.sorted {
            (allowed[$0].nonzeroBitCount, $0) < (allowed[$1].nonzeroBitCount, $1)
        }
        var hands = [CardSet](repeating: CardSet(), count: view.seatCount)
        hands[view.seat] = view.hand
        for index in order {
            let mask = allowed[index]
            waiting[mask] -= 1
            var choices = 0
            var total = 0
            for seat in 0..<view.seatCount where mask & (1 << seat) != 0 && room[seat] > 0 {
                if mask.nonzeroBitCount > 1 {
                    room[seat] -= 1
                    let fits = dealable()
                    room[seat] += 1
                    guard fits else { continue }
                }
                choices |= 1 << seat
                total += room[seat]
            }
            guard total > 0 else { return nil }
            var pick = Int(generator.nextBounded(UInt64(total)))
            for seat in 0..<view.seatCount where choices & (1 << seat) != 0 {
                if pick < room[seat] {
                    hands[seat].insert(pool[index])
                    room[seat] -= 1
                    break
                }
                pick -= room[seat]
            }
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
