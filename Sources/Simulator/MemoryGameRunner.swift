import CardGames

/// Plays memory games between bots. After every flip it checks, against its own copy of the
/// layout, that no view shows a face-down card, that no bot remembers a card before it was
/// flipped or remembers it wrong, and that turns pass as the rules say.
struct MemoryGameRunner: Sendable {
    let config: SimulationConfig

    /// Plays game `index` and adds it to `tally`. The bot about to flip is checked before
    /// every flip and every bot at the end.
    func play(game index: Int, into tally: inout SimulationTally) {
        let kinds = config.memoryBots
        let seed = DealSeed.derived(masterSeed: config.seed, dealNumber: UInt64(index))
        let options = MemoryOptions(pairs: config.memoryPairs, seats: kinds.count)
        guard var match = try? MemoryMatch(seed: seed, options: options) else {
            tally.recordViolations(["invalid memory options"], game: index)
            tally.recordGame(winner: nil, scores: Array(repeating: 0, count: kinds.count), moves: 0)
            return
        }
        let layout = MemoryDealer.layout(seed: seed, pairs: options.pairs)
        var bots = kinds.map { MemoryBot(kind: $0, cardCount: options.cardCount) }
        var generators = kinds.indices.map { seat in
            Xoshiro256StarStar(
                seed: SimulationConfig.botSeed(master: config.seed, game: index, seat: seat))
        }
        var checker = Checker(layout: layout, seats: kinds.count)
        let limit = 50 * options.cardCount * options.cardCount
        while let seat = match.seatToFlip, match.flips < limit {
            let view = match.view(for: seat)
            checker.check(view, seat: seat)
            let position = bots[seat].choose(view: view, using: &generators[seat])
            let event: MemoryEvent
            do {
                event = try match.flip(position, by: seat)
            } catch {
                checker.fail("seat \(seat) (\(kinds[seat])) flipped \(position + 1): \(error)")
                break
            }
            checker.flipped(position, by: seat, event: event, next: match.seatToFlip)
            for other in bots.indices { bots[other].observe(event) }
            if let next = match.seatToFlip { checker.check(bots[next], seat: next) }
        }
        for seat in bots.indices { checker.check(bots[seat], seat: seat) }
        checker.finished(match)
        tally.recordViolations(checker.problems, game: index)
        let leaders = match.leaders
        tally.recordGame(
            winner: leaders.count == 1 ? leaders[0] : nil, scores: match.scores, moves: match.flips)
    }

    /// The checker's own record of the game.
    struct Checker {
        let layout: [UInt8]
        let seats: Int
        var everFlipped: UInt64 = 0
        var found: UInt64 = 0
        var first: Int?
        var problems: [String] = []

        init(layout: [UInt8], seats: Int) {
            self.layout = layout
            self.seats = seats
        }

        mutating func fail(_ message: String) { problems.append(message) }

        /// A view shows only the found pairs and the first card of the turn, with its face.
        mutating func check(_ view: MemorySeatView, seat: Int) {
            if view.found != found { fail("seat \(seat)'s view has the wrong found cards") }
            if view.firstPosition != first { fail("seat \(seat)'s view has the wrong first card") }
            if view.firstFace != first.map({ layout[$0] }) {
                fail("seat \(seat)'s view shows a face it should not")
            }
        }

        /// A bot knows only cards that were flipped, and knows them right.
        mutating func check(_ bot: MemoryBot, seat: Int) {
            if bot.known & ~everFlipped != 0 {
                fail("the bot at seat \(seat) knows a card no one has flipped")
            }
            var rest = bot.known
            while rest != 0 {
                let position = rest.trailingZeroBitCount
                rest &= rest - 1
                if bot.remembered(at: position) != layout[position] {
                    fail("the bot at seat \(seat) remembers card \(position + 1) wrong")
                }
            }
        }

        /// The flip showed the layout's face; a pair keeps the turn, a miss passes it on.
        mutating func flipped(_ position: Int, by seat: Int, event: MemoryEvent, next: Int?) {
            everFlipped |= 1 << UInt64(position)
            if event.flipped.position != position || event.flipped.face != layout[position] {
                fail("flipping card \(position + 1) showed the wrong face")
            }
            guard let firstCard = first else {
                first = position
                if next != seat { fail("the turn passed after one card") }
                return
            }
            first = nil
            if layout[firstCard] == layout[position] {
                found |= 1 << UInt64(firstCard) | 1 << UInt64(position)
                let over = found.nonzeroBitCount == layout.count
                if next != (over ? nil : seat) { fail("a pair did not keep the turn") }
            } else if next != (seat + 1) % seats {
                fail("a miss did not pass the turn to the next seat")
            }
        }

        /// Every pair is found and counted once, and the layout revealed is the one the
        /// checker derived from the seed.
        mutating func finished(_ match: MemoryMatch) {
            if !match.isOver { fail("the game did not end") }
            if match.scores.reduce(0, +) != layout.count / 2 { fail("pairs were miscounted") }
            if match.revealedLayout != layout { fail("the revealed layout is not the seed's") }
        }
    }
}
