import Dispatch
import Foundation
import LobbyProtocol
import TableCore

/// What a table host needs from the server around it. The callbacks may be called from the
/// table's queue and must not block.
struct TableServices: Sendable {
    /// Where bots think.
    let botQueue: DispatchQueue
    /// Where finished deals go.
    let recorder: (any DealRecorder)?
    let logger: Logger
    /// Where deals started and finished are counted.
    let metrics: ServerMetrics
    /// Whether the game log and the journal reach the disk.
    let storage: StorageMonitor
    /// A session's place at table `table` changed.
    let placeChanged: @Sendable (_ session: SessionID, _ table: Int, TablePlace?) -> Void
    /// The table's public description changed.
    let infoChanged: @Sendable (TableInfo) -> Void
    /// The table has finished for good.
    let finished: @Sendable (_ table: Int) -> Void
    /// The time now.
    let now: @Sendable () -> Milliseconds
    /// How long a game broadcast to people not asked to act may wait to leave with their
    /// next message; 0 sends every message at the end of the input that made it.
    var broadcastDelay: Milliseconds = 0
    /// Sends the broadcasts that have waited long enough, for every table at once.
    var flushTicker: FlushTicker

    /// The wall clock, in Unix milliseconds.
    static func wallClock() -> Milliseconds {
        Milliseconds((Date().timeIntervalSince1970 * 1000).rounded())
    }
}
