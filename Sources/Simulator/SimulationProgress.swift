/// How far a running simulation has got; reported about once a second during long runs.
public struct SimulationProgress: Sendable, CustomStringConvertible {
    /// Games finished so far.
    public let gamesDone: Int
    /// Games in the run.
    public let gamesTotal: Int
    /// Seconds since the run started.
    public let seconds: Double
    /// Violations found so far.
    public let violations: Int

    public var description: String {
        let rate = seconds > 0 ? Int(Double(gamesDone) / seconds) : 0
        let tenths = Int(seconds * 10)
        return "\(gamesDone)/\(gamesTotal) games, \(tenths / 10).\(tenths % 10) s, "
            + "\(rate) games/s, \(violations) violations"
    }
}
