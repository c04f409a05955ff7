/// The parameters of a `list` request: how many tables, and after which one.
///
/// Tables are listed by id, lowest first. A page holds at most ``maximumLimit`` tables, so
/// that a `tables` reply stays far below a client's output buffer even when every table has a
/// long name and every seat a long player name.
public struct ListQuery: PageQuery, Encodable, Equatable {
    /// The number of tables a page holds unless asked otherwise.
    public static let defaultLimit = 20
    /// The most tables a page holds.
    public static let maximumLimit = 50
    /// Tables, as errors call them.
    public static let itemName = "tables"

    /// The tables wanted, from 1; more than ``maximumLimit`` counts as the maximum.
    public var limit: Int?
    /// The `next_cursor` of the previous page (the id of its last table); nil for the first
    /// page.
    public var cursor: Int?
    /// Plain `list more`: continue after the page this connection last received. Not part of
    /// the JSON request, which names its cursor instead.
    public var more: Bool

    /// A query.
    public init(limit: Int? = nil, cursor: Int? = nil, more: Bool = false) {
        self.limit = limit
        self.cursor = cursor
        self.more = more
    }

    private enum CodingKeys: String, CodingKey { case limit, cursor }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(limit, forKey: .limit)
        try container.encodeIfPresent(cursor, forKey: .cursor)
    }
}
