/// Whether the latest request for each paged list was a plain `more`, which continues after
/// the last page received.
struct ContinuedPages: Sendable, Equatable {
    var tables = false
    var history = false
    var leaderboard = false
}
