import CardGames
import LobbyProtocol

/// Follows an E-Card match from the reveals a seated client receives, by replaying them on an
/// `ECardMatch`, so that bots get a real `ECardSeatView` and every reveal is checked.
public struct ECardTracker: Sendable {
    /// This client's seat.
    public let seat: Int
    /// The match as replayed so far.
    public private(set) var match: ECardMatch
    /// What the server's totals are ahead of the replay's, after resuming part-way through a
    /// match (the hands decided while away are not known); zero otherwise.
    public private(set) var totalsOffset = [0, 0]

    /// Starts a match with the table's options; nil when the options are invalid.
    public init?(seat: Int, options: ECardOptions) {
        guard let match = try? ECardMatch(options: options) else { return nil }
        self.seat = seat
        self.match = match
    }

    /// Resumes following a match at a snapshot's position. Every play of a hand before the
    /// deciding one is a draw of two Citizens, so the position within the hand is rebuilt
    /// exactly; earlier hands are replayed as quick Emperor wins, and the difference from the
    /// snapshot's totals is kept as ``totalsOffset``. Nil when the position cannot be reached
    /// or this seat's cards differ from it.
    public init?(seat: Int, options: ECardOptions, resumingAt view: ECardView) {
        guard ECardMatch.isValid(seat: seat), view.totals.count == ECardMatch.seatCount,
            var match = try? ECardMatch(options: options)
        else { return nil }
        while !match.isOver && (match.handNumber, match.playNumber) < (view.hand, view.play) {
            let emperorSide = match.handNumber < view.hand
            guard let first = match.seatToLay else { return nil }
            for mover in [first, 1 - first] {
                let emperor = emperorSide && mover == match.emperorSeat
                let card: ECardCard = emperor ? .emperor : .citizen
                guard (try? match.lay(card, by: mover)) != nil else { return nil }
            }
        }
        guard match.handNumber == view.hand, match.playNumber == view.play,
            match.emperorSeat == view.emperorSeat
        else { return nil }
        if let cards = view.cards {
            // A card laid face down in this play has left the hand already.
            var expected = match.hand(of: seat).cards.map(\.rawValue)
            for card in cards {
                guard let index = expected.firstIndex(of: card) else { return nil }
                expected.remove(at: index)
            }
            guard expected.count == (view.laid.contains(seat) ? 1 : 0) else { return nil }
        }
        self.seat = seat
        self.match = match
        totalsOffset = zip(view.totals, match.totals).map { $0 - $1 }
    }

    /// True when the snapshot's position is the replay's own (nothing was missed).
    public func isAt(_ view: ECardView) -> Bool {
        let totals = match.totals.indices.map { match.totals[$0] + totalsOffset[$0] }
        return match.handNumber == view.hand && match.playNumber == view.play
            && totals == view.totals
    }

    /// The seat's view, for a bot.
    public var view: ECardSeatView { match.view(for: seat) }

    /// Checks an `ecard_hand` notice against the replay; returns violations.
    public func check(_ notice: ECardHandNotice) -> [String] {
        var problems: [String] = []
        if notice.hand != match.handNumber || notice.emperorSeat != match.emperorSeat {
            problems.append("ecard hand \(notice.hand): hand number or sides differ from replay")
        }
        if let cards = notice.cards {
            let expected = match.hand(of: seat).cards.map(\.rawValue).sorted()
            if cards.sorted() != expected {
                problems.append("ecard hand \(notice.hand): cards differ from the replay")
            }
        }
        return problems
    }

    /// Replays a reveal: the first layer's card, then the other's. Returns violations.
    public mutating func reveal(_ notice: ECardRevealNotice) -> [String] {
        let label = "ecard hand \(notice.hand) play \(notice.play)"
        let cards = notice.cards.compactMap(ECardCard.init(rawValue:))
        guard cards.count == 2, let first = match.seatToLay else {
            return ["\(label): unreadable reveal or match already over"]
        }
        do {
            _ = try match.lay(cards[first], by: first)
            _ = try match.lay(cards[1 - first], by: 1 - first)
        } catch {
            return ["\(label): reveal does not replay (\(error))"]
        }
        var problems: [String] = []
        let totals = match.totals.indices.map { match.totals[$0] + totalsOffset[$0] }
        if totals != notice.totals { problems.append("\(label): totals differ") }
        if match.isOver != notice.matchOver { problems.append("\(label): match end differs") }
        if notice.totals.reduce(0, +) != 0 { problems.append("\(label): totals do not sum to 0") }
        return problems
    }
}
