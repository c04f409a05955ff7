import GameRecords
import LobbyProtocol

/// Where finished deals go, and where `history` and `leaderboard` are answered from.
///
/// Every method may be called from any table's queue or the lobby's queue; none blocks it.
public protocol DealRecorder: Sendable {
    /// Stores a finished deal durably; `completion` runs on an unspecified queue once the
    /// record is on disk, with the record as stored (numbered), or nil when it failed.
    func record(_ record: DealRecord, completion: @escaping @Sendable (DealRecord?) -> Void)
    /// The number of records stored so far: a record handed over now is stored at this
    /// position (from 0) or later.
    var recordCount: Int { get }
    /// The stored record of the same deal as `record`, at `position` or later (the latest
    /// few when nil), or nil when there is none; read at once, for a restarted server.
    func storedRecord(sameDealAs record: DealRecord, from position: Int?) -> DealRecord?
    /// A page of recent deals, most recent first, optionally only `query.player`'s, with the
    /// cursor of the next page; answered off the caller's queue.
    func history(_ query: HistoryQuery, reply: @escaping @Sendable (HistoryReply) -> Void)
    /// A page of one game's totals per player, with the cursor of the next page; answered off
    /// the caller's queue.
    func leaderboard(
        _ query: LeaderboardQuery, reply: @escaping @Sendable (LeaderboardReply) -> Void)
    /// The stored record numbered `number` (from 1, as `history` numbers them), or nil when
    /// there is none; answered off the caller's queue.
    func storedRecord(number: Int, reply: @escaping @Sendable (DealRecord?) -> Void)
    /// The highest table id any stored record names (0 for none).
    var highestTable: Int { get }
    /// Whether records reach the disk now, and how many wait for it.
    var storageHealth: GroupCommitHealth { get }
    /// Calls `observer` when the disk starts refusing records, and when the held records are
    /// written or given up on.
    func observeStorage(_ observer: @escaping @Sendable (GroupCommitEvent) -> Void)
    /// Gives up on the records the disk still refuses (their completions get nil), for a
    /// server that stops; returns how many.
    func abandonHeld() -> Int
}

extension DealRecorder {
    /// A recorder that cannot read its records back knows no table.
    public var highestTable: Int { 0 }

    /// A recorder without a disk never holds records.
    public var storageHealth: GroupCommitHealth { GroupCommitHealth() }

    /// A recorder without a disk has nothing to report.
    public func observeStorage(_ observer: @escaping @Sendable (GroupCommitEvent) -> Void) {}

    /// A recorder without a disk holds nothing.
    public func abandonHeld() -> Int { 0 }

    /// A recorder that cannot read its records back counts none.
    public var recordCount: Int { 0 }

    /// A recorder that cannot read its records back finds none.
    public func storedRecord(sameDealAs record: DealRecord, from position: Int?) -> DealRecord? {
        nil
    }

    /// A recorder that cannot read its records back finds none.
    public func storedRecord(number: Int, reply: @escaping @Sendable (DealRecord?) -> Void) {
        reply(nil)
    }

    /// Recent deals, most recent first, optionally only `player`'s; answered off the caller's
    /// queue.
    public func history(
        player: String?, limit: Int, reply: @escaping @Sendable ([DealSummary]) -> Void
    ) {
        history(HistoryQuery(player: player, limit: limit)) { reply($0.deals) }
    }

    /// The top of the Big Two totals per player; answered off the caller's queue.
    public func leaderboard(reply: @escaping @Sendable ([LeaderboardRow]) -> Void) {
        leaderboard(LeaderboardQuery()) { reply($0.players) }
    }
}
