import CardGames
import LobbyClient
import LobbyProtocol
import Testing

/// A seat that misses part of a deal and catches up from a `state` snapshot.
@Suite struct DealTrackerResyncTests {
    /// The snapshot seat `seat` would receive with the deal in state `deal`.
    private func snapshot(of deal: BigTwoDeal, seat: Int, dealNumber: Int = 1) -> Snapshot {
        let table = TableInfo(
            id: 1, kind: .bigtwo, name: "t", status: .playing,
            seats: (0..<4).map {
                SeatInfo(seat: $0, player: "p\($0)", bot: false, connected: true)
            },
            rules: "standard", options: .standard, ecard: nil, bots: "greedy", spectators: 0,
            turnSeconds: 0, games: nil, gamesPlayed: 0, totals: [0, 0, 0, 0])
        let commitment = DealSeed.derived(masterSeed: 12, dealNumber: 1).commitment
        let view = DealView(
            deal: dealNumber, commitment: commitment,
            currentSeat: deal.currentSeat, leading: deal.isLeading,
            tablePlay: deal.tablePlay?.cards.cards, tableCombo: deal.tablePlay?.kind.name,
            tableSeat: deal.tableSeat, cardCounts: deal.hands.map(\.count),
            passed: (0..<4).filter { deal.hasPassed($0) }, played: deal.playedCards.cards,
            deadline: nil)
        return Snapshot(
            table: table, seat: seat, hand: deal.hands[seat].cards, game: view)
    }

    /// Applies the script with messages `gap` left out and a snapshot in their place; when
    /// nothing is tampered with, the seat's views must equal the real ones.
    private func follow(seat: Int, gap: Range<Int>, tamper: ((inout Snapshot) -> Void)? = nil)
        -> (SessionState, turnsChecked: Int)
    {
        let script = ScriptedDeal(masterSeed: 12, seat: seat)
        var state = SessionState()
        var checked = 0
        for (index, (message, truth)) in script.messages.enumerated() {
            if gap.contains(index) { continue }
            if index == gap.upperBound {
                var snap = snapshot(of: truth, seat: seat)
                tamper?(&snap)
                state.apply(ServerMessage(.state(snap)))
            }
            state.apply(message)
            guard tamper == nil, case .turn(let notice) = message.event, notice.seat == seat
            else { continue }
            let view = state.deal?.view()
            let real = truth.view(for: seat)
            #expect(view?.hand == real.hand)
            #expect(view?.cardCounts == real.cardCounts)
            #expect(view?.tablePlay == real.tablePlay)
            #expect(view?.playedCards == real.playedCards)
            #expect(view?.passedMask == real.passedMask)
            checked += 1
        }
        return (state, checked)
    }

    @Test(arguments: [0, 2])
    func aGapFilledByASnapshotLeavesNoFalseViolations(seat: Int) {
        let (state, checked) = follow(seat: seat, gap: 9..<31)
        #expect(checked > 0)
        #expect(state.violations == [])
        #expect(state.finishedGames == 1)
    }

    @Test func aSnapshotFromTheStartOfTheDealWorksToo() {
        let (state, _) = follow(seat: 1, gap: 0..<5)
        #expect(state.violations == [])
    }

    @Test func aSnapshotHandWithAForeignCardIsAViolation() {
        let (state, _) = follow(seat: 0, gap: 9..<31) { snap in
            let foreign = CardSet.fullDeck.subtracting(CardSet(snap.hand!))
                .subtracting(CardSet(snap.deal!.played)).lowest!
            snap.hand![0] = foreign
        }
        #expect(state.violations.contains { $0.contains("not dealt to this seat") })
        #expect(state.violations.contains { $0.contains("hand differs from the re-deal") })
    }

    @Test func anIllegalMoveAfterTheSnapshotIsStillCaught() {
        let (state, _) = follow(seat: 3, gap: 9..<31) { snap in
            snap.deal!.currentSeat = (snap.deal!.currentSeat + 1) % 4
        }
        #expect(state.violations.contains { $0.contains("after snapshot") })
    }
}
