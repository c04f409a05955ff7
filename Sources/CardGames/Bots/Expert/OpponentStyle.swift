/// How `ExpertBot` expects an opponent to play in its play-outs, read from the deal's public
/// history.
///
/// Every card a seat plays later was in its hand all along, so its later plays prove what it
/// could have done earlier:
/// - a *held-back pass*: it passed on a combination that a combination it played later (or,
///   over a single, any card it played later) would have beaten;
/// - an *overplay*: it beat a combination with one of that kind while a lower one it played
///   later would also have beaten it.
///
/// Proof comes late, so a move also counts when it is very likely: a pass over a single when a
/// hand of the seat's size almost surely held a higher card, and an ace or a 2 played over a
/// single when that hand almost surely held a lower card that beat it too.
///
/// A seat that plays the lowest beater whenever it can (like `GreedyBot`) shows neither. A seat
/// that holds strong cards back and otherwise plays low (like `SmartBot`) shows held-back
/// passes but no overplays. A seat with an overplay plays out as random: of the bots, only loose
/// play shows one.
enum OpponentStyle: Sendable, Equatable {
    /// Plays like `GreedyBot`: the default until the history shows otherwise.
    case greedy
    /// Plays like `SmartBot`.
    case smart
    /// Plays loosely, like `RandomBot`.
    case loose

    /// A move counts as evidence when the chance that the seat did not hold the card it would
    /// have needed, given what was unseen from this seat then, is below this.
    static let doubtLevel = 0.1
    /// A seat with this many overplays plays loosely.
    static let looseOverplays = 1
    /// Singles of this rank or higher are ones a careful seat keeps back.
    static let keptRank = Rank.ace.rawValue

    /// The style of every seat by `view`'s history (the view's own seat reads as `smart`).
    static func read(_ view: BigTwoSeatView) -> [OpponentStyle] {
        var evidence = [Evidence](repeating: Evidence(), count: view.seatCount)
        let history = view.history
        var tables: [Combination?] = []
        var playedBefore: [CardSet] = []
        tables.reserveCapacity(history.count)
        playedBefore.reserveCapacity(history.count)
        var table: Combination?
        var tableSeat: Int?
        var played = CardSet()
        for record in history {
            if record.seat == tableSeat { table = nil }
            tables.append(table)
            playedBefore.append(played)
            if let play = record.play {
                table = play
                tableSeat = record.seat
                played.formUnion(play.cards)
            }
        }
        var later = [[Combination]](repeating: [], count: view.seatCount)
        var laterCards = [CardSet](repeating: CardSet(), count: view.seatCount)
        for index in history.indices.reversed() {
            let record = history[index]
            guard view.cardCounts.indices.contains(record.seat) else { continue }
            if record.seat != view.seat, let beaten = tables[index] {
                let mine = view.hand.union(laterCards[view.seat])
                let moment = Moment(
                    beaten: beaten, later: later[record.seat],
                    held: view.cardCounts[record.seat] + laterCards[record.seat].count,
                    unseen: CardSet.fullDeck.subtracting(playedBefore[index]).subtracting(mine),
                    rules: view.rules)
                evidence[record.seat].note(record.play, at: moment)
            }
            if let play = record.play {
                later[record.seat].append(play)
                laterCards[record.seat].formUnion(play.cards)
            }
        }
        return evidence.indices.map { seat in
            seat == view.seat ? .smart : evidence[seat].style
        }
    }

    /// What was known when a seat moved over `beaten`.
    private struct Moment {
        let beaten: Combination
        /// The seat's later plays.
        let later: [Combination]
        /// The number of cards the seat held.
        let held: Int
        /// The cards unseen from the reading seat then.
        let unseen: CardSet
        let rules: BigTwoRules

        /// The chance that a hand of `held` cards drawn from `unseen` has no card whose
        /// strength lies strictly between `low` and `high`.
        func chanceOfNone(above low: Int, below high: Int) -> Double {
            var wanted = 0
            for card in unseen {
                let strength = rules.options.strength(of: card)
                if strength > low && strength < high { wanted += 1 }
            }
            let total = unseen.count
            var chance = 1.0
            for drawn in 0..<held where drawn < total {
                chance *= Double(max(0, total - wanted - drawn)) / Double(total - drawn)
            }
            return chance
        }
    }

    /// What one seat's history shows.
    private struct Evidence {
        var heldBack = 0
        var overplays = 0

        var style: OpponentStyle {
            if overplays >= OpponentStyle.looseOverplays { return .loose }
            return heldBack > 0 ? .smart : .greedy
        }

        /// Notes a move (`play`, or nil for a pass) made at `moment`.
        mutating func note(_ play: Combination?, at moment: Moment) {
            let beaten = moment.beaten
            let rules = moment.rules
            let single = beaten.kind == .single
            guard let play else {
                let size = beaten.kind.size
                let proven = moment.later.contains { combo in
                    combo.kind.size == size && rules.beats(combo, beaten)
                        || single && combo.cards.contains {
                            rules.options.strength(of: $0) > beaten.strength
                        }
                }
                if proven
                    || single
                        && moment.chanceOfNone(above: beaten.strength, below: 52)
                            < OpponentStyle.doubtLevel
                {
                    heldBack += 1
                }
                return
            }
            let proven = moment.later.contains {
                $0.kind == play.kind && rules.beats($0, beaten) && $0.strength < play.strength
            }
            let likely =
                single && play.cards.lowest!.rank.rawValue >= OpponentStyle.keptRank
                && moment.chanceOfNone(above: beaten.strength, below: play.strength)
                    < OpponentStyle.doubtLevel
            if proven || likely { overplays += 1 }
        }
    }
}
