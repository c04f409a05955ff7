/// How many chat lines a room (the lobby, or one table) takes, whoever sends them: `perSecond`
/// on average, in bursts of up to `burst`. Each connection has its own chat budget as well;
/// this one bounds what a crowd sends together, so that a room's chat cannot flood its
/// readers or its queue (a "slow mode" for busy rooms). A pure value: time comes in.
public struct ChatRate: Sendable, Equatable {
    /// Lines a second on average; 0 for no limit.
    public let perSecond: Int
    /// Lines taken at once after a quiet spell.
    public let burst: Int
    /// Lines that may be taken now, in thousandths.
    private var available: Int64
    private var refilledAt: Milliseconds?

    /// A room taking `perSecond` lines a second in bursts of `burst` (0 `perSecond`: every
    /// line).
    public init(perSecond: Int, burst: Int) {
        self.perSecond = max(perSecond, 0)
        self.burst = max(burst, 1)
        available = Int64(self.burst) * 1000
    }

    /// No limit.
    public static let unlimited = ChatRate(perSecond: 0, burst: 1)

    /// A room's rate: `perSecond` lines a second in bursts of twice that.
    public static func room(perSecond: Int) -> ChatRate {
        ChatRate(perSecond: perSecond, burst: 2 * perSecond)
    }

    /// True, spending a line, when the room takes a line at `now`; false when it is full.
    public mutating func admit(at now: Milliseconds) -> Bool {
        guard perSecond > 0 else { return true }
        let elapsed = refilledAt.map { max(0, now - $0) } ?? 0
        refilledAt = now
        available = min(Int64(burst) * 1000, available + elapsed * Int64(perSecond))
        guard available >= 1000 else { return false }
        available -= 1000
        return true
    }
}
