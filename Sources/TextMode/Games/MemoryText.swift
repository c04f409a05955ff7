import LobbyProtocol

/// Text lines for the memory events.
extension TextPresenter {
    /// The line for a memory event; nil for an event of another game.
    mutating func memoryLine(_ event: ServerEvent, now: Int64) -> String? {
        switch event {
        case .memoryStart(let notice):
            return "memory game \(notice.game): \(notice.pairs) pairs face down\(text.dot)"
                + "commitment \(notice.commitment)"
        case .memoryTurn(let notice):
            let time = timeLeft(notice.deadline, now: now)
            let which = notice.flip == 1 ? "a card" : "a second card"
            return isYou(notice.seat)
                ? "your turn\(time): flip \(which) (flip 3 7)"
                : "\(actor(notice.seat)) to flip\(time)"
        case .memoryFlip(let notice):
            let result = notice.result.map { "\(text.dot)\($0)" } ?? ""
            return "\(actor(notice.seat)) flipped card \(notice.card): \(notice.face)"
                + "\(timedOut(notice.timedOut))\(result)"
        case .memoryEnd(let notice):
            let winners = notice.winners.map { actor($0) }.joined(separator: " and ")
            return "memory game \(notice.game) over: \(winners) found the most pairs\(text.dot)"
                + "pairs \(scoreList(notice.scores))\(text.dot)seed \(notice.seed)"
        default:
            return nil
        }
    }
}
