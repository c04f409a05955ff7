import CardGames
import LobbyProtocol

/// E-Card events in words.
extension TextPresenter {
    mutating func eCardHandStarted(_ notice: ECardHandNotice) -> String {
        toBeat = nil
        if let mine = notice.seat { seat = mine }
        eCardCards = notice.cards ?? []
        let emperor = name(of: notice.emperorSeat)
        guard let side = notice.side, notice.seat != nil else {
            return "E-Card hand \(notice.hand): \(emperor) has the emperor side"
        }
        let opponent = table?.seats.map(\.seat).first { $0 != seat }.map { name(of: $0) }
        let against = opponent.map { " against \($0)" } ?? ""
        return "E-Card hand \(notice.hand): you are the \(side)\(against)\(text.dot)you hold "
            + eCardCards.joined(separator: " ")
    }

    func eCardTurnLine(_ notice: ECardTurnNotice, now: Int64) -> String {
        let time = timeLeft(notice.deadline, now: now)
        guard isYou(notice.seat) else { return "\(toAct(notice.seat)) lay a card\(time)" }
        let kinds = ECardCard.allCases.map(\.rawValue).filter(eCardCards.contains)
            .joined(separator: "|")
        return "your turn\(time): lay \(kinds.isEmpty ? "a card" : kinds)\(text.dot)you hold "
            + eCardCards.joined(separator: " ")
    }

    mutating func revealed(_ notice: ECardRevealNotice) -> String {
        if let mine = seat, notice.cards.indices.contains(mine),
            let index = eCardCards.firstIndex(of: notice.cards[mine])
        {
            eCardCards.remove(at: index)
        }
        let laid = notice.cards.enumerated().map { "\(name(of: $0.offset)) \($0.element)" }
            .joined(separator: " vs ")
        var line = "play \(notice.play): \(laid)\(text.dot)"
        if let winner = notice.winner {
            let who = isYou(winner) ? "you win" : "\(actor(winner)) wins"
            let side = notice.winningSide.map { " with the \($0) side" } ?? ""
            line += "\(who) hand \(notice.hand)\(side) for \(notice.payout ?? 0)"
        } else {
            line += "draw, play on"
        }
        line += "\(text.dot)totals \(totalsList(notice.totals, own: notice.playerTotals))"
        if notice.matchOver { line += "\(text.dot)match over" }
        return line
    }
}
