import CardGames

/// The reply to `state` (and sent on join, watch and resume): the public table, the receiver's
/// own hand, and the game in progress.
public struct Snapshot: Sendable {
    /// The table.
    public var table: TableInfo
    /// The receiver's seat, if seated.
    public var seat: Int?
    /// The receiver's own cards, if seated at a Big Two deal in progress.
    public var hand: [Card]?
    /// The game in progress as the receiver may see it, if any: its kind's view, which each
    /// kind's file also gives as a property of its own name.
    public var game: (any GameSnapshotView)?

    /// Creates a snapshot.
    public init(
        table: TableInfo, seat: Int?, hand: [Card]? = nil, game: (any GameSnapshotView)? = nil
    ) {
        self.table = table
        self.seat = seat
        self.hand = hand
        self.game = game
    }

    /// The game in progress, if it is shown by a `View`.
    public func view<View: GameSnapshotView>(_ type: View.Type) -> View? { game as? View }

    /// Sets the game in progress to `view`; nil clears it only if it is shown by a `View`.
    public mutating func setView<View: GameSnapshotView>(_ view: View?) {
        if let view {
            game = view
        } else if game is View {
            game = nil
        }
    }
}

extension Snapshot: Equatable {
    /// Equal when the table, seat, hand and game view are.
    public static func == (lhs: Snapshot, rhs: Snapshot) -> Bool {
        guard lhs.table == rhs.table, lhs.seat == rhs.seat, lhs.hand == rhs.hand else {
            return false
        }
        return PayloadEquality.equal(lhs.game, rhs.game)
    }
}

extension Snapshot: Codable {
    private enum CodingKeys: String, CodingKey {
        case table, seat, hand
    }

    /// A member named by a kind's view.
    private struct ViewKey: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// Reads the table, seat and hand, and the view of whichever kind's member is present.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        table = try container.decode(TableInfo.self, forKey: .table)
        seat = try container.decodeIfPresent(Int.self, forKey: .seat)
        hand = try container.decodeIfPresent([Card].self, forKey: .hand)
        let views = try decoder.container(keyedBy: ViewKey.self)
        for kind in TableKind.allCases {
            if let view = try Self.view(kind.snapshotView, in: views) {
                game = view
                return
            }
        }
    }

    private static func view<View: GameSnapshotView>(
        _ type: View.Type, in container: KeyedDecodingContainer<ViewKey>
    ) throws -> View? {
        try container.decodeIfPresent(View.self, forKey: ViewKey(stringValue: View.member))
    }

    /// Writes the table, seat and hand, and the game's view under its kind's member.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(table, forKey: .table)
        try container.encodeIfPresent(seat, forKey: .seat)
        try container.encodeIfPresent(hand, forKey: .hand)
        if let game { try Self.encode(game, into: encoder) }
    }

    private static func encode<View: GameSnapshotView>(_ view: View, into encoder: any Encoder)
        throws
    {
        var views = encoder.container(keyedBy: ViewKey.self)
        try views.encode(view, forKey: ViewKey(stringValue: View.member))
    }
}
