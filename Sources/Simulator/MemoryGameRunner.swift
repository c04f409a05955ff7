import CardGames
import LobbyProtocol

/// Plays memory games between bots. After every flip it checks, against its own copy of the
/// layout, that no view shows a face-down card, that no bot remembers a card before it was
/// flipped or remembers it wrong, and that turns pass as the rules say.
struct MemoryGameRunner: Sendable {
    let config: SimulationConfig
    /// The bots and their generators, kept from game to game so that a game allocates
    /// nothing for them.
    private var bots: [MemoryBot] = []
    private var generators: [Xoshiro256StarStar] = []

    init(config: SimulationConfig) {
        self.config = config
    }

    /// A game played out: its seed, the match as it ended, the broken invariants found on the
    /// way, and, when asked for, every flip (card numbers from 1).
    struct PlayedGame {
        let seed: DealSeed
        let match: MemoryMatch
        let problems: [String]
        let flips: [DealMove]
    }

    /// Plays game `index` and adds it to `tally`.
    mutating func play(game index: Int, into tally: inout SimulationTally) {
        guard let played = playGame(index, keepingFlips: false) else {
            tally.recordViolations(["invalid memory options"], game: index)
            tally.recordGame(
                winner: nil, scores: Array(repeating: 0, count: config.memoryBots.count),
                moves: 0)
            return
        }
        let match = played.match
        tally.recordViolations(played.problems, game: index)
        tally.recordGame(
            winner: Self.soleLeader(match.scores), scores: match.scores, moves: match.flips)
    }

    /// Plays game `index` to its end; nil when the configured options are invalid. The bot
    /// about to flip is checked before every flip and every bot at the end.
    mutating func playGame(_ index: Int, keepingFlips: Bool) -> PlayedGame? {
        let kinds = config.memoryBots
        let seed = DealSeed.derived(masterSeed: config.seed, dealNumber: UInt64(index))
        let options = MemoryOptions(pairs: config.memoryPairs, seats: kinds.count)
        guard var match = try? MemoryMatch(seed: seed, options: options) else { return nil }
        var flips: [DealMove] = []
        bots.removeAll(keepingCapacity: true)
        generators.removeAll(keepingCapacity: true)
        for (seat, kind) in kinds.enumerated() {
            bots.append(MemoryBot(kind: kind, cardCount: options.cardCount))
            generators.append(
                Xoshiro256StarStar(
                    seed: SimulationConfig.botSeed(master: config.seed, game: index, seat: seat)))
        }
        var checker = Checker(
            layout: MemoryDealer.layout(seed: seed, pairs: options.pairs), seats: kinds.count)
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
            if keepingFlips { flips.append(DealMove(seat: seat, cards: "\(position + 1)")) }
            for other in bots.indices { bots[other].observe(event) }
            if let next = match.seatToFlip { checker.check(bots[next], seat: next) }
        }
        for seat in bots.indices { checker.check(bots[seat], seat: seat) }
        checker.finished(match)
        return PlayedGame(seed: seed, match: match, problems: checker.problems, flips: flips)
    }

    /// The one seat with the most pairs, or nil when several tie.
    static func soleLeader(_ scores: [Int]) -> Int? {
        var leader: Int?
        var best = Int.min
        for (seat, score) in scores.enumerated() {
            if score > best {
                (leader, best) = (seat, score)
            } else if score == best {
                leader = nil
            }
        }
        return leader
    }

    /// The checker's own record of the game.
    struct Checker {
        let layout: [UInt8]
        let seats: Int
        var everFlipped: UInt64 = 0
        var found: UInt64 = 0
        var first: Int?
        var problems: [String] = []

        /// The layout as five bit planes: bit `p` of plane `k` is bit `k` of the face at `p`.
        let layoutPlanes: InlineArray<5, UInt64>

        init(layout: [UInt8], seats: Int) {
            self.layout = layout
            self.seats = seats
            var planes = InlineArray<5, UInt64>(repeating: 0)
            for (position, face) in layout.enumerated() {
                let bit: UInt64 = 1 << UInt64(position)
                planes[0] |= face & 1 != 0 ? bit : 0
                planes[1] |= face & 2 != 0 ? bit : 0
                planes[2] |= face & 4 != 0 ? bit : 0
                planes[3] |= face & 8 != 0 ? bit : 0
                planes[4] |= face & 16 != 0 ? bit : 0
            }
            layoutPlanes = planes
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
            var wrong: UInt64 = 0
            for bit in layoutPlanes.indices { wrong |= bot.facePlane(bit) ^ layoutPlanes[bit] }
            wrong &= bot.known
            if wrong != 0 {
                let position = wrong.trailingZeroBitCount
                fail("the bot at seat \(seat) remembers card \(position + 1) wrong")
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
