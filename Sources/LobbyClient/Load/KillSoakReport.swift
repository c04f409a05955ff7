import Foundation
import LobbyProtocol
import WireJSON

/// The summary `killsoak` prints as its last line.
public struct KillSoakReport: Codable, Sendable, Equatable {
    /// SIGKILLs sent, and how many were asked for.
    public var kills: Int
    public var killsRequested: Int
    /// Deals announced to the soak clients (distinct commitments seen in `deal_start` or in a
    /// snapshot).
    public var dealsAnnounced: Int
    /// Records in the game log afterwards.
    public var records: Int
    /// Announced deals with no record in the log.
    public var lost: Int
    /// Records whose deal was already stored (see ``DealRecord/dealID``).
    public var duplicated: Int
    /// Invariant violations the soak clients found, and error replies they got.
    public var violations: Int
    public var errors: Int
    /// True when every soak client saw its match end, within the soak's time.
    public var completed: Bool
    /// True when `verify` passed over the data directory.
    public var verified: Bool
    /// Wall-clock duration of the whole run.
    public var seconds: Double

    /// True for a clean run: every kill sent, the soak complete, nothing lost, duplicated or
    /// violated, and the log verified.
    public var passed: Bool {
        kills == killsRequested && completed && lost == 0 && duplicated == 0 && violations == 0
            && verified && records > 0
    }
}

/// What a game log holds, read for the kill soak's checks: the commitments of its records and
/// how many records repeat a deal already stored.
struct GameLogAudit {
    var records = 0
    var duplicated = 0
    var commitments: Set<String> = []

    /// Reads every segment of the game log in the data directory `path`.
    init(directory path: String) throws(ClientError) {
        let decoder = WireCodec.makeDecoder()
        var deals = DealIdentitySet()
        for (position, file) in try GameLogVerifier.files(at: path).enumerated() {
            guard let data = FileManager.default.contents(atPath: file) else {
                throw .unreadable(file)
            }
            GameLogVerifier.forEachLine(of: data) { number, line, _ in
                guard let record = try? decoder.decode(DealRecord.self, from: line) else { return }
                records += 1
                if let commitment = record.commitment { commitments.insert(commitment) }
                let place = DealIdentitySet.Place(segment: UInt32(position), line: UInt32(number))
                if deals.insert(record.dealID, at: place) != nil { duplicated += 1 }
            }
        }
    }
}
