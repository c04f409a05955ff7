import CardGames

/// Plays roulette rounds: every seat's bot bets at random within the limit, the wheel spins
/// from the round's seed, and the payouts are re-computed and checked for conservation.
struct RouletteGameRunner: Sendable {
    let config: SimulationConfig

    /// A round played out: its seed, the round settled, each seat's payout, and the broken
    /// invariants found on the way.
    struct PlayedRound {
        let seed: DealSeed
        let round: RouletteRound
        let payouts: [Int]
        let problems: [String]
    }

    /// Plays round `index` and adds it to `tally`.
    func play(game index: Int, into tally: inout SimulationTally) {
        guard let played = playRound(index) else {
            tally.recordViolations(["invalid roulette options"], game: index)
            tally.recordGame(
                winner: nil, scores: Array(repeating: 0, count: config.roulette.seats), moves: 0)
            return
        }
        let payouts = played.payouts
        let best = payouts.max() ?? 0
        let leaders = payouts.indices.filter { payouts[$0] == best }
        tally.recordViolations(played.problems, game: index)
        tally.recordGame(
            winner: best > 0 && leaders.count == 1 ? leaders[0] : nil, scores: payouts,
            moves: played.round.bets.count)
    }

    /// Plays round `index` to the spin; nil when the configured options are invalid.
    func playRound(_ index: Int) -> PlayedRound? {
        let options = config.roulette
        guard var round = try? RouletteRound(options: options) else { return nil }
        var problems: [String] = []
        var bets: [RouletteBet] = []
        for seat in 0..<options.seats {
            var rng = Xoshiro256StarStar(
                seed: SimulationConfig.botSeed(master: config.seed, game: index, seat: seat))
            let choices = RouletteBot().chooseBets(
                segments: options.segments, remaining: round.remaining(for: seat), using: &rng)
            for choice in choices {
                do {
                    try round.bet(seat: seat, segment: choice.segment, chips: choice.chips)
                    bets.append(
                        RouletteBet(seat: seat, segment: choice.segment, chips: choice.chips))
                } catch {
                    problems.append(
                        "seat \(seat) bet \(choice.chips) on \(choice.segment): \(error)")
                }
            }
            if round.staked[seat] > options.maxStake {
                problems.append("seat \(seat) over the limit")
            }
        }
        let seed = DealSeed.derived(masterSeed: config.seed, dealNumber: UInt64(index))
        let spin = RouletteWheel.spin(seed: seed, segments: options.segments)
        var generator = Xoshiro256StarStar(dealSeed: seed)
        if spin != Int(generator.nextBounded(UInt64(options.segments))) + 1 {
            problems.append("the spin is not the seed's first bounded draw")
        }
        let payouts = round.settle(on: spin)
        problems += Self.check(payouts, bets: bets, spin: spin, segments: options.segments)
        return PlayedRound(seed: seed, round: round, payouts: payouts, problems: problems)
    }

    /// Chips are conserved apart from payouts: every chip staked is either kept by the table
    /// or returned to a winner with `segments − 1` more per chip, and each seat's net is its
    /// own bets' result.
    static func check(_ payouts: [Int], bets: [RouletteBet], spin: Int, segments: Int)
        -> [String]
    {
        var problems: [String] = []
        var net = Array(repeating: 0, count: payouts.count)
        var staked = 0
        var returned = 0
        for bet in bets {
            staked += bet.chips
            if bet.segment == spin {
                returned += bet.chips * segments
                net[bet.seat] += bet.chips * (segments - 1)
            } else {
                net[bet.seat] -= bet.chips
            }
        }
        if net != payouts { problems.append("payouts \(payouts) are not the bets' \(net)") }
        if payouts.reduce(0, +) != returned - staked {
            problems.append("chips were made or lost outside the payouts")
        }
        return problems
    }
}
