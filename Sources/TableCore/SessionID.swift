/// A member of the lobby as a table knows it: an opaque number that stays the same while the
/// person resumes their session on new connections.
public struct SessionID: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The number.
    public let value: Int

    /// Wraps a number.
    public init(_ value: Int) {
        self.value = value
    }

    public static func < (lhs: SessionID, rhs: SessionID) -> Bool { lhs.value < rhs.value }

    public var description: String { "session \(value)" }
}

/// A moment as Unix milliseconds. Table cores never read a clock: time comes in with every
/// input.
public typealias Milliseconds = Int64
