import CardGames

/// The words a request may use, derived from their enums so that a new case appears in every
/// message, usage line and check at once.
public enum WordList {
    /// Bot levels, weakest first: `random`, `greedy`, `smart`, ….
    public static var botLevels: [String] { BotLevel.allCases.map(\.rawValue) }
    /// Big Two rule presets, in alphabetical order.
    public static var rulePresets: [String] { BigTwoOptions.presets.keys.sorted() }
    /// Table kinds.
    public static var tableKinds: [String] { TableKind.allCases.map(\.rawValue) }

    /// The words as a phrase for people: `random, greedy or smart`.
    public static func oneOf(_ words: [String]) -> String {
        guard let last = words.last, words.count > 1 else { return words.first ?? "" }
        return words.dropLast().joined(separator: ", ") + " or " + last
    }

    /// The words as a usage alternative: `random|greedy|smart`.
    public static func alternatives(_ words: [String]) -> String {
        words.joined(separator: "|")
    }
}
