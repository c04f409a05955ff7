extension DealRecord {
    /// What names the deal a record is of, whatever number the log gave it: the table, the
    /// deal (or match) and hand there, the kind, the commitment when the game has one, and
    /// the time it finished. The same deal stored twice (written, then written again by a
    /// restarted server replaying its journal) has the same id; two deals never do.
    public var dealID: String {
        var id = "\(kind.rawValue)/\(table)/\(deal)"
        if let hand { id += "/\(hand)" }
        id += "@\(finishedAt)"
        if let commitment { id += "#\(commitment)" }
        return id
    }
}
