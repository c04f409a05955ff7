import CardGames
import LobbyClient
import LobbyProtocol
import Testing

/// A seated E-Card client that misses part of a table's matches (a drop, a restart) and
/// carries on from the `state` snapshot: whatever it missed, and wherever it resumes, the
/// reveals after the snapshot check out, across the end of one match and the start of the next.
@Suite struct ECardSessionResumeTests {
    /// One message a seat receives, and the match as it stands after it (nil between matches).
    private struct Step {
        var message: ServerMessage
        var after: ECardMatch?
        var matchesPlayed: Int
    }

    /// Two matches between random bots, as seat `seat` receives them.
    private static func script(seat: Int, seed: UInt64) throws -> [Step] {
        var rng = Xoshiro256StarStar(seed: seed)
        var bot = ECardRandomBot()
        var steps: [Step] = []
        for matchIndex in 0..<2 {
            var match = try ECardMatch(options: .standard)
            var hand = 0
            while let first = match.seatToLay {
                if match.handNumber != hand {
                    hand = match.handNumber
                    let notice = ECardHandNotice(
                        table: 1, hand: hand, emperorSeat: match.emperorSeat, seat: seat,
                        side: match.side(of: seat).rawValue,
                        cards: match.hand(of: seat).cards.map(\.rawValue))
                    steps.append(Step(message: ServerMessage(.ecardHand(notice), id: nil),
                        after: match, matchesPlayed: matchIndex))
                }
                var event: ECardEvent?
                for mover in [first, 1 - first] {
                    let card = bot.chooseCard(view: match.view(for: mover), using: &rng)
                    event = try match.lay(card, by: mover)
                }
                guard case .revealed(let reveal) = event else { continue }
                let notice = ECardRevealNotice(
                    table: 1, hand: reveal.play.handNumber, play: reveal.play.playNumber,
                    cards: reveal.play.cards.map(\.rawValue),
                    outcome: reveal.play.outcome.winner.map { "seat \($0)" } ?? "draw",
                    winner: reveal.handResult?.winner,
                    winningSide: reveal.handResult?.winningSide.rawValue,
                    payout: reveal.handResult?.payout, totals: match.totals,
                    matchOver: match.isOver)
                let played = matchIndex + (match.isOver ? 1 : 0)
                steps.append(Step(message: ServerMessage(.ecardReveal(notice), id: nil),
                    after: match.isOver ? nil : match, matchesPlayed: played))
            }
        }
        return steps
    }

    private static func table(gamesPlayed: Int) -> TableInfo {
        TableInfo(
            id: 1, kind: .ecard, name: "t", status: .playing,
            seats: (0..<2).map { SeatInfo(seat: $0, player: "p\($0)", bot: false, connected: true) },
            rules: nil, options: nil, ecard: .standard, bots: "random", spectators: 0,
            turnSeconds: 0, games: nil, gamesPlayed: gamesPlayed, totals: [0, 0])
    }

    /// The snapshot `seat` gets at `match`'s position (no E-Card view between matches).
    private static func snapshot(_ match: ECardMatch?, seat: Int, gamesPlayed: Int) -> Snapshot {
        let view = match.flatMap { match -> ECardView? in
            guard let first = match.firstLayer else { return nil }
            return ECardView(
                hand: match.handNumber, play: match.playNumber, emperorSeat: match.emperorSeat,
                firstLayer: first, laid: [], seatToLay: match.seatToLay,
                cardCounts: (0..<2).map { match.hand(of: $0).count },
                cards: match.hand(of: seat).cards.map(\.rawValue), totals: match.totals)
        }
        return Snapshot(
            table: table(gamesPlayed: gamesPlayed), seat: seat, game: view)
    }

    @Test(arguments: [0, 1])
    func everyResumeChecksOutWhateverWasMissed(seat: Int) throws {
        let steps = try Self.script(seat: seat, seed: UInt64(40 + seat))
        #expect(steps.count > 40)
        var resumes = 0
        // Every place to drop, and a few lengths of what is missed (nothing, one message,
        // several, across a match's end).
        for start in 0..<steps.count {
            for missed in [0, 1, 3, 9] where start + missed < steps.count {
                var state = SessionState()
                state.seat = seat
                state.table = Self.table(gamesPlayed: 0)
                for step in steps[..<start] { state.apply(step.message) }
                let resumedAt = start + missed
                let before = resumedAt == 0 ? nil : steps[resumedAt - 1]
                let position = try before.map(\.after) ?? ECardMatch(options: .standard)
                let snapshot = Self.snapshot(
                    position, seat: seat, gamesPlayed: before?.matchesPlayed ?? 0)
                state.apply(ServerMessage(.state(snapshot), id: nil))
                for step in steps[resumedAt...] { state.apply(step.message) }
                #expect(
                    state.violations == [],
                    "seat \(seat), dropped after \(start) messages, missed \(missed)")
                resumes += 1
            }
        }
        #expect(resumes > 100)
    }

    /// A client that comes in part-way without a snapshot (its first E-Card message is a later
    /// hand's start) follows nothing until one comes, rather than a match from hand 1.
    @Test func aLaterHandWithoutASnapshotWaitsForOne() throws {
        let steps = try Self.script(seat: 0, seed: 7)
        let later = try #require(
            steps.firstIndex {
                if case .ecardHand(let notice) = $0.message.event { return notice.hand == 4 }
                return false
            })
        var state = SessionState()
        state.seat = 0
        state.table = Self.table(gamesPlayed: 0)
        for step in steps[later...] { state.apply(step.message) }
        #expect(state.violations == [])
    }
}
