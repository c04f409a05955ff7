import LobbyProtocol
import Locking

/// The most recently built `history` entries, so that the pages people ask for again (the
/// latest ones, mostly) are not read and decoded again. An entry is keyed by its position and
/// its hand count, so an E-Card match that gains a hand is built afresh. The oldest built
/// entry is dropped first. Safe to use from any thread.
final class SummaryCache: Sendable {
    /// Which entry, and how many hands it had when built.
    struct Key: Hashable {
        var entry: Int32
        var hands: Int
    }

    private struct Store {
        var summaries: [Key: DealSummary] = [:]
        var order: [Key] = []
        var next = 0
    }

    private let capacity: Int
    private let store = Locked(Store())

    /// A cache holding at most `capacity` entries.
    init(capacity: Int) {
        self.capacity = max(capacity, 1)
    }

    subscript(key: Key) -> DealSummary? {
        get { store.withLock { $0.summaries[key] } }
        set {
            guard let newValue else { return }
            store.withLock { store in
                guard store.summaries.updateValue(newValue, forKey: key) == nil else { return }
                if store.order.count < capacity {
                    store.order.append(key)
                } else {
                    store.summaries[store.order[store.next]] = nil
                    store.order[store.next] = key
                    store.next = (store.next + 1) % capacity
                }
            }
        }
    }
}
