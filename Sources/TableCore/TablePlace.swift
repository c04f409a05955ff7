/// Where a session is at a table, as the lobby tracks it.
public struct TablePlace: Hashable, Sendable {
    /// The seat, or nil for a watcher.
    public var seat: Int?

    /// A place at `seat`, or a watcher's place.
    public init(seat: Int?) {
        self.seat = seat
    }
}
