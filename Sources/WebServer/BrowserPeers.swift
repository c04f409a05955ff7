/// The addresses that spoke HTTP to the port lately: browsers. A browser opens spare
/// connections ahead of its requests (preconnect) and may leave one silent for a while before
/// it sends a request on it; greeted as a line client after the usual short wait, such a
/// connection would answer the browser's request with the protocol's greeting, which the
/// browser takes for a broken HTTP response (a module of the page failed to load). A peer in
/// this list is greeted only after a wait longer than browsers keep an unused connection.
struct BrowserPeers: Sendable {
    /// How many addresses are kept: the oldest is forgotten past this.
    static let capacity = 1_024

    private var seen: [String: ContinuousClock.Instant] = [:]

    /// Notes that `peer` (an address, with or without its port) spoke HTTP at `now`.
    mutating func noteHTTP(from peer: String, at now: ContinuousClock.Instant) {
        seen[Self.address(of: peer)] = now
        if seen.count > Self.capacity, let oldest = seen.min(by: { $0.value < $1.value }) {
            seen[oldest.key] = nil
        }
    }

    /// True when `peer` spoke HTTP within `window` before `now`.
    func spokeHTTP(_ peer: String, within window: Duration, at now: ContinuousClock.Instant)
        -> Bool
    {
        guard let last = seen[Self.address(of: peer)] else { return false }
        return now - last <= window
    }

    /// The address part of `host:port` or `[v6]:port`.
    static func address(of peer: String) -> String {
        if peer.hasPrefix("["), let close = peer.firstIndex(of: "]") {
            return String(peer[peer.index(after: peer.startIndex)..<close])
        }
        if peer.filter({ $0 == ":" }).count == 1, let colon = peer.lastIndex(of: ":") {
            return String(peer[..<colon])
        }
        return peer
    }
}
