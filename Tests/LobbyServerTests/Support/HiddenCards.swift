import Foundation
import LobbyProtocol

/// Checks that a client never saw a card of another seat before the deal's end: every card
/// named in a line must be in the client's own hand or already played.
enum HiddenCards {
    private static let pattern = try! NSRegularExpression(pattern: "\"([2-9TJQKA][DCHS])\"")

    /// The cards named in a line.
    static func cards(in line: String) -> Set<String> {
        let range = NSRange(line.startIndex..., in: line)
        return Set(
            pattern.matches(in: line, range: range).compactMap {
                Range($0.range(at: 1), in: line).map { String(line[$0]) }
            })
    }

    /// The lines that reveal a card too early; empty when none does.
    static func leaks(in lines: [String]) -> [String] {
        var own = Set<String>()
        var played = Set<String>()
        var leaks: [String] = []
        for line in lines {
            var named = cards(in: line)
            if line.contains("\"type\":\"turn\"") { named.subtract(["3D", "3C"]) }
            if line.contains("\"type\":\"state\""),
                let snapshot = try? ServerMessageDecoder().decode(line),
                case .state(let state) = snapshot.event
            {
                let hand = Set((state.hand ?? []).map(\.notation))
                if own.isEmpty { own = hand }
                played.formUnion((state.deal?.played ?? []).map(\.notation))
            }
            if line.contains("\"type\":\"deal_start\"") {
                own = named
                played = []
                continue
            }
            if line.contains("\"type\":\"deal_end\"") { continue }
            if line.contains("\"type\":\"play\"") { played.formUnion(named) }
            if !named.isSubset(of: own.union(played)) { leaks.append(line) }
        }
        return leaks
    }
}
