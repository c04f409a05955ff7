/// The held sessions that may be forgotten to make room, oldest detach first: the ones with no
/// connection and no place at a table. A `hello` at the cap of held sessions forgets the
/// first of them in logarithmic time, instead of looking through every session held.
///
/// Entries are not removed when a session comes back or sits down: they go stale, and are
/// skipped when they come to the front. The heap is rebuilt from its live entries whenever the
/// stale ones outnumber the sessions held, so it stays within a small multiple of them.
struct IdleSessions {
    private struct Entry {
        let detachedAt: Int
        let player: PlayerSession
    }

    private var heap: [Entry] = []

    /// The number of entries, stale ones included.
    var count: Int { heap.count }

    /// Notes that `player` may be forgotten from now on, unless it comes back or sits down.
    /// `held` is the number of sessions held, which bounds the stale entries kept.
    mutating func add(_ player: PlayerSession, held: Int, isLive: (PlayerSession) -> Bool) {
        push(Entry(detachedAt: player.detachedAt, player: player))
        if heap.count > 2 * held + 64 { rebuild(isLive: isLive) }
    }

    /// Takes out and returns the idle session that detached first; nil when there is none.
    /// `isLive` says whether a session is still held.
    mutating func popOldest(isLive: (PlayerSession) -> Bool) -> PlayerSession? {
        while let top = heap.first {
            removeFirst()
            if isIdle(top, isLive: isLive) { return top.player }
        }
        return nil
    }

    private func isIdle(_ entry: Entry, isLive: (PlayerSession) -> Bool) -> Bool {
        let player = entry.player
        return player.detachedAt == entry.detachedAt && !player.isConnected
            && player.membership == nil && isLive(player)
    }

    private mutating func rebuild(isLive: (PlayerSession) -> Bool) {
        let live = heap.filter { isIdle($0, isLive: isLive) }
        heap = []
        for entry in live { push(entry) }
    }

    private mutating func push(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].detachedAt < heap[parent].detachedAt else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    private mutating func removeFirst() {
        let last = heap.removeLast()
        guard !heap.isEmpty else { return }
        heap[0] = last
        var parent = 0
        while true {
            let left = 2 * parent + 1
            let right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].detachedAt < heap[smallest].detachedAt {
                smallest = left
            }
            if right < heap.count, heap[right].detachedAt < heap[smallest].detachedAt {
                smallest = right
            }
            guard smallest != parent else { return }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
    }
}
