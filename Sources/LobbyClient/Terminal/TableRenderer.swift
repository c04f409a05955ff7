import CardGames
import LobbyProtocol
import TextMode

/// Draws the table a client sits at as lines of text: players with card counts and bot
/// flags, the play to beat, whose turn it is and the time left, the totals and the client's
/// own hand (the events that led here were printed as they came).
public struct TableRenderer: Sendable {
    /// The card style.
    public var style: CardStyle

    /// A renderer with a card style.
    public init(style: CardStyle) { self.style = style }

    /// The lines for `state`; `nowMilliseconds` is Unix time, for the time left.
    public func render(_ state: SessionState, nowMilliseconds: Int64) -> [String] {
        guard let table = state.table else {
            return ["(not at a table: type list, create, join N)"]
        }
        let current = table.status == .playing ? table.gamesPlayed + 1 : table.gamesPlayed
        let limit = table.games.map(String.init) ?? (style.ascii ? "-" : "∞")
        var lines = [
            "== table \(table.id) \"\(table.name)\" (\(table.kind.rawValue), "
                + "\(table.status.rawValue), game \(current)/\(limit))"
        ]
        for info in table.seats {
            let name = info.player == nil && !info.bot ? "(free)" : state.seatName(info.seat)
            var parts = ["  seat \(info.seat): \(name)"]
            if info.seat == state.seat { parts.append("(you)") }
            if state.cardCounts.indices.contains(info.seat) && table.kind == .bigtwo {
                let count = state.cardCounts[info.seat]
                parts.append(count == 1 ? "1 card (last!)" : "\(count) cards")
            }
            if state.totals.indices.contains(info.seat) {
                parts.append("total \(state.totals[info.seat])")
                // The seat changed hands: its person's own share beside the seat's total.
                if let own = info.playerTotal { parts.append("(own \(own))") }
            }
            if info.player != nil && !info.connected { parts.append("[away]") }
            if isTurn(of: info.seat, in: state) { parts.append("<- to play") }
            lines.append(parts.joined(separator: " "))
        }
        switch table.kind {
        case .bigtwo: lines += bigTwoLines(state, now: nowMilliseconds)
        case .ecard: lines += eCardLines(state)
        case .tictactoe: lines += TicTacToeBoardView.lines(state.ticTacToe, state: state)
        case .memory: lines += MemoryBoardView.lines(state.memory, state: state)
        case .roulette: lines += RouletteWheelView.lines(state.roulette, state: state)
        }
        return lines
    }

    private func isTurn(of seat: Int, in state: SessionState) -> Bool {
        switch state.table?.kind {
        case .ecard?: state.ecardTurn?.seat == seat
        case .tictactoe?: state.ticTacToe?.seatToMove == seat
        case .memory?: state.memory?.seatToFlip == seat
        case .roulette?: state.roulette?.seatToBet == seat
        default: state.turn?.seat == seat
        }
    }

    private func bigTwoLines(_ state: SessionState, now: Int64) -> [String] {
        var lines: [String] = []
        if let play = state.tablePlay {
            let combo = CardText.comboName(play.combo)
            lines.append(
                "  to beat: \(style.render(play.cards)) (\(combo) by \(state.seatName(play.seat)))")
        } else if state.deal != nil {
            lines.append("  to beat: nothing, the trick is led")
        }
        if let turn = state.turn {
            var text = "  turn: \(state.seatName(turn.seat))"
            if let deadline = turn.deadline {
                text += ", \(CardText.secondsLeft(until: deadline, now: now))s left"
            }
            if let card = turn.mustInclude { text += ", must include \(style.render(card))" }
            lines.append(text)
        }
        if let deal = state.deal {
            lines.append("  your hand: \(style.renderHand(deal.hand, options: state.options))")
        }
        return lines
    }

    private func eCardLines(_ state: SessionState) -> [String] {
        guard let tracker = state.ecard else { return [] }
        let view = tracker.view
        let cards = view.hand.cards.map(\.rawValue).joined(separator: " ")
        return [
            "  hand \(view.handNumber) play \(view.playNumber): you are the \(view.side.rawValue)",
            "  your cards: \(cards) (type emperor, citizen or slave)",
        ]
    }
}
