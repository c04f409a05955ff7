/// The plain `list`, `history` and `leaderboard` commands.
extension PlainCommand {
    /// The word that asks for the page after the one last received.
    static let moreWord = "more"

    /// `list [more]`.
    static func listQuery(_ args: [String]) throws(ProtocolFailure) -> ListQuery {
        switch args.map({ $0.lowercased() }) {
        case []: return ListQuery()
        case [moreWord]: return ListQuery(more: true)
        default:
            let word = args.first { $0.lowercased() != moreWord } ?? args[0]
            throw ProtocolFailure(
                .invalidField, "unknown list word '\(word)': write list or list more")
        }
    }

    /// `history [NAME] [more]`.
    static func historyQuery(_ args: [String]) -> HistoryQuery {
        var words = args
        let more = words.last?.lowercased() == moreWord
        if more { words.removeLast() }
        return HistoryQuery(player: words.first, more: more)
    }

    /// `leaderboard [KIND] [more]`.
    static func leaderboardQuery(_ args: [String]) throws(ProtocolFailure) -> LeaderboardQuery {
        var query = LeaderboardQuery()
        for word in args.map({ $0.lowercased() }) {
            if word == moreWord {
                query.more = true
            } else if let kind = TableKind(rawValue: word) {
                query.kind = kind
            } else {
                throw ProtocolFailure(
                    .invalidField,
                    "unknown leaderboard '\(word)': write leaderboard "
                        + "[\(WordList.alternatives(WordList.tableKinds))] [more]")
            }
        }
        return query
    }
}
