import Foundation

/// `bigtwo-client verify`: checks revealed deals without a server.
public enum VerifyCommand {
    /// The outcome: one report line per claim, and whether every claim is valid.
    public struct Outcome: Equatable, Sendable {
        /// Lines for people.
        public var lines: [String]
        /// True only when at least one deal was checked and all were valid.
        public var allValid: Bool
    }

    /// Builds the claims from the options (a record file, or the seed/commitment/hands
    /// flags) and checks each.
    public static func run(_ options: VerifyOptions) throws(ClientError) -> Outcome {
        var claims: [DealClaim] = []
        if let path = options.record {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw .unreadable(path)
            }
            claims += try DealRecordReader.claims(inText: String(decoding: data, as: UTF8.self))
            if claims.isEmpty { throw .usage("'\(path)' holds no deal with a seed") }
        }
        if let seed = options.seed, let commitment = options.commitment {
            var claim = DealClaim(seed: seed, commitment: commitment, hands: [], kind: .dealt)
            if let hands = options.hands {
                claim.hands = try DealRecordReader.hands(fromText: hands)
            } else if let remaining = options.remaining {
                claim.hands = try DealRecordReader.hands(fromText: remaining)
                claim.kind = .remaining
            }
            claims.append(claim)
        }
        return check(claims)
    }

    /// Checks claims and describes each.
    public static func check(_ claims: [DealClaim]) -> Outcome {
        var lines: [String] = []
        var allValid = !claims.isEmpty
        for claim in claims {
            let result = DealCheck.check(claim)
            allValid = allValid && result.isValid
            let scope =
                claim.hands.isEmpty
                ? "commitment only" : "\(claim.hands.count) \(claim.kind.rawValue) hands"
            lines.append("\(claim.label) (\(scope)): \(result.explanation)")
        }
        return Outcome(lines: lines, allValid: allValid)
    }
}
