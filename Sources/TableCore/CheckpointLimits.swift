/// The ranges a checkpoint's numbers must lie in for a table to take it up: a checkpoint read
/// back from a damaged journal may say anything, and a counter at `Int.max` would overflow at
/// its next step. Numbers within JSON's exact integers (±2^53) never overflow when a game
/// adds its scores or counts on; a time must lie within tens of thousands of years.
enum CheckpointLimits {
    /// The largest magnitude of a count, a total or a ticket.
    static let magnitude = 1 << 53
    /// The latest time, in Unix milliseconds.
    static let latest: Milliseconds = 1 << 50

    /// True when every one of `values` is within ``magnitude``.
    static func fit(_ values: Int...) -> Bool { fit(values) }

    /// True when every one of `values` is within ``magnitude``.
    static func fit(_ values: [Int]) -> Bool {
        values.allSatisfy { $0 > -magnitude && $0 < magnitude }
    }

    /// True when `time` is a time a table could have set.
    static func fitsTime(_ time: Milliseconds) -> Bool {
        (0...latest).contains(time)
    }
}
