import LobbyProtocol

extension GameLog: DealRecorder {
    /// Appends the record (written and fsynced before returning); nil when the write failed.
    public func record(_ record: DealRecord) -> DealRecord? {
        try? append(record)
    }

}
