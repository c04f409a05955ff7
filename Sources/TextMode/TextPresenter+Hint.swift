import CardGames
import LobbyProtocol

/// `hint` in words: the receiver's legal moves on one line.
extension TextPresenter {
    /// How many Big Two plays a hint line shows before saying how many more there are.
    static let hintedPlays = 10

    func hintLine(_ hint: HintReply) -> String {
        if let plays = hint.plays {
            var moves = plays.prefix(Self.hintedPlays).map { play in
                let cards = text.cards(CardText.sorted(play.cards, by: .rank, options: options))
                let combo = CardText.comboName(play.combo)
                return play.cards.count == 1 ? cards : "\(cards) (\(combo))"
            }
            if plays.count > Self.hintedPlays {
                let more = plays.count - Self.hintedPlays
                moves.append("\(text.ascii ? "..." : "…") and \(more) more")
            }
            if hint.canPass == true { moves.append("pass") }
            guard !moves.isEmpty else { return "hint: no legal play" }
            return "hint, weakest first: " + moves.joined(separator: ", ")
        }
        if let lays = hint.lays {
            return "hint: lay " + lays.joined(separator: " or ")
        }
        if let cells = hint.cells {
            return "hint: mark " + cells.map(String.init).joined(separator: ", ")
        }
        if let cards = hint.cards {
            return "hint: flip " + cards.map(String.init).joined(separator: ", ")
        }
        if let segments = hint.segments {
            let first = segments.first ?? 1
            let range = "\(first)-\(segments.last ?? first)"
            return "hint: bet up to \(hint.maxChips ?? 0) chips in all on segments \(range), "
                + "e.g. bet 5 on \(first)"
        }
        return "hint: nothing to do"
    }
}
