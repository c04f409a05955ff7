import CardGames
import LobbyProtocol

extension MemoryGame {
    /// The pairs on the table (default 8) and the seats (default 2), checked against their
    /// ranges.
    public static func settings(from create: MemoryCreateFields, seats: Int?)
        throws(ProtocolFailure) -> Settings
    {
        let options = MemoryOptions(pairs: create.pairs ?? 8, seats: seats ?? 2)
        do {
            try options.validate()
        } catch {
            throw ProtocolFailure(error.code, error.message)
        }
        return options
    }
}
