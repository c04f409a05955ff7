import Foundation

/// The names of a game log's segment files: `games-000001.jsonl`, `games-000002.jsonl`, …,
/// preceded by the single `games.jsonl` of older data directories, which is read as the first
/// segment.
public enum LogSegments {
    /// The one log file of data directories written before segments.
    public static let legacyName = "games.jsonl"
    /// The checkpoint file of the index (see ``GameLogCheckpoint``).
    public static let checkpointName = "games.checkpoint"

    /// The name of segment `number` (from 1).
    public static func name(_ number: Int) -> String {
        let digits = String(number)
        return "games-" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits
            + ".jsonl"
    }

    /// The segment number a file name stands for: 0 for `games.jsonl`, nil for other files.
    public static func number(of name: String) -> Int? {
        if name == legacyName { return 0 }
        guard name.hasPrefix("games-"), name.hasSuffix(".jsonl") else { return nil }
        let digits = name.dropFirst("games-".count).dropLast(".jsonl".count)
        guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits),
            number > 0
        else { return nil }
        return number
    }

    /// The segment files in `directory`, in log order; empty when there are none (or the
    /// directory cannot be read).
    public static func list(in directory: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return names.compactMap { name in number(of: name).map { (name, $0) } }
            .sorted { $0.1 < $1.1 }.map(\.0)
    }

    /// The segments missing from `names` (segment files in log order, as ``list(in:)``
    /// gives them): every number from 1 to the highest that has no file, as it would be
    /// named. A segment removed leaves such a gap; the records in it are gone.
    public static func missing(from names: [String]) -> [String] {
        let numbers = Set(names.compactMap(number(of:)))
        guard let highest = numbers.max(), highest > 1 else { return [] }
        return (1..<highest).filter { !numbers.contains($0) }.map(name)
    }
}
