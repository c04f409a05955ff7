import CardGames

/// Plays Big Two deals between bots, checking every move with `BigTwoInvariantChecker`.
struct BigTwoGameRunner: Sendable {
    let config: SimulationConfig
    /// A deal that has not ended after this many moves is stuck: a violation.
    static let moveLimit = 2000

    /// Plays game `index` and adds it to `tally`.
    func play(game index: Int, into tally: inout SimulationTally) {
        let seats = config.bigTwoBots.count
        let dealSeed = DealSeed.derived(masterSeed: config.seed, dealNumber: UInt64(index))
        var deal = BigTwoDeal(
            hands: Dealer.deal(seed: dealSeed, seats: seats), options: config.options)
        var bots = config.bigTwoBots.enumerated().map { seat, level in
            level.makeBigTwoBot(
                seed: SimulationConfig.botSeed(master: config.seed, game: index, seat: seat))
        }
        var checker = BigTwoInvariantChecker(deal: deal)
        var problems: [String] = []
        var moves = 0
        while !deal.isOver && moves < BigTwoGameRunner.moveLimit {
            let seat = deal.currentSeat
            var move = bots[seat].chooseMove(deal.view(for: seat))
            tally.bigTwo.noteTurn(move, by: seat, in: deal)
            do {
                try deal.apply(move, by: seat)
            } catch {
                problems.append("seat \(seat) (\(config.bigTwoBots[seat])) tried \(move): \(error)")
                guard let fallback = deal.legalMoves().first,
                    (try? deal.apply(fallback, by: seat)) != nil
                else {
                    problems.append("seat \(seat) has no legal move")
                    break
                }
                move = fallback
            }
            checker.accepted(move, by: seat, deal: deal)
            moves += 1
        }
        problems += checker.violations
        guard let result = deal.result else {
            problems.append("deal did not end after \(moves) moves")
            tally.recordViolations(problems, game: index)
            tally.recordGame(winner: nil, scores: Array(repeating: 0, count: seats), moves: moves)
            return
        }
        tally.recordViolations(problems, game: index)
        tally.recordGame(winner: result.winner, scores: result.scores, moves: moves)
        tally.bigTwo.noteEnd(deal, winner: result.winner)
    }
}
