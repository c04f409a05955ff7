import Foundation

/// `bigtwo-client verify`: checks revealed deals and game log records without a server.
public enum VerifyCommand {
    /// The outcome: one report line per entry, and whether every entry is valid.
    public struct Outcome: Equatable, Sendable {
        /// Lines for people.
        public var lines: [String]
        /// True only when at least one entry was checked and all were valid.
        public var allValid: Bool
    }

    /// Builds the entries from the options (a record file, or the seed/commitment/hands
    /// flags) and checks each.
    public static func run(_ options: VerifyOptions) throws(ClientError) -> Outcome {
        var entries: [VerifyEntry] = []
        if let path = options.record {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .unreadable(path)
            }
            entries += try DealRecordReader.entries(inText: String(decoding: data, as: UTF8.self))
            if entries.isEmpty { throw .usage("'\(path)' holds no deal record or seed") }
        }
        if let seed = options.seed, let commitment = options.commitment {
            var claim = DealClaim(seed: seed, commitment: commitment, hands: [], kind: .dealt)
            if let hands = options.hands {
                claim.hands = try DealRecordReader.hands(fromText: hands)
            } else if let remaining = options.remaining {
                claim.hands = try DealRecordReader.hands(fromText: remaining)
                claim.kind = .remaining
            }
            entries.append(.claim(claim))
        }
        return check(entries)
    }

    /// Checks claims and describes each.
    public static func check(_ claims: [DealClaim]) -> Outcome {
        check(claims.map(VerifyEntry.claim))
    }

    /// Checks entries and describes each; a summary line follows when there are several.
    public static func check(_ entries: [VerifyEntry]) -> Outcome {
        var lines: [String] = []
        var failed = 0
        for entry in entries {
            let (line, valid) = report(entry)
            lines.append(line)
            if !valid { failed += 1 }
        }
        if entries.count > 1 {
            lines.append(
                failed == 0
                    ? "all \(entries.count) checked entries are valid"
                    : "\(failed) of \(entries.count) checked entries FAILED")
        }
        return Outcome(lines: lines, allValid: !entries.isEmpty && failed == 0)
    }

    private static func report(_ entry: VerifyEntry) -> (line: String, valid: Bool) {
        switch entry {
        case .claim(let claim):
            let result = DealCheck.check(claim)
            let scope =
                claim.hands.isEmpty
                ? "commitment only" : "\(claim.hands.count) \(claim.kind.rawValue) hands"
            return ("\(claim.label) (\(scope)): \(result.explanation)", result.isValid)
        case .record(let record):
            let result = RecordCheck.check(record)
            return ("\(RecordCheck.label(record)): \(result.explanation)", result.isValid)
        case .unreadableRecord(_, let reason):
            return ("FAIL: \(reason)", false)
        }
    }
}
