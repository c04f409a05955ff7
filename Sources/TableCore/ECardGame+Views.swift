import CardGames
import LobbyProtocol

/// What each viewer may see of an E-Card table.
extension ECardGame {
    /// A match under way with both seats' cards, before projection. A face-down card counts
    /// as still held, so the counts tell nothing about it.
    public struct FullView: Sendable, Equatable {
        /// The public state of the match (without cards).
        public var match: ECardView
        /// Each seat's cards still in hand.
        public var cards: [[String]]
    }

    public func fullView(deadline: Milliseconds?) -> FullView? {
        guard let match, let firstLayer = match.firstLayer else { return nil }
        let seats = Array(0..<Self.seatCount)
        let view = ECardView(
            hand: match.handNumber, play: match.playNumber, emperorSeat: match.emperorSeat,
            firstLayer: firstLayer, laid: seats.filter { match.hasLaid(seat: $0) },
            seatToLay: match.seatToLay,
            cardCounts: seats.map { match.hand(of: $0).count + (match.hasLaid(seat: $0) ? 1 : 0) },
            cards: nil, totals: match.totals, deadline: deadline)
        return FullView(
            match: view, cards: seats.map { match.hand(of: $0).cards.map(\.rawValue) })
    }

    /// The kinds of card the seat still holds, when its card is awaited.
    public func hint(seat: Int) -> HintReply? {
        guard let match, match.seatToLay == seat else { return nil }
        let hand = match.hand(of: seat)
        var reply = HintReply(table: table, seat: seat)
        reply.lays = ECardCard.allCases.filter(hand.contains).map(\.rawValue)
        return reply
    }

    /// A hand's start shows a side's cards only to the seat playing it.
    public static func project(_ event: Event, for viewer: Viewer) -> ServerEvent {
        switch event {
        case .handStart(var notice, let sides, let cards):
            if let seat = viewer.handSeat {
                notice.seat = seat
                notice.side = sides[seat]
                notice.cards = cards[seat]
            }
            return .ecardHand(notice)
        case .shown(let event):
            return event
        }
    }

    /// Everything but a hand's start is public.
    public static func publicProjection(of event: Event) -> ServerEvent? {
        if case .shown(let event) = event { return event }
        return nil
    }

    public static func withPlayerTotals(_ totals: [Int?], on event: Event) -> Event {
        guard case .shown(let shown) = event else { return event }
        return .shown(shown.withPlayerTotals(totals))
    }

    public static func startsDeal(_ event: Event) -> Bool {
        if case .handStart = event { return true }
        return false
    }

    /// The public state of the match and only the viewer's own cards.
    public static func snapshot(_ view: FullView?, table: TableInfo, viewer: Viewer) -> Snapshot {
        var match = view?.match
        match?.cards = viewer.handSeat.flatMap { view?.cards[$0] }
        return Snapshot(table: table, seat: viewer.seat, game: match)
    }
}
