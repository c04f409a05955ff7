import CardGames
import LobbyProtocol

/// Follows an E-Card match from the reveals a seated client receives, by replaying them on an
/// `ECardMatch`, so that bots get a real `ECardSeatView` and every reveal is checked.
public struct ECardTracker: Sendable {
    /// This client's seat.
    public let seat: Int
    /// The match as replayed so far.
    public private(set) var match: ECardMatch

    /// Starts a match with the table's options; nil when the options are invalid.
    public init?(seat: Int, options: ECardOptions) {
        guard let match = try? ECardMatch(options: options) else { return nil }
        self.seat = seat
        self.match = match
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
        if match.totals != notice.totals { problems.append("\(label): totals differ") }
        if match.isOver != notice.matchOver { problems.append("\(label): match end differs") }
        if notice.totals.reduce(0, +) != 0 { problems.append("\(label): totals do not sum to 0") }
        return problems
    }
}
