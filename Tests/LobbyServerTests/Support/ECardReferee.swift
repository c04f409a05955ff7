import LobbyProtocol

/// Follows the E-Card events one client receives and checks them against the rules, worked
/// out here independently of the engine: who holds which side, who lays first, what each
/// reveal pays and the running totals.
struct ECardReferee {
    let handsPerMatch: Int
    let swapInterval: Int
    let slavePayout: Int
    let stake: Int
    /// Every rule the events broke, as text; empty when all is well.
    private(set) var problems: [String] = []
    /// The current hand number (0 before the first).
    private(set) var hand = 0
    /// Hands decided, over all matches.
    private(set) var handsDecided = 0
    private(set) var emperorWins = 0
    private(set) var slaveWins = 0
    private(set) var draws = 0
    /// Matches ended (`match_end` seen).
    private(set) var matchesEnded = 0
    /// The current match's totals per seat.
    private(set) var matchTotals = [0, 0]
    /// Totals over every finished match.
    private(set) var tableTotals = [0, 0]
    /// The seat holding the Emperor side in the current hand, once known.
    private(set) var emperorSeat: Int?
    /// The emperor seat of every hand seen, in order.
    private(set) var emperorSeats: [Int] = []
    /// Every reveal seen, in order.
    private(set) var reveals: [ECardRevealNotice] = []
    /// The seat expected to lay first in the coming play, if known.
    private var expectedFirst: Int?
    /// The seat that laid first in the current play.
    private var firstLayer: Int?

    init(handsPerMatch: Int = 12, swapInterval: Int = 3, slavePayout: Int = 5, stake: Int = 1) {
        self.handsPerMatch = handsPerMatch
        self.swapInterval = swapInterval
        self.slavePayout = slavePayout
        self.stake = stake
    }

    /// The side the rules give `seat` in hand `hand`: seat 0 is the Emperor for the first
    /// `swapInterval` hands, then the sides swap every `swapInterval` hands.
    func side(of seat: Int, inHand hand: Int) -> String {
        let emperor = ((hand - 1) / swapInterval) % 2
        return seat == emperor ? "emperor" : "slave"
    }

    mutating func observe(_ event: ServerEvent) {
        switch event {
        case .ecardHand(let notice): handStarts(notice)
        case .ecardTurn(let notice): turn(notice)
        case .ecardReveal(let notice): revealed(notice)
        case .matchEnd(let notice): matchEnds(notice)
        default: break
        }
    }

    private mutating func handStarts(_ notice: ECardHandNotice) {
        let expected = hand == handsPerMatch || hand == 0 ? 1 : hand + 1
        check(notice.hand == expected, "hand \(notice.hand) follows hand \(hand)")
        if notice.hand == 1 { matchTotals = [0, 0] }
        hand = notice.hand
        let emperor = side(of: 0, inHand: hand) == "emperor" ? 0 : 1
        check(notice.emperorSeat == emperor, "hand \(hand): emperor seat \(notice.emperorSeat)")
        emperorSeat = emperor
        emperorSeats.append(notice.emperorSeat)
        if let seat = notice.seat {
            let side = side(of: seat, inHand: hand)
            check(notice.side == side, "hand \(hand): side \(notice.side ?? "none")")
            let dealt = [side] + Array(repeating: "citizen", count: 4)
            check(notice.cards == dealt, "hand \(hand): dealt \(notice.cards ?? [])")
        } else {
            check(notice.side == nil && notice.cards == nil, "spectator got a side or cards")
        }
        expectedFirst = emperor
    }

    private mutating func turn(_ notice: ECardTurnNotice) {
        if notice.first {
            if let expectedFirst {
                check(notice.seat == expectedFirst, "first layer \(notice.seat)")
            }
            firstLayer = notice.seat
            expectedFirst = nil
        } else {
            check(notice.seat == firstLayer.map { 1 - $0 }, "second layer \(notice.seat)")
        }
    }

    private mutating func revealed(_ notice: ECardRevealNotice) {
        reveals.append(notice)
        let label = "hand \(notice.hand) play \(notice.play)"
        check(notice.hand == hand, "\(label): reveal of another hand")
        guard let emperor = emperorSeat, notice.cards.count == 2 else {
            check(false, "\(label): reveal without a hand")
            return
        }
        let slaveSeat = 1 - emperor
        let emperorCard = notice.cards[emperor]
        let slaveCard = notice.cards[slaveSeat]
        check(["emperor", "citizen"].contains(emperorCard), "\(label): emperor laid \(emperorCard)")
        check(["slave", "citizen"].contains(slaveCard), "\(label): slave laid \(slaveCard)")
        let winner: Int? =
            switch (emperorCard, slaveCard) {
            case ("citizen", "citizen"): nil
            case ("emperor", "citizen"), ("citizen", "slave"): emperor
            default: slaveSeat
            }
        if let winner {
            let side = winner == emperor ? "emperor" : "slave"
            let payout = side == "emperor" ? stake : slavePayout * stake
            check(notice.outcome == "seat \(winner)", "\(label): outcome \(notice.outcome)")
            check(notice.winner == winner, "\(label): winner \(String(describing: notice.winner))")
            check(notice.winningSide == side, "\(label): winning side")
            check(notice.payout == payout, "\(label): payout \(String(describing: notice.payout))")
            matchTotals[winner] += payout
            matchTotals[1 - winner] -= payout
            handsDecided += 1
            if side == "emperor" { emperorWins += 1 } else { slaveWins += 1 }
            check(notice.matchOver == (hand == handsPerMatch), "\(label): match_over flag")
            emperorSeat = nil
        } else {
            draws += 1
            check(notice.outcome == "draw" && notice.winner == nil, "\(label): draw reported")
            check(notice.payout == nil && !notice.matchOver, "\(label): draw pays nothing")
            expectedFirst = firstLayer.map { 1 - $0 }
        }
        check(notice.totals == matchTotals, "\(label): totals \(notice.totals) not \(matchTotals)")
        check(notice.totals.reduce(0, +) == 0, "\(label): totals do not sum to zero")
    }

    private mutating func matchEnds(_ notice: MatchEnd) {
        matchesEnded += 1
        check(hand == handsPerMatch, "match ended after hand \(hand)")
        tableTotals = zip(tableTotals, matchTotals).map { $0 + $1 }
        check(notice.games == matchesEnded, "match_end games \(notice.games)")
        check(notice.totals == tableTotals, "match_end totals \(notice.totals)")
    }

    private mutating func check(_ condition: Bool, _ problem: String) {
        if !condition { problems.append(problem) }
    }
}
