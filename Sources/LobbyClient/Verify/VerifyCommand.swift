import Foundation

/// `bigtwo-client verify`: checks revealed deals and game log records without a server. A
/// `--record` that names a data directory checks every segment of its game log (see
/// ``GameLogVerifier``).
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
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory),
                isDirectory.boolValue
            {
                return try GameLogVerifier.run(directory: path)
            }
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
        var checked = 0
        for entry in entries {
            if case .tornTail(let line, let bytes) = entry {
                lines.append(
                    "NOTE: line \(line): a torn last line of \(bytes) bytes without its newline "
                        + "(the server cuts it when it opens the log)")
                continue
            }
            let (line, valid) = report(entry)
            lines.append(line)
            checked += 1
            if !valid { failed += 1 }
        }
        if checked > 1 {
            lines.append(
                failed == 0
                    ? "all \(checked) checked entries are valid"
                    : "\(failed) of \(checked) checked entries FAILED")
        }
        return Outcome(lines: lines, allValid: checked > 0 && failed == 0)
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
        case .tornTail(let line, _):
            return ("NOTE: line \(line) is torn", true)
        }
    }
}
