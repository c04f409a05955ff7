import LobbyProtocol

extension SessionState {
    /// Updates the memory game from one event; returns a line for the recent actions, or nil
    /// when the event is not a memory one.
    mutating func applyMemory(_ event: ServerEvent) -> String? {
        switch event {
        case .memoryStart(let notice):
            memory = MemoryView(
                game: notice.game, pairs: notice.pairs, commitment: notice.commitment,
                board: String(repeating: ".", count: 2 * notice.pairs), seatToFlip: nil,
                first: nil, scores: Array(repeating: 0, count: table?.seats.count ?? 0))
            return "memory game \(notice.game): \(notice.pairs) pairs"
        case .memoryTurn(let notice):
            memory?.seatToFlip = notice.seat
            return nil
        case .memoryFlip(let notice):
            applyFlip(notice)
            let outcome = notice.result.map { " (\($0))" } ?? ""
            return "\(seatName(notice.seat)) flipped \(notice.card): \(notice.face)\(outcome)"
        case .memoryEnd(let end):
            memory?.seatToFlip = nil
            totals = end.totals
            finishedGames += 1
            let winners = end.winners.map { seatName($0) }.joined(separator: " and ")
            return "game \(end.game) over: \(winners) found the most pairs"
        default:
            return nil
        }
    }

    /// A flipped card shows its face; a miss turns both cards of the turn face down again.
    private mutating func applyFlip(_ notice: MemoryFlipNotice) {
        guard var view = memory else { return }
        var board = Array(view.board)
        let index = notice.card - 1
        guard board.indices.contains(index) else { return }
        board[index] = Character(notice.face)
        view.scores = notice.scores
        switch notice.result {
        case nil:
            view.first = notice.card
        case "miss"?:
            if let first = view.first, board.indices.contains(first - 1) { board[first - 1] = "." }
            board[index] = "."
            view.first = nil
        default:
            view.first = nil
        }
        view.board = String(board)
        memory = view
    }
}
