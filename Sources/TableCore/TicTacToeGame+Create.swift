import CardGames
import LobbyProtocol

extension TicTacToeGame {
    /// The mark that moves first in the first round (`first`, default `o`).
    public static func settings(from create: TicTacToeCreateFields, seats: Int?)
        throws(ProtocolFailure) -> Settings
    {
        guard let first = TicTacToeMark(rawValue: create.first?.lowercased() ?? "o") else {
            throw ProtocolFailure(.invalidField, "field 'first' must be o or x")
        }
        return first
    }
}
