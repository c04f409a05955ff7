import CardGames

/// Where a table's deal seeds come from. The server draws them from its master seed or the
/// secure random source; tests pass a fixed sequence.
public protocol SeedSource: Sendable {
    /// The next deal's seed.
    func next() -> DealSeed
}
