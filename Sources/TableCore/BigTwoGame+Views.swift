import CardGames
import LobbyProtocol

/// What each viewer may see of a Big Two table.
extension BigTwoGame {
    /// A deal under way with every hand, before projection.
    public struct FullView: Sendable, Equatable {
        /// The public state of the deal.
        public var deal: DealView
        /// Every seat's hand.
        public var hands: [[Card]]
    }

    public func fullView(deadline: Milliseconds?) -> FullView? {
        guard let deal, let seed, !deal.isOver else { return nil }
        let view = DealView(
            deal: dealNumber, commitment: seed.commitment, currentSeat: deal.currentSeat,
            leading: deal.isLeading, tablePlay: deal.tablePlay?.cards.cards,
            tableCombo: deal.tablePlay?.kind.name, tableSeat: deal.tableSeat,
            cardCounts: deal.hands.map(\.count),
            passed: deal.hands.indices.filter { deal.hasPassed($0) },
            played: deal.playedCards.cards, deadline: deadline)
        return FullView(deal: view, hands: deal.hands.map(\.cards))
    }

    /// The seat's legal plays weakest first, from its own hand, and whether it may pass.
    public func hint(seat: Int) -> HintReply? {
        guard let deal, !deal.isOver, deal.currentSeat == seat else { return nil }
        let view = deal.view(for: seat)
        var reply = HintReply(table: table, seat: seat)
        reply.plays = view.legalPlaysWeakestFirst().map {
            HintReply.Play(cards: $0.cards.cards, combo: $0.kind.name)
        }
        reply.canPass = view.canPass
        return reply
    }

    /// A deal's start shows a hand only to the seat playing it.
    public static func project(_ event: Event, for viewer: Viewer) -> ServerEvent {
        switch event {
        case .dealStart(var start, let hands):
            if let seat = viewer.handSeat {
                start.seat = seat
                start.hand = hands[seat]
            }
            return .dealStart(start)
        case .shown(let event):
            return event
        }
    }

    /// Everything but a deal's start is public.
    public static func publicProjection(of event: Event) -> ServerEvent? {
        if case .shown(let event) = event { return event }
        return nil
    }

    public static func withPlayerTotals(_ totals: [Int?], on event: Event) -> Event {
        guard case .shown(let shown) = event else { return event }
        return .shown(shown.withPlayerTotals(totals))
    }

    public static func startsDeal(_ event: Event) -> Bool {
        if case .dealStart = event { return true }
        return false
    }

    /// The public state of the deal and only the viewer's own hand.
    public static func snapshot(_ view: FullView?, table: TableInfo, viewer: Viewer) -> Snapshot {
        Snapshot(
            table: table, seat: viewer.seat, hand: viewer.handSeat.flatMap { view?.hands[$0] },
            game: view?.deal)
    }
}
