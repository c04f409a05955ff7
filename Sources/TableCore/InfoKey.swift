import LobbyProtocol

/// What a table's public description is made of besides its fixed settings. Comparing keys is
/// far cheaper than building and comparing descriptions, so the core rebuilds the description
/// only when its key changed.
struct InfoKey: Equatable, Sendable {
    /// One seat as the description shows it.
    struct Seat: Equatable, Sendable {
        var name: String?
        var bot: Bool
        var connected: Bool
    }

    var status: TableStatus
    var seats: [Seat]
    var spectators: Int
    var turnSeconds: Int
    var gamesPlayed: Int
    var totals: [Int]
}
