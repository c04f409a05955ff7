import LobbyProtocol

/// Every kind of table the server hosts, each listed once: a new kind adds its game here and
/// nowhere else on the server's side. The server finds a kind's game, and through it the
/// game's settings, core and checkpoint, only here.
public enum GameCatalog {
    /// The game of each kind, in the order of ``TableKind``.
    public static let games: [any TableGame.Type] = [
        BigTwoGame.self, ECardGame.self, TicTacToeGame.self, MemoryGame.self, RouletteGame.self,
    ]

    /// The game that plays tables of `kind`.
    public static func game(_ kind: TableKind) -> any TableGame.Type {
        guard let game = games.first(where: { $0.kind == kind }) else {
            preconditionFailure("the catalog has no game for \(kind.rawValue) tables")
        }
        return game
    }
}
