import LobbyProtocol

/// What a table core asks the host around it to do.
public enum TableEffect<Game: TableGame>: Sendable {
    /// Send a message, projected for each recipient.
    case send(Outbound<Game>)
    /// Store a record durably, then feed back ``TableInput/recorded(ticket:stored:)``.
    case persist(DealRecord, ticket: Int)
    /// Fire `timer` at `deadline` (replacing an earlier deadline of the same timer).
    case setTimer(TableTimer, deadline: Milliseconds)
    /// Forget `timer`.
    case cancelTimer(TableTimer)
    /// Run a bot away from the table, then feed back ``TableInput/botChose(_:)``.
    case think(BotJob<Game>)
    /// The session's place at the table changed (nil: it is no longer at the table).
    case place(SessionID, TablePlace?)
    /// The public description changed.
    case info(TableInfo)
    /// Something worth a line in the server log.
    case note(String)
    /// The table has finished for good: every timer it set is dropped.
    case finished
}

extension TableEffect {
    /// True for the refusal of a request: an error sent in answer to it.
    var isRefusal: Bool {
        guard case .send(let outbound) = self, case .same(.error) = outbound.message else {
            return false
        }
        return true
    }
}
