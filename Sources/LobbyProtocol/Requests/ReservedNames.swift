/// The names a person may not take because text mode uses them for something other than a
/// person, so a player with such a name could pass for the server: `table 1: you took a seat`
/// would read as the server's own words, and a player named `bot 2` could not be told from a
/// bot.
///
/// Names are compared as people see them (``NameSkeleton``): case, accents, spacing,
/// punctuation and lookalike letters do not make a reserved name acceptable (`Y0U`, `yоu`
/// with a Cyrillic о, `your_turn`, `Bot-2`).
public enum ReservedNames {
    /// Whole names the server writes where a person's name goes: the receiver (`you`), the
    /// seats without a person (`free`, `bot`), and the server's own voice.
    static let words: Set<String> = [
        "you", "your", "yours", "yourself", "yourturn", "yourmove", "yourbets", "yourseat",
        "yourbot", "free", "nobody", "noone", "everyone", "everybody", "server", "lobby",
        "system", "admin", "administrator", "moderator", "bot", "bots", "abot", "thebot",
    ]

    /// Words text mode numbers (`bot 2`, `seat 3`, `table 1`, `deal 4`): a name made of one
    /// of them and a number is reserved.
    static let numbered = ["bot", "seat", "table", "deal", "round", "game", "hand"]

    /// Words that start or end text mode's names for what is not a person: `bot (smart)`,
    /// `bot:random`, `bob's bot`, `you …`.
    static let firstWords: Set<String> = ["bot", "bots", "you", "your"]
    static let lastWords: Set<String> = ["bot", "bots"]

    /// Why `name` is reserved, in words for the person who asked for it; nil when it is not.
    public static func reason(for name: String) -> String? {
        reason(for: NameSkeleton(name))
    }

    static func reason(for skeleton: NameSkeleton) -> String? {
        let key = skeleton.key
        if words.contains(key) { return "it is a word the server uses for seats and players" }
        for word in numbered where key.hasPrefix(word) {
            let number = key.dropFirst(word.count)
            // The skeleton reads 1 as l and 0 as o.
            if !number.isEmpty, number.allSatisfy({ $0.isNumber || $0 == "l" || $0 == "o" }) {
                return "text mode numbers its \(word)s that way"
            }
        }
        if let first = skeleton.words.first, firstWords.contains(first), skeleton.words.count > 1 {
            return "text mode starts its own names with '\(first)'"
        }
        if let last = skeleton.words.last, lastWords.contains(last), skeleton.words.count > 1 {
            return "text mode names the bots that way"
        }
        return nil
    }
}
