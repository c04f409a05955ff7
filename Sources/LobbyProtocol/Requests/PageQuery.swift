/// A request for one page of a long list (`list`, `history`, `leaderboard`): at most
/// ``limit`` items, starting after ``cursor``. The three lists share these rules, so a bad
/// limit or cursor gets the same refusal whichever list it was sent for.
public protocol PageQuery: Sendable {
    /// The number of items a page holds unless asked otherwise.
    static var defaultLimit: Int { get }
    /// The most items a page holds; a larger limit counts as this.
    static var maximumLimit: Int { get }
    /// What the items are called in errors: `tables`, `entries`, `rows`.
    static var itemName: String { get }

    /// The items wanted, from 1; nil for ``defaultLimit``.
    var limit: Int? { get set }
    /// The `next_cursor` of the previous page; nil for the first page.
    var cursor: Int? { get set }
}

extension PageQuery {
    /// The number of items to return: the limit, capped at ``maximumLimit`` (a limit below 1,
    /// which the wire refuses, counts as 1).
    public var pageSize: Int {
        min(max(limit ?? Self.defaultLimit, 1), Self.maximumLimit)
    }

    /// The query, when its limit is at least 1 and its cursor is not negative.
    public func checkedPage() throws(ProtocolFailure) -> Self {
        if let limit, limit < 1 {
            throw ProtocolFailure(
                .invalidField,
                "field 'limit' must be at least 1 (a page holds at most \(Self.maximumLimit) "
                    + "\(Self.itemName)), not \(limit)")
        }
        if let cursor, cursor < 0 {
            throw ProtocolFailure(
                .invalidField,
                "field 'cursor' must be a next_cursor from an earlier reply, not \(cursor)")
        }
        return self
    }
}
