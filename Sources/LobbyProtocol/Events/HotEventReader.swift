import CardGames
import Foundation

/// Reads the events sent most often during play (`turn`, `play`, `pass`, `trick`, `pong`,
/// and each deal's `deal_start` and `deal_end`) straight from their bytes, when they are
/// exactly in the form the server writes: keys sorted, no spaces, integer numbers, plain
/// printable ASCII strings, canonical card notation, a numeric id. Anything else (another
/// event, another form, a field the event does not have) is left to the general decoder, so
/// the result is always what that decoder would give, only sooner.
enum HotEventReader {
    /// The message, or nil when the line is not a hot event in the written form.
    static func read(_ line: Data) -> ServerMessage? {
        line.withUnsafeBytes { read($0) }
    }

    /// The message, or nil when the line's bytes are not a hot event in the written form.
    static func read(_ line: UnsafeRawBufferPointer) -> ServerMessage? {
        guard HotEventWriter.shapes.all else { return nil }
        guard var fields = HotEventFields(line.bindMemory(to: UInt8.self)) else { return nil }
        let event: ServerEvent
        let id: RequestID?
        switch fields.type {
        case "turn":
            guard let canPass = fields.bool("can_pass") else { return nil }
            let deadline = fields.optionalInt("deadline")
            id = fields.optionalInt("id").map { .number($0) }
            guard let leading = fields.bool("leading") else { return nil }
            let mustInclude = fields.optionalCard("must_include")
            guard let seat = fields.int("seat"), let table = fields.int("table") else {
                return nil
            }
            let toBeat = fields.optionalCards("to_beat")
            guard let mustInclude, let toBeat else { return nil }
            event = .turn(
                TurnNotice(
                    table: table, seat: seat, canPass: canPass, leading: leading,
                    mustInclude: mustInclude, toBeat: toBeat,
                    deadline: deadline.map(Int64.init)))
        case "play":
            guard let cards = fields.cards("cards"), let cardsLeft = fields.int("cards_left"),
                let combo = fields.string("combo")
            else { return nil }
            id = fields.optionalInt("id").map { .number($0) }
            guard let seat = fields.int("seat"), let table = fields.int("table") else {
                return nil
            }
            let timedOut = fields.optionalBool("timed_out")
            event = .play(
                PlayNotice(
                    table: table, seat: seat, cards: cards, combo: combo, cardsLeft: cardsLeft,
                    timedOut: timedOut))
        case "pass":
            id = fields.optionalInt("id").map { .number($0) }
            guard let seat = fields.int("seat"), let table = fields.int("table") else {
                return nil
            }
            let timedOut = fields.optionalBool("timed_out")
            event = .pass(PassNotice(table: table, seat: seat, timedOut: timedOut))
        case "trick":
            id = fields.optionalInt("id").map { .number($0) }
            guard let leader = fields.int("leader"), let table = fields.int("table") else {
                return nil
            }
            event = .trick(TrickNotice(table: table, leader: leader))
        case "deal_start":
            guard let (start, number) = dealStart(&fields) else { return nil }
            event = .dealStart(start)
            id = number.map { .number($0) }
        case "deal_end":
            guard let (end, number) = dealEnd(&fields) else { return nil }
            event = .dealEnd(end)
            id = number.map { .number($0) }
        case "pong":
            id = fields.optionalInt("id").map { .number($0) }
            event = .pong
        default:
            return nil
        }
        guard fields.isComplete() else { return nil }
        return ServerMessage(event, id: id)
    }
}
