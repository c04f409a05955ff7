import CardGames
import WireJSON

/// Hand-written JSON for the events sent most often during play (`turn`, `play`, `pass`,
/// `trick`, `pong`): the same bytes `WireEncoder` writes, keys in sorted order, without
/// building a tree.
///
/// Each writer knows its struct's stored properties. It is used only while the struct has
/// exactly those (checked once, by reflection), so a field added later simply sends that
/// event through `WireEncoder` until the writer learns the field.
enum HotEventWriter {
    /// Writes the message when it is a hot event whose writer is in force; returns false
    /// (having written nothing) otherwise.
    static func write(_ message: ServerMessage, to output: inout JSONOutput) -> Bool {
        switch message.event {
        case .turn(let turn) where shapes.turn:
            write(turn, id: message.id, to: &output)
        case .play(let play) where shapes.play:
            write(play, id: message.id, to: &output)
        case .pass(let pass) where shapes.pass:
            output.appendRaw("{")
            appendID(message.id, to: &output)
            appendInt("seat", pass.seat, to: &output)
            appendInt("table", pass.table, to: &output)
            appendTimedOut(pass.timedOut, to: &output)
            output.appendRaw("\"type\":\"pass\"}")
        case .trick(let trick) where shapes.trick:
            output.appendRaw("{")
            appendID(message.id, to: &output)
            appendInt("leader", trick.leader, to: &output)
            appendInt("table", trick.table, to: &output)
            output.appendRaw("\"type\":\"trick\"}")
        case .pong:
            output.appendRaw("{")
            appendID(message.id, to: &output)
            output.appendRaw("\"type\":\"pong\"}")
        default:
            return false
        }
        return true
    }

    private static func write(_ turn: TurnNotice, id: RequestID?, to output: inout JSONOutput) {
        output.appendRaw("{\"can_pass\":")
        output.appendBool(turn.canPass)
        output.appendRaw(",")
        if let deadline = turn.deadline {
            appendInt("deadline", deadline, to: &output)
        }
        appendID(id, to: &output)
        output.appendRaw("\"leading\":")
        output.appendBool(turn.leading)
        output.appendRaw(",")
        if let card = turn.mustInclude {
            output.appendRaw("\"must_include\":")
            appendCard(card, to: &output)
            output.appendRaw(",")
        }
        appendInt("seat", turn.seat, to: &output)
        appendInt("table", turn.table, to: &output)
        if let cards = turn.toBeat {
            output.appendRaw("\"to_beat\":")
            appendCards(cards, to: &output)
            output.appendRaw(",")
        }
        output.appendRaw("\"type\":\"turn\"}")
    }

    private static func write(_ play: PlayNotice, id: RequestID?, to output: inout JSONOutput) {
        output.appendRaw("{\"cards\":")
        appendCards(play.cards, to: &output)
        output.appendRaw(",")
        appendInt("cards_left", play.cardsLeft, to: &output)
        output.appendRaw("\"combo\":")
        output.appendString(play.combo)
        output.appendRaw(",")
        appendID(id, to: &output)
        appendInt("seat", play.seat, to: &output)
        appendInt("table", play.table, to: &output)
        appendTimedOut(play.timedOut, to: &output)
        output.appendRaw("\"type\":\"play\"}")
    }

    /// `"key":value,`
    private static func appendInt(
        _ key: StaticString, _ value: some FixedWidthInteger, to output: inout JSONOutput
    ) {
        output.appendRaw("\"")
        output.appendRaw(key)
        output.appendRaw("\":")
        output.appendInteger(value)
        output.appendRaw(",")
    }

    /// `"timed_out":…,` when the flag is set.
    private static func appendTimedOut(_ timedOut: Bool?, to output: inout JSONOutput) {
        guard let timedOut else { return }
        output.appendRaw("\"timed_out\":")
        output.appendBool(timedOut)
        output.appendRaw(",")
    }

    /// `"id":…,` when there is an id.
    private static func appendID(_ id: RequestID?, to output: inout JSONOutput) {
        switch id {
        case nil:
            return
        case .number(let number)?:
            appendInt("id", number, to: &output)
        case .text(let text)?:
            output.appendRaw("\"id\":")
            output.appendString(text)
            output.appendRaw(",")
        }
    }

    /// Every card's notation, quoted (`"3D"`), by card index.
    private static let quotedNotations: [[UInt8]] = (0..<52).compactMap { index in
        Card(index: index).map { Array("\"\($0.notation)\"".utf8) }
    }

    private static func appendCard(_ card: Card, to output: inout JSONOutput) {
        output.bytes.append(contentsOf: quotedNotations[Int(card.index)])
    }

    private static func appendCards(_ cards: [Card], to output: inout JSONOutput) {
        output.appendRaw("[")
        for (index, card) in cards.enumerated() {
            if index > 0 { output.appendRaw(",") }
            appendCard(card, to: &output)
        }
        output.appendRaw("]")
    }

    /// Which writers match their struct's stored properties.
    static let shapes = Shapes()

    struct Shapes: Sendable {
        let turn = fields(
            of: TurnNotice(
                table: 0, seat: 0, canPass: false, leading: false, mustInclude: nil, toBeat: nil,
                deadline: nil),
            are: ["table", "seat", "canPass", "leading", "mustInclude", "toBeat", "deadline"])
        let play = fields(
            of: PlayNotice(table: 0, seat: 0, cards: [], combo: "", cardsLeft: 0),
            are: ["table", "seat", "cards", "combo", "cardsLeft", "timedOut"])
        let pass = fields(of: PassNotice(table: 0, seat: 0), are: ["table", "seat", "timedOut"])
        let trick = fields(of: TrickNotice(table: 0, leader: 0), are: ["table", "leader"])

        /// True when the value's stored properties are exactly `names`.
        private static func fields(of value: Any, are names: Set<String>) -> Bool {
            let labels = Mirror(reflecting: value).children.compactMap(\.label)
            return Set(labels) == names && labels.count == names.count
        }

        /// True when every writer is in force.
        var all: Bool { turn && play && pass && trick }
    }
}
