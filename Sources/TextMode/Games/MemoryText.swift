import CardGames
import LobbyProtocol

/// Text lines for the memory events: the board of face-down and found cards, pairs per player.
extension TextPresenter {
    /// The lines for a memory event; nil for an event of another game.
    mutating func memoryLines(_ event: ServerEvent, now: Int64) -> [String]? {
        switch event {
        case .memoryStart(let notice):
            memoryBoard = Array(repeating: ".", count: notice.pairs * 2)
            memoryFirst = nil
            return [
                "memory game \(notice.game): \(notice.pairs) pairs face down, cards 1 to "
                    + "\(notice.pairs * 2)\(text.dot)commitment \(notice.commitment)"
            ] + memoryBoardLines()
        case .memoryTurn(let notice):
            let time = timeLeft(notice.deadline, now: now)
            let which = notice.flip == 1 ? "two cards (flip 3 7)" : "a second card"
            return [
                isYou(notice.seat)
                    ? "your turn\(time): flip \(which)" : "\(toAct(notice.seat)) flip\(time)"
            ]
        case .memoryFlip(let notice):
            return memoryFlipped(notice)
        case .memoryEnd(let notice):
            memoryBoard = []
            let winners = notice.winners.map { isYou($0) ? "you" : actor($0) }
                .joined(separator: " and ")
            let verb = notice.winners.count > 1 ? "share the most pairs" : "found the most pairs"
            return [
                "memory game \(notice.game) over: \(winners) \(verb)\(text.dot)"
                    + "pairs \(countList(notice.scores))\(text.dot)totals "
                    + totalsList(notice.totals, own: notice.playerTotals),
                "  " + seedLine(notice.seed),
            ]
        default:
            return nil
        }
    }

    /// A flip, and after a turn's second card the board and the pairs.
    mutating func memoryFlipped(_ notice: MemoryFlipNotice) -> [String] {
        let index = notice.card - 1
        if memoryBoard.indices.contains(index) { memoryBoard[index] = Character(notice.face) }
        let result: String
        switch notice.result {
        case "pair": result = "\(text.dot)a pair! \(isYou(notice.seat) ? "you go" : "they go") again"
        case "miss": result = "\(text.dot)no pair, both turn face down"
        default: result = ""
        }
        let line =
            "\(actor(notice.seat)) flipped card \(notice.card): \(notice.face)"
            + "\(timedOut(notice.timedOut))\(result)"
        guard notice.result != nil else {
            memoryFirst = index
            return [line]
        }
        if notice.result == "miss" {
            for card in [memoryFirst, index].compactMap({ $0 }) where memoryBoard.indices.contains(card) {
                memoryBoard[card] = "."
            }
        }
        memoryFirst = nil
        return [line] + memoryBoardLines() + ["  pairs \(countList(notice.scores))"]
    }

    /// The memory board, six cards a row: a face-down card shows the number that flips it,
    /// a face-up card its face.
    func memoryBoardLines() -> [String] {
        guard !memoryBoard.isEmpty else { return [] }
        let cells = memoryBoard.enumerated().map { index, face in
            let shown = face == "." ? String(index + 1) : String(face)
            return String(repeating: " ", count: max(0, 3 - shown.count)) + shown
        }
        return stride(from: 0, to: cells.count, by: 6).map { start in
            " " + cells[start..<min(start + 6, cells.count)].joined()
        }
    }
}
