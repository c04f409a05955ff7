@testable import CardGames

/// SplitMix64: a tiny seeded generator so E-Card tests are deterministic.
struct ECardTestRNG: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A predictable bot: lays Citizens until play `play` of each hand, then its special card.
/// `play: 1` always leads with the special card; `play: 5` holds it until it is forced.
struct ECardSpecialAtPlayBot: ECardBot {
    let play: Int

    mutating func chooseCard<G: RandomNumberGenerator>(
        view: ECardSeatView, using rng: inout G
    ) -> ECardCard {
        let hand = view.hand
        if hand.holdsSpecial && (view.playNumber >= play || hand.citizens == 0) {
            return hand.specialCard
        }
        return .citizen
    }
}

/// Per-side sums of one seat's hand results over many hands.
struct ECardSideTally {
    var sum: [ECardSide: Int] = [.emperor: 0, .slave: 0]
    var hands: [ECardSide: Int] = [.emperor: 0, .slave: 0]

    func mean(_ side: ECardSide) -> Double {
        Double(sum[side]!) / Double(max(hands[side]!, 1))
    }
}

enum ECardTestHarness {
    /// Plays one match between two bots; seat 0 uses `first`. Records nothing but the match.
    static func playMatch<A: ECardBot, B: ECardBot, G: RandomNumberGenerator>(
        _ first: inout A, _ second: inout B, options: ECardOptions = .standard,
        using rng: inout G
    ) throws(ECardError) -> ECardMatch {
        var match = try ECardMatch(options: options)
        while let seat = match.seatToLay {
            let view = match.view(for: seat)
            let card =
                seat == 0
                ? first.chooseCard(view: view, using: &rng)
                : second.chooseCard(view: view, using: &rng)
            _ = try match.lay(card, by: seat)
        }
        return match
    }

    /// Plays matches until at least `hands` hands have been played and tallies seat 0's
    /// results by the side it played.
    static func tally<A: ECardBot, B: ECardBot>(
        subject: A, opponent: B, hands: Int, seed: UInt64,
        options: ECardOptions = .standard
    ) throws(ECardError) -> ECardSideTally {
        var rng = ECardTestRNG(seed: seed)
        var subject = subject
        var opponent = opponent
        var tally = ECardSideTally()
        var played = 0
        while played < hands {
            let match = try playMatch(&subject, &opponent, options: options, using: &rng)
            for result in match.handResults {
                let side: ECardSide =
                    options.emperorSeat(inHand: result.handNumber) == 0 ? .emperor : .slave
                tally.sum[side]! += result.winner == 0 ? result.payout : -result.payout
                tally.hands[side]! += 1
            }
            played += match.handResults.count
        }
        return tally
    }
}
