import CardGames
import LobbyProtocol

extension BigTwoGame {
    /// A rule preset (`rules`, default `standard`), or explicit `options`, which are named
    /// after the preset they equal, else `custom`.
    public static func settings(from create: BigTwoCreateFields, seats: Int?)
        throws(ProtocolFailure) -> Settings
    {
        var rulesName = create.rules?.lowercased() ?? "standard"
        guard var options = BigTwoOptions.presets[rulesName] else {
            throw ProtocolFailure(
                .invalidField, "field 'rules' must be \(WordList.oneOf(WordList.rulePresets))")
        }
        if let given = create.options {
            options = given
            rulesName = BigTwoOptions.presets.first { $0.value == given }?.key ?? "custom"
        }
        return Settings(options: options, rulesName: rulesName)
    }
}
