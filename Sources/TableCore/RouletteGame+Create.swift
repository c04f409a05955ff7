import CardGames
import LobbyProtocol

extension RouletteGame {
    /// The wheel's segments (default 12), the seats (default 4) and a seat's stake limit per
    /// round (default 100), checked against their ranges.
    public static func settings(from create: RouletteCreateFields, seats: Int?)
        throws(ProtocolFailure) -> Settings
    {
        let options = RouletteOptions(
            segments: create.segments ?? 12, seats: seats ?? 4,
            maxStake: create.maxStake ?? 100)
        do {
            try options.validate()
        } catch {
            throw ProtocolFailure(error.code, error.message)
        }
        return options
    }
}
