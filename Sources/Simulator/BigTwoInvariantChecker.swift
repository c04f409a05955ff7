import CardGames

/// Re-checks a Big Two deal after every accepted move, from its own record of the game rather
/// than the engine's: every card is in exactly one place (a hand or the played pile), each play
/// came from the mover's hand and beats the table by `IndependentClassifier`, the turn passes
/// as the rules say, and the final scores sum to zero. Each broken rule adds a message.
struct BigTwoInvariantChecker {
    private let classifier: IndependentClassifier
    private var hands: [CardSet]
    private var played = CardSet()
    private var turn: Int
    private var table: IndependentClassifier.Combo?
    private var tableOwner: Int?
    /// Seats that passed in the current trick, one bit per seat.
    private var passed: UInt8 = 0
    private var firstPlay: Bool
    /// What went wrong, in order; empty when every check passed.
    private(set) var violations: [String] = []

    /// Starts from the deal as dealt.
    init(deal: BigTwoDeal) {
        classifier = IndependentClassifier(options: deal.options)
        hands = deal.hands
        let lowest = Card(.three, deal.options.suitOrder == .hongKong ? .diamonds : .clubs)
        let holder = deal.hands.firstIndex { $0.contains(lowest) }
        turn = holder ?? 0
        firstPlay = holder != nil
        checkCards(of: deal)
        if deal.currentSeat != turn { fail("seat \(deal.currentSeat) leads, expected \(turn)") }
    }

    private mutating func fail(_ message: String) { violations.append(message) }

    /// Checks a move the engine accepted from `seat`, and the deal's state after it.
    mutating func accepted(_ move: BigTwoMove, by seat: Int, deal: BigTwoDeal) {
        if seat != turn { fail("seat \(seat) moved out of turn; expected seat \(turn)") }
        switch move {
        case .pass:
            if table == nil { fail("seat \(seat) passed while leading") }
            passed |= 1 << UInt8(seat)
        case .play(let cards):
            checkPlay(cards, by: seat, deal: deal)
        }
        if hands[seat].isEmpty {
            checkEnd(deal, winner: seat)
        } else {
            advance(from: seat)
            if deal.isOver { fail("deal ended though seat \(seat) still holds cards") }
            if deal.currentSeat != turn {
                fail("engine gave the turn to seat \(deal.currentSeat), expected \(turn)")
            }
            if deal.isLeading != (table == nil) { fail("engine disagrees on who leads") }
        }
        checkCards(of: deal)
    }

    private mutating func checkPlay(_ cards: CardSet, by seat: Int, deal: BigTwoDeal) {
        if !hands[seat].isSuperset(of: cards) {
            fail("seat \(seat) played \(cards.notation), not all in its hand")
        }
        guard let combo = classifier.classify(cards) else {
            fail("accepted play \(cards.notation) is not a combination")
            return
        }
        if !classifier.beats(combo, table) {
            fail("accepted play \(cards.notation) does not beat the table")
        }
        if firstPlay {
            let lowest = Card(.three, deal.options.suitOrder == .hongKong ? .diamonds : .clubs)
            if !cards.contains(lowest) { fail("first play \(cards.notation) lacks the lowest card") }
            if deal.options.firstLeadSingle && cards.count != 1 {
                fail("first play \(cards.notation) is not the lowest card alone")
            }
        }
        let recorded = deal.history.last?.play
        if recorded?.cards != cards || recorded?.kind.rawValue != combo.kind {
            fail("engine recorded \(String(describing: recorded)) for \(cards.notation)")
        }
        hands[seat].subtract(cards)
        played.formUnion(cards)
        table = combo
        tableOwner = seat
        passed = 0
        firstPlay = false
    }

    /// Moves the turn to the next seat that may act; a trick ends when it comes back to the
    /// seat that made the table play.
    private mutating func advance(from seat: Int) {
        var next = seat
        repeat {
            next = (next + 1) % hands.count
            if next == tableOwner {
                table = nil
                tableOwner = nil
                passed = 0
                break
            }
        } while classifier.options.passLocksOut && passed & (1 << UInt8(next)) != 0
        turn = next
    }

    private mutating func checkEnd(_ deal: BigTwoDeal, winner: Int) {
        guard deal.isOver, deal.winner == winner, let result = deal.result else {
            fail("seat \(winner) went out but the deal did not end with it winning")
            return
        }
        if result.scores.reduce(0, +) != 0 { fail("scores \(result.scores) do not sum to zero") }
        if result.cardsLeft != hands.map(\.count) {
            fail("result counts \(result.cardsLeft) differ from \(hands.map(\.count))")
        }
        if result.scores[winner] <= 0 && hands.contains(where: { !$0.isEmpty }) {
            fail("winner scored \(result.scores[winner])")
        }
    }

    /// Every card of the deck is in exactly one place, and the engine agrees on where.
    private mutating func checkCards(of deal: BigTwoDeal) {
        var seen = played
        var total = played.count
        for hand in hands {
            if !seen.isDisjoint(with: hand) { fail("a card is in two places") }
            seen.formUnion(hand)
            total += hand.count
        }
        if total != 52 || seen != CardSet.fullDeck { fail("\(total) cards accounted for, not 52") }
        if deal.hands != hands { fail("engine hands differ from the checker's") }
        if deal.playedCards != played { fail("engine played pile differs from the checker's") }
    }
}
