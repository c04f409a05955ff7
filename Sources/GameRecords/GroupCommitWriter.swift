import Dispatch
import Locking

/// What a ``GroupCommitWriter`` appends to: a log or journal that can make a whole batch
/// durable at once.
public protocol GroupCommitTarget: AnyObject, SendableMetatype {
    /// What callers submit.
    associatedtype Entry: Sendable
    /// What a caller gets back once its entry is durable.
    associatedtype Stored: Sendable

    /// Makes every entry of `batch` durable, in order, ideally with one write and one sync.
    /// Returns what was stored for each entry, or nil when the batch failed and nothing of it
    /// was kept. Called only on the writer's queue.
    func commit(_ batch: [Entry]) -> [Stored]?
}

/// Counts of the work a ``GroupCommitWriter`` has done.
public struct GroupCommitStatistics: Sendable, Equatable {
    /// Batches committed (each one write and, when the target syncs, one sync).
    public var batches = 0
    /// Entries committed.
    public var entries = 0
    /// Entries whose batch failed.
    public var failed = 0
}

/// Appends entries to a target on its own serial queue, batching them: while one batch is
/// being written and synced, new entries gather, and the next batch takes them all. Each
/// caller's completion runs (on the writer's queue) only once its entry is durable.
public final class GroupCommitWriter<Target: GroupCommitTarget>: @unchecked Sendable {
    /// A completion for one entry: what was stored, or nil when the write failed.
    public typealias Completion = @Sendable (Target.Stored?) -> Void

    private struct Pending: @unchecked Sendable {
        var entries: [Target.Entry] = []
        var completions: [Completion] = []
        var draining = false
        var statistics = GroupCommitStatistics()
    }

    /// The writer's serial queue; the target is used only on it.
    public let queue: DispatchQueue
    /// The most entries one batch takes.
    public let maximumBatch: Int
    /// How long a batch waits for more entries after the first, when the writer is idle.
    public let gathering: DispatchTimeInterval?
    private let target: Target
    private let pending = Locked(Pending())

    /// A writer for `target`, batching at most `maximumBatch` entries at a time. With
    /// `gathering`, an entry that finds the writer idle waits that long for others to join
    /// its batch: fewer commits (each a sync of the disk, for a log) for a little latency.
    public init(
        target: Target, label: String, maximumBatch: Int = 4096,
        gathering: DispatchTimeInterval? = nil
    ) {
        self.target = target
        self.maximumBatch = max(maximumBatch, 1)
        self.gathering = gathering
        queue = DispatchQueue(label: label)
    }

    /// Queues `entry`; `completion` runs once it is durable (or failed).
    public func submit(_ entry: Target.Entry, completion: @escaping Completion) {
        let start = pending.withLock { state in
            state.entries.append(entry)
            state.completions.append(completion)
            defer { state.draining = true }
            return !state.draining
        }
        guard start else { return }
        if let gathering {
            queue.asyncAfter(deadline: .now() + gathering) { self.drain() }
        } else {
            queue.async { self.drain() }
        }
    }

    /// Waits until every entry submitted before the call is durable, then runs `body` with the
    /// target on the writer's queue.
    public func withTarget<T>(_ body: (Target) -> T) -> T {
        queue.sync { body(target) }
    }

    /// The work done so far.
    public var statistics: GroupCommitStatistics { pending.withLock { $0.statistics } }

    private func drain() {
        while true {
            let taken = pending.withLock { state -> ([Target.Entry], [Completion])? in
                guard !state.entries.isEmpty else {
                    state.draining = false
                    return nil
                }
                defer {
                    state.entries = []
                    state.completions = []
                }
                return (state.entries, state.completions)
            }
            guard let (entries, completions) = taken else { return }
            var start = 0
            while start < entries.count {
                let end = min(start + maximumBatch, entries.count)
                commit(Array(entries[start..<end]), completions[start..<end])
                start = end
            }
        }
    }

    private func commit(_ batch: [Target.Entry], _ completions: ArraySlice<Completion>) {
        let stored = countedCommit(batch)
        for (index, completion) in completions.enumerated() {
            completion(stored.map { $0[index] })
        }
    }
}

extension GroupCommitWriter {
    /// Commits `batch` now as one batch on the writer's queue (after everything submitted
    /// before) and returns what was stored, or nil when it failed.
    public func commitNow(_ batch: [Target.Entry]) -> [Target.Stored]? {
        queue.sync { countedCommit(batch) }
    }

    /// Commits `batch` to the target and counts it. Called only on the writer's queue.
    fileprivate func countedCommit(_ batch: [Target.Entry]) -> [Target.Stored]? {
        let stored = target.commit(batch)
        pending.withLock { state in
            state.statistics.batches += 1
            if stored == nil {
                state.statistics.failed += batch.count
            } else {
                state.statistics.entries += batch.count
            }
        }
        return stored
    }
}
