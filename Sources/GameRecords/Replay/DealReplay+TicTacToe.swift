import CardGames
import LobbyProtocol

extension DealReplay {
    /// Replays a tic-tac-toe round: the first move's seat moved first, each move is a cell
    /// number 1 to 9, and the round must end on the last move.
    static func replayTicTacToe(_ record: DealRecord) -> Result<DealOutcome, DealReplayError> {
        guard record.players.count == 2 else {
            return .failure(.invalidSeatCount(record.players.count))
        }
        guard let first = record.moves.first else { return .failure(.unfinished) }
        var match = TicTacToeMatch(first: TicTacToeMark(seat: first.seat))
        var result: TicTacToeResult?
        for (index, move) in record.moves.enumerated() {
            guard result == nil else { return .failure(.moveAfterEnd(index: index)) }
            guard let number = Int(move.cards), (1...9).contains(number) else {
                return .failure(.unreadableMove(index: index))
            }
            do {
                result = try match.mark(number - 1, by: move.seat)
            } catch {
                return .failure(.illegalMove(index: index, reason: "\(error)"))
            }
        }
        guard let result else { return .failure(.unfinished) }
        return .success(DealOutcome(result))
    }
}
