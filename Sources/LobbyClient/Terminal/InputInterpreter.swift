import CardGames
import LobbyProtocol

/// Turns a line typed at the terminal into a request or a local answer. At a Big Two deal a
/// line of cards (`3d 3c`, `3♦`) or of indexes into the shown hand (`1 2`) plays them;
/// `hint` lists legal plays; anything else is a plain protocol command (`list`, `join 2`…).
public enum InputInterpreter {
    /// What a line means.
    public enum Meaning: Equatable, Sendable {
        /// Send this request.
        case request(ClientRequest)
        /// Show these lines; nothing is sent.
        case show([String])
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
        let lower = trimmed.lowercased()
        guard !trimmed.isEmpty else { return .show([]) }
        switch lower {
        case "quit", "exit": return .quit
        case "help", "?": return .show(helpLines)
        case "hint", "hints": return .show(hints(state: state, style: style))
        default: break
        }
        if let deal = state.deal {
            let words = trimmed.split(separator: " ")
            if words.allSatisfy({ Int($0) != nil }) {
                let shown = CardStyle.sorted(deal.hand, options: state.options)
                var cards: [Card] = []
                for word in words {
                    guard let index = Int(word), (1...shown.count).contains(index) else {
                        return .show(["no card number \(word): your hand has \(shown.count)"])
                    }
                    cards.append(shown[index - 1])
                }
                return .request(.play(cards))
            }
            if let cards = try? Card.parseList(trimmed), !cards.isEmpty {
                return .request(.play(cards))
            }
        }
        switch PlainCommand.parse(trimmed) {
        case .success(let request): return .request(request)
        case .failure(let failure): return .show([failure.message])
        }
    }

    /// Legal plays for the client's seat, best first (fewest cards kept in hand, then
    /// strongest), or a reason when there are none.
    public static func hints(state: SessionState, style: CardStyle) -> [String] {
        guard let deal = state.deal else { return ["no deal in progress"] }
        guard let view = deal.view() else { return ["it is not your turn"] }
        let plays = view.legalPlays().sorted {
            ($0.cards.count, $0.strength) > ($1.cards.count, $1.strength)
        }
        var lines = plays.prefix(hintLimit).map {
            "  \(style.render($0.cards.cards)) (\($0.kind.name))"
        }
        if view.canPass { lines.append("  pass") }
        if plays.count > hintLimit { lines.append("  … and \(plays.count - hintLimit) more") }
        return lines.isEmpty ? ["no legal play"] : ["legal plays:"] + lines
    }

    /// The help text.
    public static let helpLines: [String] =
        [
            "at your turn: type cards (3d 3c, 10h, 3♦) or their numbers in your hand (1 2),",
            "  pass, or hint for legal plays; E-Card: lay emperor|citizen|slave",
            "lobby and table commands:",
        ] + PlainCommand.summary.map { "  " + $0 } + ["quit                    leave the client"]
}
