import Foundation

/// Checks that an E-Card client never learned a face-down card before its reveal.
///
/// Outside `ecard_reveal`, a card or side name may appear only as the receiver's own `side` or
/// among the receiver's own `cards`: a spectator gets neither. Own cards must come from the
/// hand dealt to the receiver, and a snapshot's cards must match its own card count (a
/// face-down card is counted, never shown). `ecard_laid` carries nothing but the seat.
enum HiddenECardCards {
    private static let names: Set<String> = ["emperor", "citizen", "slave"]
    private static let laidKeys: Set<String> = ["seat", "table", "type", "timed_out"]

    /// The lines that reveal too much; empty when none does. `seat` is the receiver's seat,
    /// nil for a spectator.
    static func leaks(in lines: [String], seat: Int?) -> [String] {
        var dealt: [String] = []
        var side: String?
        var leaks: [String] = []
        for line in lines {
            guard let object = parse(line) else { continue }
            let type = object["type"] as? String
            if type == "ecard_reveal" { continue }
            if type == "ecard_hand" {
                dealt = object["cards"] as? [String] ?? []
                side = object["side"] as? String
            }
            if type == "ecard_laid", !Set(object.keys).isSubset(of: laidKeys) {
                leaks.append(line)
                continue
            }
            if !allowed(object, dealt: dealt, side: side, seat: seat) { leaks.append(line) }
        }
        return leaks
    }

    private static func parse(_ line: String) -> [String: Any]? {
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
    }

    /// True when every card or side name in `value` is one the receiver may see.
    private static func allowed(_ value: Any, dealt: [String], side: String?, seat: Int?)
        -> Bool
    {
        if let array = value as? [Any] {
            return array.allSatisfy { allowed($0, dealt: dealt, side: side, seat: seat) }
        }
        guard let object = value as? [String: Any] else {
            return !((value as? String).map(names.contains) ?? false)
        }
        for (key, item) in object {
            switch key {
            case "card", "face_down":
                return false
            case "side":
                guard seat != nil, item as? String == side else { return false }
            case "cards":
                guard let cards = item as? [String], seat != nil, isSubMultiset(cards, of: dealt)
                else { return false }
                if let counts = object["card_counts"] as? [Int],
                    let laid = object["laid"] as? [Int], let seat, counts.indices.contains(seat)
                {
                    let held = counts[seat] - (laid.contains(seat) ? 1 : 0)
                    guard cards.count == held else { return false }
                }
            default:
                guard allowed(item, dealt: dealt, side: side, seat: seat) else { return false }
            }
        }
        return true
    }

    private static func isSubMultiset(_ part: [String], of whole: [String]) -> Bool {
        var left = whole
        for card in part {
            guard let index = left.firstIndex(of: card) else { return false }
            left.remove(at: index)
        }
        return true
    }
}
