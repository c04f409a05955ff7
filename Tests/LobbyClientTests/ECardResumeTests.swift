import CardGames
import LobbyClient
import LobbyProtocol
import Testing

/// An E-Card tracker rebuilt at a snapshot's position keeps checking the reveals after it.
@Suite struct ECardResumeTests {
    @Test func aTrackerResumedMidMatchChecksLaterReveals() throws {
        var match = try ECardMatch(options: .standard)
        var rng = Xoshiro256StarStar(seed: 3)
        var bot = ECardRandomBot()
        var resumed: ECardTracker?
        var checkedReveals = 0
        while let first = match.seatToLay {
            if match.handNumber == 4 && resumed == nil {
                let view = ECardView(
                    hand: match.handNumber, play: match.playNumber,
                    emperorSeat: match.emperorSeat,
                    firstLayer: first, laid: [], seatToLay: first, cardCounts: [0, 0],
                    cards: match.hand(of: 1).cards.map(\.rawValue), totals: match.totals)
                resumed = ECardTracker(seat: 1, options: .standard, resumingAt: view)
                #expect(resumed?.isAt(view) == true)
                #expect(resumed?.view.hand == match.view(for: 1).hand)
            }
            for seat in [first, 1 - first] {
                let card = bot.chooseCard(view: match.view(for: seat), using: &rng)
                let event = try match.lay(card, by: seat)
                guard case .revealed(let reveal) = event, var tracker = resumed else { continue }
                let notice = ECardRevealNotice(
                    table: 1, hand: reveal.play.handNumber, play: reveal.play.playNumber,
                    cards: reveal.play.cards.map(\.rawValue), outcome: "",
                    winner: reveal.handResult?.winner,
                    winningSide: reveal.handResult?.winningSide.rawValue,
                    payout: reveal.handResult?.payout, totals: match.totals,
                    matchOver: match.isOver)
                var wrong = notice
                wrong.totals = [match.totals[0] + 1, match.totals[1] - 1]
                var copy = resumed!
                #expect(copy.reveal(wrong).contains { $0.contains("totals differ") })
                #expect(tracker.reveal(notice) == [])
                resumed = tracker
                checkedReveals += 1
            }
        }
        #expect(checkedReveals > 3)
    }
}
