import CardGames

extension ClientRequest {
    /// The request with its text checked and normalised, whichever form it came in: names,
    /// table names and chat follow `TextRules`; bot levels and rule presets must be known
    /// words (compared without case, kept in lower case).
    public func checked() throws(ProtocolFailure) -> ClientRequest {
        switch self {
        case .hello(let name, let token):
            // With a token the name is ignored: the session keeps the name it has.
            return .hello(name: try TextRules.name(name, reserving: token == nil), token: token)
        case .chat(let text, let scope):
            return .chat(text: try TextRules.chat(text), to: scope)
        case .create(var create):
            if let name = create.name {
                create.name = try TextRules.tableName(name)
            }
            if let bots = create.bots {
                create.bots = try Self.word(bots, field: "bots", among: WordList.botLevels)
            }
            if let rules = create.rules {
                create.rules = try Self.word(rules, field: "rules", among: WordList.rulePresets)
            }
            return .create(create)
        case .help, .ping, .list, .join, .watch, .leave, .start, .play, .pass, .lay, .state,
            .hint, .history, .leaderboard, .mode, .who, .ready, .stats, .mark, .again, .restart,
            .flip, .bet, .record:
            return self
        }
    }

    private static func word(_ text: String, field: String, among words: [String])
        throws(ProtocolFailure) -> String
    {
        let lower = text.lowercased()
        guard words.contains(lower) else {
            throw ProtocolFailure(
                .invalidField, "field '\(field)' must be \(WordList.oneOf(words)), not '\(text)'")
        }
        return lower
    }
}
