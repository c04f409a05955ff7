import CardGames

/// Re-checks an E-Card match after every card laid, from its own record: each seat always
/// accounts for exactly its five cards of its side (in hand, face down or revealed), plays are
/// judged by this checker's own table, sides swap on schedule, and totals stay zero-sum.
struct ECardInvariantChecker {
    private let options: ECardOptions
    private var handNumber = 1
    private var playNumber = 1
    private var firstLayer: Int
    private var special: [Bool] = [true, true]
    private var citizens: [Int] = [4, 4]
    private var revealedThisHand: [Int] = [0, 0]
    private var faceDown: (seat: Int, card: ECardCard)?
    private var totals: [Int] = [0, 0]
    private var over = false
    /// What went wrong, in order; empty when every check passed.
    private(set) var violations: [String] = []

    /// Starts at the first play of a new match.
    init(options: ECardOptions) {
        self.options = options
        firstLayer = 0
        firstLayer = emperorSeat(hand: 1)
    }

    /// The Emperor seat of a hand: seat 0 for the first block of hands, then alternating.
    private func emperorSeat(hand: Int) -> Int { ((hand - 1) / options.swapInterval) & 1 }

    private func specialCard(of seat: Int) -> ECardCard {
        seat == emperorSeat(hand: handNumber) ? .emperor : .slave
    }

    private mutating func fail(_ message: String) { violations.append(message) }

    /// Checks a card the engine accepted from `seat`, the event it produced, and the match.
    mutating func accepted(_ card: ECardCard, by seat: Int, event: ECardEvent, match: ECardMatch) {
        if over { fail("a card was accepted after the match ended") }
        let expected = faceDown == nil ? firstLayer : 1 - firstLayer
        if seat != expected { fail("seat \(seat) laid out of turn in hand \(handNumber)") }
        take(card, from: seat)
        switch event {
        case .laidFaceDown(let laidBy):
            if faceDown != nil || laidBy != seat { fail("unexpected face-down event") }
            faceDown = (seat, card)
        case .revealed(let reveal):
            guard let first = faceDown else {
                fail("cards revealed with nothing face down")
                return
            }
            faceDown = nil
            var cards: [ECardCard] = [card, card]
            cards[first.seat] = first.card
            checkReveal(reveal, cards: cards)
        }
        checkConservation(match)
    }

    private mutating func take(_ card: ECardCard, from seat: Int) {
        if card == .citizen {
            if citizens[seat] == 0 { fail("seat \(seat) laid a citizen it did not hold") }
            citizens[seat] -= 1
        } else {
            if card != specialCard(of: seat) || !special[seat] {
                fail("seat \(seat) laid \(card) it did not hold")
            }
            special[seat] = false
        }
        revealedThisHand[seat] += 1
    }

    /// Who wins a clash, by this checker's own table: nil for a draw.
    private func winner(_ cards: [ECardCard]) -> Int? {
        func beats(_ a: ECardCard, _ b: ECardCard) -> Bool {
            (a == .emperor && b == .citizen) || (a == .citizen && b == .slave)
                || (a == .slave && b == .emperor)
        }
        if beats(cards[0], cards[1]) { return 0 }
        if beats(cards[1], cards[0]) { return 1 }
        return nil
    }

    private mutating func checkReveal(_ reveal: ECardReveal, cards: [ECardCard]) {
        if reveal.play.cards != cards { fail("revealed \(reveal.play.cards), laid \(cards)") }
        if reveal.play.handNumber != handNumber || reveal.play.playNumber != playNumber {
            fail("play numbered \(reveal.play.handNumber).\(reveal.play.playNumber)")
        }
        let won = winner(cards)
        if reveal.play.outcome.winner != won { fail("\(cards) judged \(reveal.play.outcome)") }
        guard let won else {
            if cards != [.citizen, .citizen] { fail("a draw between \(cards)") }
            playNumber += 1
            firstLayer = 1 - firstLayer
            if playNumber > 5 { fail("hand \(handNumber) went past five plays") }
            return
        }
        let slaveWon = won != emperorSeat(hand: handNumber)
        let payout = slaveWon ? options.slavePayout * options.emperorPayout : options.emperorPayout
        totals[won] += payout
        totals[1 - won] -= payout
        if reveal.handResult?.payout != payout || reveal.handResult?.totals != totals {
            fail("hand \(handNumber) paid \(String(describing: reveal.handResult)), expected \(payout)")
        }
        if totals[0] + totals[1] != 0 { fail("totals \(totals) are not zero-sum") }
        if handNumber == options.handsPerMatch {
            over = true
            if !reveal.isMatchOver { fail("match did not end after hand \(handNumber)") }
            return
        }
        handNumber += 1
        playNumber = 1
        firstLayer = emperorSeat(hand: handNumber)
        special = [true, true]
        citizens = [4, 4]
        revealedThisHand = [0, 0]
        if reveal.nextHand?.emperorSeat != firstLayer || reveal.nextFirstLayer != firstLayer {
            fail("hand \(handNumber) should start with seat \(firstLayer) as Emperor")
        }
    }

    /// Each seat holds, has face down or has revealed exactly five cards this hand, its hand
    /// holds only its side's cards, and the engine agrees with this record.
    private mutating func checkConservation(_ match: ECardMatch) {
        if match.isOver != over { fail("engine says over: \(match.isOver), checker: \(over)") }
        if match.totals != totals { fail("engine totals \(match.totals), checker \(totals)") }
        guard !over else { return }
        if match.emperorSeat != emperorSeat(hand: handNumber) { fail("sides did not swap on time") }
        for seat in 0..<2 {
            let held = citizens[seat] + (special[seat] ? 1 : 0)
            if held + revealedThisHand[seat] != 5 { fail("seat \(seat) accounts for wrong cards") }
            let hand = match.hand(of: seat)
            if hand.citizens != citizens[seat] || hand.holdsSpecial != special[seat]
                || hand.specialCard != specialCard(of: seat)
            {
                fail("engine hand of seat \(seat) differs from the checker's")
            }
        }
    }

    /// Checks the end of the match.
    mutating func finished(_ match: ECardMatch) {
        if !over || !match.isOver { fail("match did not end") }
        if match.handResults.count != options.handsPerMatch { fail("wrong number of hands") }
    }
}
