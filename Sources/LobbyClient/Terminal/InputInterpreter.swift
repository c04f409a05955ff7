import CardGames
import LobbyProtocol
import TextMode

/// Turns a line typed at the terminal into a request or a local answer. At a Big Two deal a
/// line of cards (`3d 3c`, `4d5d`, `3♦`) or of numbers into the shown hand (`1 2`) plays them;
/// at an E-Card table a card name (`emperor`) lays it; at one's tic-tac-toe or memory turn a
/// cell (`b2`) or card numbers (`3 7`) mark or flip them; `hint` lists legal plays and `sort`
/// changes the hand's order; anything else is a plain protocol command (`list`, `join 2`…).
public enum InputInterpreter {
    /// What a line means.
    public enum Meaning: Equatable, Sendable {
        /// Send this request.
        case request(ClientRequest)
        /// Show these lines; nothing is sent.
        case show([String])
        /// Show the hand in this order from now on.
        case sort(CardText.Order)
        /// Leave the client.
        case quit
    }

    /// How many hints `hint` shows.
    public static let hintLimit = 8

    /// Interprets one line against the current state.
    public static func interpret(_ line: String, state: SessionState, style: CardStyle)
        -> Meaning
    {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let words = trimmed.lowercased().split(separator: " ").map(String.init)
        guard let first = words.first else { return .show([]) }
        switch first {
        case "quit", "exit": return .quit
        case "help", "?": return .show(helpLines)
        case "hint", "hints": return .show(hints(state: state, style: style))
        case "sort": return sort(words.dropFirst().first)
        case "mode":
            return .show(["mode is for raw connections: this client always shows text"])
        default: break
        }
        if state.table?.kind == .ecard, let meaning = eCardInput(words) { return meaning }
        if let meaning = smallGameMove(words, state: state) { return meaning }
        if let deal = state.deal,
            let meaning = cardInput(
                trimmed, hand: deal.hand, state: state,
                style: style)
        {
            return meaning
        }
        switch PlainCommand.parse(trimmed) {
        case .success(let request): return .request(request)
        case .failure(let failure): return .show([failure.message])
        }
    }

    private static func sort(_ word: String?) -> Meaning {
        switch word {
        case "suit", "suits", "s": return .sort(.suit)
        case "rank", "ranks", "r", nil: return .sort(.rank)
        default: return .show(["write sort rank or sort suit"])
        }
    }

    /// At one's own turn a cell alone (`b2`, `5`) marks it at tic-tac-toe, and one or two
    /// card numbers alone (`3 7`) flip them at memory, as the board's last line invites.
    private static func smallGameMove(_ words: [String], state: SessionState) -> Meaning? {
        guard let seat = state.seat, state.seatToAct == seat, !state.botPlaysOwnSeat else {
            return nil
        }
        let verb: String
        switch state.table?.kind {
        case .tictactoe? where words.count == 1: verb = "mark"
        case .memory? where (1...2).contains(words.count) && words.allSatisfy({ Int($0) != nil }):
            verb = "flip"
        default: return nil
        }
        let typed = ([verb] + words).joined(separator: " ")
        guard case .success(let request) = PlainCommand.parse(typed) else { return nil }
        return .request(request)
    }

    /// `emperor`, `citizen`, `slave` alone lay the card; `play emperor` points to `lay`.
    private static func eCardInput(_ words: [String]) -> Meaning? {
        if words.count == 1, ECardCard(rawValue: words[0]) != nil {
            return (try? RequestParser.eCardCard(words[0])).map { .request(.lay($0)) }
        }
        if words.first == "play" {
            let card = words.dropFirst().first ?? "emperor"
            return .show([
                "at an E-Card table you lay a card: type lay \(card), or just \(card)"
            ])
        }
        return nil
    }

    /// Numbers into the shown hand, or cards written with or without spaces.
    private static func cardInput(
        _ text: String, hand: CardSet, state: SessionState, style: CardStyle
    ) -> Meaning? {
        let words = text.split(separator: " ")
        if words.allSatisfy({ Int($0) != nil }) {
            let shown = style.sorted(hand, options: state.options)
            var cards: [Card] = []
            for word in words {
                guard let index = Int(word), (1...max(shown.count, 1)).contains(index),
                    index <= shown.count
                else {
                    return .show(["no card number \(word): your hand has \(shown.count)"])
                }
                cards.append(shown[index - 1])
            }
            return .request(.play(cards))
        }
        if let cards = CompactCards.parse(text), !cards.isEmpty {
            return .request(.play(cards))
        }
        return nil
    }

    /// Legal plays for the client's seat, weakest first (fewest cards, then lowest), `pass`
    /// last; or a reason when there are none.
    public static func hints(state: SessionState, style: CardStyle) -> [String] {
        if state.table?.kind == .ecard, let tracker = state.ecard {
            let cards = ECardCard.allCases.filter(tracker.view.hand.cards.contains)
            return ["you can lay: " + cards.map(\.rawValue).joined(separator: ", ")]
        }
        guard let deal = state.deal else { return ["no deal in progress"] }
        guard let view = deal.view() else { return ["it is not your turn"] }
        let plays = view.legalPlaysWeakestFirst()
        var lines = plays.prefix(hintLimit).map {
            let cards = CardText.sorted($0.cards, by: .rank, options: state.options)
            return "  \(style.render(cards)) (\(CardText.comboName($0.kind.name)))"
        }
        if plays.count > hintLimit {
            let more = "and \(plays.count - hintLimit) more"
            lines.append(style.ascii ? "  ... \(more)" : "  … \(more)")
        }
        if view.canPass { lines.append("  pass") }
        return lines.isEmpty ? ["no legal play"] : ["legal plays, weakest first:"] + lines
    }

    /// The help text.
    public static let helpLines: [String] =
        [
            "at your turn: type cards (3d 3c, 4d5d, 10h, 3♦) or their numbers in your hand",
            "  (1 2), pass, or hint for legal plays; E-Card: emperor, citizen or slave",
            "sort rank | sort suit    order your hand by rank or by suit",
            "lobby and table commands:",
        ] + PlainCommand.summary.filter { !$0.hasPrefix("mode ") }.map { "  " + $0 }
        + ["quit                    leave the client"]
}
