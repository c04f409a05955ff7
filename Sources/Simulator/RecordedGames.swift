import CardGames
import LobbyProtocol

/// The game log records of one simulated game: a Big Two deal, every hand of an E-Card
/// match, a tic-tac-toe round, a memory game or a roulette round, played by the configured
/// bots from the same seeds as the simulation.
struct RecordedGames {
    let config: SimulationConfig
    /// Made-up people to seat instead of the bots' names; nil keeps `bot:<level>`.
    let people: Int?

    /// The records of game `index` (numbered 0, for the log to number).
    func records(game index: Int) -> [DealRecord] {
        switch config.game {
        case .bigtwo: bigTwo(index).map { [$0] } ?? []
        case .ecard: eCard(index)
        case .tictactoe: ticTacToe(index).map { [$0] } ?? []
        case .memory: memory(index).map { [$0] } ?? []
        case .roulette: roulette(index).map { [$0] } ?? []
        }
    }

    /// The player names of game `index`.
    private func players(game index: Int) -> [String] {
        let bots = config.botNames
        guard let people else { return bots.map { "bot:\($0)" } }
        return bots.indices.map { seat in
            let mixed = (UInt64(index) &* UInt64(bots.count) &+ UInt64(seat))
                &* 0x9E37_79B9_7F4A_7C15
            let person = Int(mixed >> 33) % people + 1
            let digits = String(person)
            return "person-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
        }
    }

    private func bigTwo(_ index: Int) -> DealRecord? {
        let seats = config.bigTwoBots.count
        let seed = DealSeed.derived(masterSeed: config.seed, dealNumber: UInt64(index))
        var deal = BigTwoDeal(hands: Dealer.deal(seed: seed, seats: seats), options: config.options)
        var bots = config.bigTwoBots.enumerated().map { seat, level in
            level.makeBigTwoBot(
                seed: SimulationConfig.botSeed(master: config.seed, game: index, seat: seat))
        }
        var moves = 0
        while !deal.isOver && moves < BigTwoGameRunner.moveLimit {
            let seat = deal.currentSeat
            let chosen = bots[seat].chooseMove(deal.view(for: seat))
            if (try? deal.apply(chosen, by: seat)) == nil {
                guard let fallback = deal.legalMoves().first,
                    (try? deal.apply(fallback, by: seat)) != nil
                else { return nil }
            }
            moves += 1
        }
        guard deal.isOver else { return nil }
        return DealRecord.bigTwo(
            table: 1, tableName: "sim", dealNumber: index + 1, players: players(game: index),
            rules: config.rulesName, seed: seed, deal: deal,
            finishedAt: Self.epoch + Int64(index))
    }

    private func eCard(_ index: Int) -> [DealRecord] {
        guard var match = try? ECardMatch(options: config.eCardOptions) else { return [] }
        var bots = config.eCardBots.map { $0.makeBot() }
        var generators = (0..<2).map { seat in
            Xoshiro256StarStar(
                seed: SimulationConfig.botSeed(master: config.seed, game: index, seat: seat))
        }
        var laid = 0
        while let seat = match.seatToLay, laid < config.eCardOptions.handsPerMatch * 10 {
            let view = match.view(for: seat)
            let card = bots[seat].chooseCard(view: view, using: &generators[seat])
            if (try? match.lay(card, by: seat)) == nil {
                guard let fallback = view.hand.cards.first,
                    (try? match.lay(fallback, by: seat)) != nil
                else { break }
            }
            laid += 1
        }
        let players = players(game: index)
        return match.handResults.map { result in
            DealRecord.eCardHand(
                table: 2, tableName: "sim", matchNumber: index + 1, players: players,
                match: match, handNumber: result.handNumber,
                finishedAt: Self.epoch + Int64(index))
        }
    }

    private func ticTacToe(_ index: Int) -> DealRecord? {
        let match = TicTacToeGameRunner(config: config).playRound(index).match
        guard match.result != nil else { return nil }
        return DealRecord.ticTacToeRound(
            table: 3, tableName: "sim", roundNumber: index + 1, players: players(game: index),
            match: match, finishedAt: Self.epoch + Int64(index))
    }

    private func memory(_ index: Int) -> DealRecord? {
        var runner = MemoryGameRunner(config: config)
        guard let played = runner.playGame(index, keepingFlips: true), played.match.isOver
        else { return nil }
        return DealRecord.memoryGame(
            table: 4, tableName: "sim", gameNumber: index + 1, players: players(game: index),
            seed: played.seed, match: played.match, flips: played.flips,
            finishedAt: Self.epoch + Int64(index))
    }

    private func roulette(_ index: Int) -> DealRecord? {
        guard let played = RouletteGameRunner(config: config).playRound(index) else { return nil }
        return DealRecord.rouletteRound(
            table: 5, tableName: "sim", roundNumber: index + 1, players: players(game: index),
            seed: played.seed, round: played.round, finishedAt: Self.epoch + Int64(index))
    }

    /// The finishing time written in generated records: 2026-01-01 in Unix milliseconds,
    /// plus the game number, so a generated log is the same on every run.
    static let epoch: Int64 = 1_767_225_600_000
}
