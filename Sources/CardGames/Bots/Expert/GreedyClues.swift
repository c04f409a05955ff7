/// What the moves of a seat that plays like `GreedyBot` prove about the cards it holds now.
///
/// A greedy seat passes only when it cannot play, follows with the lowest combination that
/// beats the table, and leads the largest size it can, lowest first. So each of its moves rules
/// hands out: after a pass over a single it held no higher card; after a single over a single,
/// none in between; after leading a single, no lower card, no pair and no five cards of a suit.
/// The hand it held then is the hand it holds now plus the cards it played since, which the
/// reading seat saw, so every clue is a condition on the hand it holds now.
///
/// Only necessary conditions are read (a lead of a pair, for one, rules out a lower pair and a
/// triple, not every five-card hand), so every deal the seat's moves allow passes. A seat
/// whose own later plays break a clue did not play greedily, and none of its clues is kept.
struct GreedyClues {
    /// Per seat: the cards it cannot hold now.
    private(set) var excluded: [CardSet]
    /// Per seat: conditions on the whole hand, checked after dealing.
    private var hands: [[HandClue]]

    /// True when no seat has a clue.
    var isEmpty: Bool {
        excluded.allSatisfy(\.isEmpty) && hands.allSatisfy(\.isEmpty)
    }

    /// A condition on the hand a seat held at one move: its cards now plus `later`.
    private struct HandClue {
        /// The cards the seat played from that move on.
        let later: CardSet
        /// No pair whose strength lies strictly between these bounds.
        var pairAbove = Int.max
        var pairBelow = Int.min
        /// No three cards of one rank.
        var noTriple = false
        /// No five cards of one suit.
        var noFlush = false

        func admits(_ hand: CardSet, options: BigTwoOptions) -> Bool {
            let held = hand.union(later)
            if noTriple || noFlush {
                var ranks = [Int](repeating: 0, count: 13)
                var suits = [Int](repeating: 0, count: 4)
                for card in held {
                    ranks[card.rank.rawValue] += 1
                    suits[card.suit.rawValue] += 1
                }
                if noTriple && ranks.contains(where: { $0 >= 3 }) { return false }
                if noFlush && suits.contains(where: { $0 >= 5 }) { return false }
            }
            if pairAbove < pairBelow {
                // A pair's strength is its higher card's strength as a single.
                for card in held {
                    let strength = options.strength(of: card)
                    guard strength > pairAbove, strength < pairBelow else { continue }
                    let mates = held.cards(of: card.rank)
                    if mates.contains(where: { options.strength(of: $0) < strength }) {
                        return false
                    }
                }
            }
            return true
        }
    }

    /// The clues of every seat whose `styles` entry is `greedy`, by `view`'s history.
    init(view: BigTwoSeatView, styles: [OpponentStyle]) {
        let options = view.rules.options
        let seats = view.seatCount
        excluded = [CardSet](repeating: CardSet(), count: seats)
        hands = [[HandClue]](repeating: [], count: seats)
        let history = view.history
        guard !history.isEmpty else { return }
        // The cards each seat played from each move on.
        var later = [CardSet](repeating: CardSet(), count: history.count)
        var running = [CardSet](repeating: CardSet(), count: seats)
        for index in history.indices.reversed() {
            let record = history[index]
            guard record.seat < seats else { continue }
            if let play = record.play { running[record.seat].formUnion(play.cards) }
            later[index] = running[record.seat]
        }
        var broken = [Bool](repeating: false, count: seats)
        var table: Combination?
        var tableSeat: Int?
        for (index, record) in history.enumerated() {
            let seat = record.seat
            if seat == tableSeat { table = nil }
            defer {
                if let play = record.play {
                    table = play
                    tableSeat = seat
                }
            }
            guard seat < seats, seat != view.seat, styles[seat] == .greedy, !broken[seat],
                index > 0
            else { continue }
            let afterwards = later[index]
            var cards = CardSet()
            var clue = HandClue(later: afterwards)
            if let beaten = table {
                switch (beaten.kind, record.play) {
                case (.single, nil):
                    cards = GreedyClues.cards(above: beaten.strength, below: 52, options)
                case (.single, let play?) where play.kind == .single:
                    cards = GreedyClues.cards(
                        above: beaten.strength, below: play.strength, options)
                case (.pair, nil):
                    clue.pairAbove = beaten.strength
                    clue.pairBelow = 52
                case (.pair, let play?) where play.kind == .pair:
                    clue.pairAbove = beaten.strength
                    clue.pairBelow = play.strength
                default: continue
                }
            } else if let play = record.play {
                switch play.kind {
                case .single:
                    cards = GreedyClues.cards(above: -1, below: play.strength, options)
                    clue.pairAbove = -1
                    clue.pairBelow = 52
                    clue.noFlush = true
                case .pair:
                    clue.pairAbove = -1
                    clue.pairBelow = play.strength
                    clue.noTriple = true
                    clue.noFlush = true
                case .triple:
                    clue.noFlush = true
                default: continue
                }
            }
            // The cards it played from this move on were in its hand then: a clue they break
            // shows a seat that does not play greedily.
            if !cards.isDisjoint(with: afterwards) || !clue.admits(CardSet(), options: options) {
                broken[seat] = true
                continue
            }
            excluded[seat].formUnion(cards)
            if clue.pairAbove < clue.pairBelow || clue.noTriple || clue.noFlush {
                hands[seat].append(clue)
            }
        }
        for seat in 0..<seats where broken[seat] {
            excluded[seat] = CardSet()
            hands[seat] = []
        }
    }

    /// True when every seat's hand in `deal` meets its clues.
    func admits(_ deal: [CardSet], options: BigTwoOptions) -> Bool {
        for seat in deal.indices {
            if !deal[seat].isDisjoint(with: excluded[seat]) { return false }
            for clue in hands[seat] where !clue.admits(deal[seat], options: options) {
                return false
            }
        }
        return true
    }

    /// The cards whose strength as a single lies strictly between `low` and `high`.
    private static func cards(above low: Int, below high: Int, _ options: BigTwoOptions)
        -> CardSet
    {
        var set = CardSet()
        for card in Card.deck {
            let strength = options.strength(of: card)
            if strength > low && strength < high { set.insert(card) }
        }
        return set
    }
}
