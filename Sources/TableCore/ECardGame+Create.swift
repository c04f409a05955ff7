import CardGames
import LobbyProtocol

extension ECardGame {
    /// The match's options (`ecard`, default the standard rules), checked against their
    /// ranges.
    public static func settings(from create: ECardCreateFields, seats: Int?)
        throws(ProtocolFailure) -> Settings
    {
        let options = create.ecard ?? .standard
        do {
            try options.validate()
        } catch {
            throw ProtocolFailure(error.code, error.message)
        }
        return options
    }
}
