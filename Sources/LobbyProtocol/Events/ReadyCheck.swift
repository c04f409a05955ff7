/// The pause before a table's next game: when it ends, and which seats have said `ready`.
/// Sent to everyone at a table with people when the pause begins, again each time a person
/// says ready, and after a snapshot taken during the pause, so that a page can show the
/// countdown and who is ready.
public struct ReadyCheck: Sendable, Codable, Equatable {
    /// Table id.
    public var table: Int
    /// Unix time in milliseconds when the next game begins unless everyone is ready sooner.
    public var deadline: Int64
    /// The seats whose people said `ready`, in seat order.
    public var ready: [Int]

    /// Creates the notice.
    public init(table: Int, deadline: Int64, ready: [Int]) {
        self.table = table
        self.deadline = deadline
        self.ready = ready
    }
}
