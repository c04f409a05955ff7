import LobbyProtocol

extension GameLog {
    /// How many of the latest records ``storedRecord(sameDealAs:from:)`` reads when it is
    /// not told where to start.
    public static let recentRecordsSearched = 1_000

    /// The stored record of the same deal as `record` (see ``DealRecord/dealID``), looked
    /// for among the records at `position` (from 0) and after, newest first; without a
    /// position, among the latest ``recentRecordsSearched``. A restarted server asks this
    /// before storing again a record whose completion it did not hear of, so that a deal is
    /// never stored twice.
    public func storedRecord(sameDealAs record: DealRecord, from position: Int? = nil)
        -> DealRecord?
    {
        let end = count
        let start = max(0, position ?? (end - Self.recentRecordsSearched))
        guard start < end else { return nil }
        let wanted = record.dealID
        for index in stride(from: end - 1, through: start, by: -1) {
            if let stored = self.record(at: index), stored.dealID == wanted { return stored }
        }
        return nil
    }
}
