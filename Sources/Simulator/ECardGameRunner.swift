import CardGames

/// Plays whole E-Card matches between bots, checking every card with `ECardInvariantChecker`.
struct ECardGameRunner: Sendable {
    let config: SimulationConfig

    /// Plays match `index` and adds it to `tally`.
    func play(game index: Int, into tally: inout SimulationTally) {
        guard var match = try? ECardMatch(options: config.eCardOptions) else {
            tally.recordViolations(["invalid E-Card options"], game: index)
            tally.recordGame(winner: nil, scores: [0, 0], moves: 0)
            return
        }
        var bots = config.eCardBots.map { $0.makeBot() }
        var generators = (0..<2).map { seat in
            Xoshiro256StarStar(
                seed: SimulationConfig.botSeed(master: config.seed, game: index, seat: seat))
        }
        var checker = ECardInvariantChecker(options: config.eCardOptions)
        var problems: [String] = []
        var moves = 0
        let limit = config.eCardOptions.handsPerMatch * 10
        while let seat = match.seatToLay, moves < limit {
            let view = match.view(for: seat)
            var card = bots[seat].chooseCard(view: view, using: &generators[seat])
            let event: ECardEvent
            do {
                event = try match.lay(card, by: seat)
            } catch {
                problems.append("seat \(seat) (\(config.eCardBots[seat])) laid \(card): \(error)")
                guard let fallback = view.hand.cards.first,
                    let accepted = try? match.lay(fallback, by: seat)
                else { break }
                card = fallback
                event = accepted
            }
            checker.accepted(card, by: seat, event: event, match: match)
            moves += 1
        }
        checker.finished(match)
        tally.recordViolations(problems + checker.violations, game: index)
        let totals = match.totals
        let winner = totals[0] == totals[1] ? nil : (totals[0] > totals[1] ? 0 : 1)
        tally.recordGame(winner: winner, scores: totals, moves: moves)
    }
}
