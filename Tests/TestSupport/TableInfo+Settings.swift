import CardGames
import LobbyProtocol

extension TableInfo {
    /// A table description with each kind's settings given as the fields they are read as,
    /// for samples: a field of another kind than `kind` is left out.
    public init(
        id: Int, kind: TableKind, name: String, status: TableStatus, seats: [SeatInfo],
        rules: String?, options: BigTwoOptions?, ecard: ECardOptions?, bots: String,
        spectators: Int, turnSeconds: Int, games: Int?, gamesPlayed: Int, totals: [Int],
        first: String? = nil, pairs: Int? = nil, segments: Int? = nil, maxStake: Int? = nil
    ) {
        self.init(
            id: id, kind: kind, name: name, status: status, seats: seats, bots: bots,
            spectators: spectators, turnSeconds: turnSeconds, games: games,
            gamesPlayed: gamesPlayed, totals: totals)
        let given: [any GameCreateFields] = [
            BigTwoCreateFields(rules: rules, options: options), ECardCreateFields(ecard: ecard),
            TicTacToeCreateFields(first: first), MemoryCreateFields(pairs: pairs),
            RouletteCreateFields(segments: segments, maxStake: maxStake),
        ]
        settings = given.first { type(of: $0).kind == kind && !$0.isEmpty }
    }
}
