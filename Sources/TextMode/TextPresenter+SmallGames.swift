import LobbyProtocol

/// Text lines for the tic-tac-toe, memory and roulette events.
extension TextPresenter {
    /// The line for a small game's event; nil for an event of another game.
    mutating func smallGameLine(_ event: ServerEvent, now: Int64) -> String? {
        switch event {
        case .tictactoeRound(let notice):
            return "tic-tac-toe round \(notice.round): \(notice.first) moves first\(text.dot)"
                + "score \(scoreList(notice.score))"
        case .tictactoeTurn(let notice):
            let time = timeLeft(notice.deadline, now: now)
            return isYou(notice.seat)
                ? "your move\(time) as \(notice.mark): mark 1-9 (or a1-c3)"
                : "\(actor(notice.seat)) to mark \(notice.mark)\(time)"
        case .tictactoeMark(let notice):
            let rows = stride(from: 0, to: notice.board.count, by: 3).map { start in
                String(notice.board.dropFirst(start).prefix(3))
            }
            return "\(actor(notice.seat)) marked \(notice.mark) on \(notice.cell)"
                + "\(timedOut(notice.timedOut))\(text.dot)board \(rows.joined(separator: "/"))"
        case .tictactoeResult(let notice):
            let outcome = notice.winner.map { "\(actor($0)) won" } ?? "a draw"
            return "round \(notice.round): \(outcome)\(text.dot)score \(scoreList(notice.score))"
                + "\(text.dot)again for one more round, restart to reset the score"
        case .tictactoeRestart(let notice):
            return notice.restarted
                ? "the score is reset" : "\(actor(notice.seat)) asks to reset the score"
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
        case .rouletteRound(let notice):
            return "roulette round \(notice.round): \(notice.segments) segments, bets up to "
                + "\(notice.maxStake) chips\(text.dot)commitment \(notice.commitment)"
        case .rouletteTurn(let notice):
            let time = timeLeft(notice.deadline, now: now)
            return isYou(notice.seat)
                ? "your bets\(time): bet 5 on 3, 2 on 7" : "\(actor(notice.seat)) to bet\(time)"
        case .rouletteBet(let notice):
            let bets = notice.bets.map { "\($0.chips) on \($0.segment)" }.joined(separator: ", ")
            return "\(actor(notice.seat)) bet \(bets.isEmpty ? "nothing" : bets)"
                + timedOut(notice.timedOut)
        case .rouletteSpin(let notice):
            let totals = totalsList(notice.totals, own: notice.playerTotals)
            return "round \(notice.round): the wheel stops on \(notice.result)\(text.dot)"
                + "won \(scoreList(notice.payouts))\(text.dot)totals \(totals)"
        default:
            return nil
        }
    }
}
