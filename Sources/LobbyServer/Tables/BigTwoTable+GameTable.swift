import LobbyProtocol

extension BigTwoTable: GameTable {
    /// Always Big Two.
    var kind: TableKind { .bigtwo }

    /// Plays or passes; `lay` belongs to E-Card tables.
    func move(_ move: TableMove, by player: PlayerSession, id requestID: RequestID?) {
        switch move {
        case .play(let cards):
            play(cards, by: player, id: requestID)
        case .pass:
            pass(by: player, id: requestID)
        case .lay:
            queue.async { [self] in
                sendError(
                    .wrongTableKind, "lay is for E-Card tables; table \(id) plays Big Two",
                    player, requestID)
            }
        }
    }
}
