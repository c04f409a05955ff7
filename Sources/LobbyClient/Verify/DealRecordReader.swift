import CardGames
import Foundation
import LobbyProtocol
import WireJSON

/// Reads what `verify` checks from JSON lines: game log records (the server's `games.jsonl`,
/// one ``DealRecord`` per line), `deal_end` messages, and other objects with `seed`,
/// `commitment` and dealt hands (`initial_hands`, `dealt_hands`, `dealt` or `hands`).
public enum DealRecordReader {
    /// The entries in a text of JSON lines, in order; lines without a seed that are not game
    /// log records are skipped. A line that is not JSON is an unreadable entry, and the other
    /// lines are still read; an unreadable last line without its newline is a torn write.
    public static func entries(inText text: String) throws(ClientError) -> [VerifyEntry] {
        var entries: [VerifyEntry] = []
        let decoder = WireCodec.makeDecoder()
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (number, line) in lines.enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { continue }
            let data = Data(trimmed.utf8)
            let isTornTail = number == lines.count - 1
            guard
                let object = try? JSONSerialization.jsonObject(with: data),
                let dictionary = object as? [String: Any]
            else {
                entries.append(
                    isTornTail
                        ? .tornTail(line: number + 1, bytes: line.utf8.count)
                        : .unreadableRecord(
                            line: number + 1, reason: "line \(number + 1) is not a JSON object"))
                continue
            }
            if dictionary["moves"] != nil
                && (dictionary["result"] != nil || dictionary["abandoned"] != nil)
            {
                do {
                    entries.append(.record(try decoder.decode(DealRecord.self, from: data)))
                } catch {
                    let reason = "line \(number + 1) is not a readable game log record"
                    entries.append(.unreadableRecord(line: number + 1, reason: reason))
                }
            } else if let claim = try claim(from: dictionary, line: number + 1) {
                entries.append(.claim(claim))
            }
        }
        return entries
    }

    /// The seed claims in a text of JSON lines (game log records are left out).
    public static func claims(inText text: String) throws(ClientError) -> [DealClaim] {
        try entries(inText: text).compactMap { entry in
            if case .claim(let claim) = entry { return claim }
            return nil
        }
    }

    /// The claim in one JSON object (searching one level of nested objects), or nil when it
    /// holds no seed.
    static func claim(from object: [String: Any], line: Int) throws(ClientError) -> DealClaim? {
        guard let seed = object["seed"] as? String else {
            for value in object.values {
                if let nested = value as? [String: Any],
                    let found = try claim(from: nested, line: line)
                {
                    return found
                }
            }
            return nil
        }
        guard let commitment = object["commitment"] as? String else {
            throw .usage("line \(line) has a seed but no commitment")
        }
        let isDealEnd = (object["type"] as? String) == "deal_end"
        var hands: [CardSet] = []
        var kind = DealClaim.HandKind.dealt
        let dealtKeys = ["initial_hands", "dealt_hands", "dealt", "initialHands"]
        if let dealt = dealtKeys.lazy.compactMap({ object[$0] }).first {
            hands = try cardSets(dealt, line: line)
        } else if let given = object["hands"] {
            hands = try cardSets(given, line: line)
            kind = isDealEnd ? .remaining : .dealt
        }
        var label = "line \(line)"
        if let table = object["table"] as? Int, let deal = object["deal"] as? Int {
            label = "table \(table) deal \(deal)"
        }
        return DealClaim(
            seed: seed, commitment: commitment, hands: hands, kind: kind, label: label)
    }

    private static func cardSets(_ value: Any, line: Int) throws(ClientError) -> [CardSet] {
        guard let list = value as? [Any] else {
            throw .usage("line \(line): hands must be a list")
        }
        var sets: [CardSet] = []
        for hand in list {
            let text: String
            if let cards = hand as? [String] {
                text = cards.joined(separator: " ")
            } else if let single = hand as? String {
                text = single
            } else {
                throw .usage("line \(line): a hand must be a list of cards")
            }
            do {
                sets.append(CardSet(try Card.parseList(text)))
            } catch {
                throw .usage("line \(line): \(error.description)")
            }
        }
        return sets
    }

    /// Hands written as `3D 4C …|…|…|…` (seats separated by `|`).
    public static func hands(fromText text: String) throws(ClientError) -> [CardSet] {
        var sets: [CardSet] = []
        for part in text.split(separator: "|", omittingEmptySubsequences: false) {
            do {
                sets.append(CardSet(try Card.parseList(part)))
            } catch {
                throw .usage("hands: \(error.description)")
            }
        }
        return sets
    }
}
