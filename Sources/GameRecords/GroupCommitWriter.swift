import Dispatch
import Locking

/// What a ``GroupCommitWriter`` appends to: a log or journal that can make a whole batch
/// durable at once.
public protocol GroupCommitTarget: AnyObject, SendableMetatype {
    /// What callers submit.
    associatedtype Entry: Sendable
    /// What a caller gets back once its entry is durable.
    associatedtype Stored: Sendable

    /// Makes every entry of `batch` durable, in order, ideally with one write and one sync,
    /// and returns what was stored for each entry. Throws when the batch failed; then nothing
    /// of it was kept, and the same batch may be committed again. Called only on the
    /// writer's queue.
    func commit(_ batch: [Entry]) throws(GameLogError) -> [Stored]
}

/// Counts of the work a ``GroupCommitWriter`` has done.
public struct GroupCommitStatistics: Sendable, Equatable {
    /// Batches committed (each one write and, when the target syncs, one sync).
    public var batches = 0
    /// Entries committed.
    public var entries = 0
    /// Entries given up on: their completions got nil.
    public var failed = 0
    /// Commits the storage refused (each entry of a held batch may be tried several times).
    public var refusals = 0
}

/// Whether a ``GroupCommitWriter``'s entries reach the disk now.
public struct GroupCommitHealth: Sendable, Equatable {
    /// Entries waiting for the storage now: those of the batch it refused and every entry
    /// submitted after them. 0 while the storage takes everything.
    public var held = 0
    /// Why the storage refuses, while it does.
    public var failure: GameLogError?
    /// When the storage first refused in this episode (uptime, nanoseconds).
    public var since: UInt64?
    /// The attempts the storage refused in this episode.
    public var attempts = 0
    /// The episodes so far: spells in which the storage refused and entries were held.
    public var episodes = 0

    /// True while entries are held.
    public var isFailing: Bool { failure != nil }

    /// The health of a writer whose storage takes everything.
    public init() {}
}

/// A change in whether a ``GroupCommitWriter``'s entries reach the disk, for its owner to
/// log and to pass on.
public enum GroupCommitEvent: Sendable, Equatable {
    /// The storage refused a batch: its entries and every later one are held, in order, and
    /// tried again every retry interval.
    case holding(GameLogError, held: Int)
    /// The storage took the held entries again: `written` of them were written, in order,
    /// after `attempts` refused tries over `seconds`.
    case released(written: Int, attempts: Int, seconds: Double)
    /// The owner gave up on `count` held entries (a server stopping while the storage still
    /// refuses): their completions got nil.
    case abandoned(count: Int)
}

/// Appends entries to a target on its own serial queue, batching them: while one batch is
/// being written and synced, new entries gather, and the next batch takes them all. Each
/// caller's completion runs (on the writer's queue) only once its entry is durable.
///
/// When the storage refuses a batch (a full disk, a file-size limit, an I/O error) and the
/// writer has a retry interval, nothing is lost and nothing is reordered: the batch and every
/// entry submitted after it are held in RAM, the target is tried again every interval, and
/// once it takes them they are written in order and their completions run. The owner hears of
/// each such episode through ``observe(_:)``. A batch the target can never store (a record
/// that cannot be encoded) fails at once: its completions get nil.
public final class GroupCommitWriter<Target: GroupCommitTarget>: @unchecked Sendable {
    /// A completion for one entry: what was stored, or nil when the write failed for good.
    public typealias Completion = @Sendable (Target.Stored?) -> Void

    private struct Pending: Sendable {
        var entries: [Target.Entry] = []
        var completions: [Completion] = []
        var draining = false
        var statistics = GroupCommitStatistics()
        /// The health, but for `held`, which counts `heldCount` and the entries waiting.
        var health = GroupCommitHealth()
        /// Entries held on the writer's queue.
        var heldCount = 0
        var observer: (@Sendable (GroupCommitEvent) -> Void)?
    }

    /// The writer's serial queue; the target is used only on it.
    public let queue: DispatchQueue
    /// The most entries one batch takes.
    public let maximumBatch: Int
    /// How long a batch waits for more entries after the first, when the writer is idle.
    public let gathering: DispatchTimeInterval?
    /// How long held entries wait before the target is tried again; nil fails a refused
    /// batch at once instead (its completions get nil).
    public let retryInterval: DispatchTimeInterval?
    private let target: Target
    private let pending = Locked(Pending())
    // Touched only on `queue`: the entries the storage refused, oldest first.
    private var held: [Target.Entry] = []
    private var heldCompletions: [Completion] = []

    /// A writer for `target`, batching at most `maximumBatch` entries at a time. With
    /// `gathering`, an entry that finds the writer idle waits that long for others to join
    /// its batch: fewer commits (each a sync of the disk, for a log) for a little latency.
    /// With `retryInterval`, a batch the storage refuses is held and tried again that often.
    public init(
        target: Target, label: String, maximumBatch: Int = 4096,
        gathering: DispatchTimeInterval? = nil, retryInterval: DispatchTimeInterval? = nil
    ) {
        self.target = target
        self.maximumBatch = max(maximumBatch, 1)
        self.gathering = gathering
        self.retryInterval = retryInterval
        queue = DispatchQueue(label: label)
    }

    /// Queues `entry`; `completion` runs once it is durable (or failed for good).
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

    /// Waits until every entry submitted before the call is durable (or held), then runs
    /// `body` with the target on the writer's queue.
    public func withTarget<T>(_ body: (Target) -> T) -> T {
        queue.sync { body(target) }
    }

    /// The work done so far.
    public var statistics: GroupCommitStatistics { pending.withLock { $0.statistics } }

    /// Whether entries reach the disk now, and how many wait for it.
    public var health: GroupCommitHealth {
        pending.withLock { state in
            var health = state.health
            health.held = state.heldCount + (state.health.isFailing ? state.entries.count : 0)
            return health
        }
    }

    /// Calls `observer` (on the writer's queue) at every change of ``health``: when the
    /// storage starts refusing, and when the held entries are written or given up on.
    public func observe(_ observer: @escaping @Sendable (GroupCommitEvent) -> Void) {
        pending.withLock { $0.observer = observer }
    }

    private func drain() {
        while true {
            guard releaseHeld() else { return retryLater() }
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
                switch countedCommit(Array(entries[start..<end])) {
                case .success(let stored):
                    complete(completions[start..<end], with: stored)
                case .failure(let error) where error.isStorageFailure && retryInterval != nil:
                    held = Array(entries[start...])
                    heldCompletions = Array(completions[start...])
                    beginHolding(error)
                    return retryLater()
                case .failure:
                    giveUp(completions[start..<end])
                }
                start = end
            }
        }
    }

    /// Writes the held entries, oldest first, each batch's completions running before the
    /// next is tried; false when the storage still refuses (what was not written stays held).
    private func releaseHeld() -> Bool {
        guard !held.isEmpty else { return true }
        // What was submitted meanwhile waited behind the held entries: it joins them.
        let (entries, completions) = pending.withLock { state in
            let taken = (state.entries, state.completions)
            state.heldCount += state.entries.count
            state.entries = []
            state.completions = []
            return taken
        }
        held += entries
        heldCompletions += completions
        var written = 0
        while !held.isEmpty {
            let count = min(maximumBatch, held.count)
            let result = countedCommit(Array(held.prefix(count)))
            if case .failure(let error) = result, error.isStorageFailure {
                refusedAgain(error)
                return false
            }
            let completions = heldCompletions.prefix(count)
            held.removeFirst(count)
            heldCompletions.removeFirst(count)
            pending.withLock { $0.heldCount = held.count }
            switch result {
            case .success(let stored):
                written += count
                complete(completions, with: stored)
            case .failure:
                giveUp(completions)
            }
        }
        endHolding(written: written)
        return true
    }

    private func retryLater() {
        guard let retryInterval else { return }
        queue.asyncAfter(deadline: .now() + retryInterval) { self.drain() }
    }

    private func beginHolding(_ error: GameLogError) {
        let (observer, count) = pending.withLock { state in
            state.heldCount = held.count
            state.health.failure = error
            state.health.since = DispatchTime.now().uptimeNanoseconds
            state.health.attempts = 1
            state.health.episodes += 1
            return (state.observer, held.count + state.entries.count)
        }
        observer?(.holding(error, held: count))
    }

    private func refusedAgain(_ error: GameLogError) {
        pending.withLock { state in
            state.health.failure = error
            state.health.attempts += 1
        }
    }

    private func endHolding(written: Int) {
        let (observer, attempts, since) = pending.withLock { state in
            defer {
                state.health.failure = nil
                state.health.since = nil
                state.health.attempts = 0
            }
            return (state.observer, state.health.attempts, state.health.since)
        }
        let elapsed = since.map { DispatchTime.now().uptimeNanoseconds - $0 } ?? 0
        observer?(
            .released(written: written, attempts: attempts, seconds: Double(elapsed) / 1e9))
    }

    private func complete(_ completions: ArraySlice<Completion>, with stored: [Target.Stored]) {
        for (index, completion) in completions.enumerated() { completion(stored[index]) }
    }

    private func giveUp(_ completions: ArraySlice<Completion>) {
        pending.withLock { $0.statistics.failed += completions.count }
        for completion in completions { completion(nil) }
    }
}

extension GroupCommitWriter {
    /// Commits `batch` now as one batch on the writer's queue (after everything submitted
    /// before, and after the held entries, which are tried first) and returns what was
    /// stored, or nil when it failed: this batch is never held.
    public func commitNow(_ batch: [Target.Entry]) -> [Target.Stored]? {
        queue.sync {
            guard releaseHeld() else {
                pending.withLock { $0.statistics.failed += batch.count }
                return nil
            }
            switch countedCommit(batch) {
            case .success(let stored): return stored
            case .failure:
                pending.withLock { $0.statistics.failed += batch.count }
                return nil
            }
        }
    }

    /// Tries the held entries once more, then gives up on those the storage still refuses
    /// and on every entry waiting behind them (their completions get nil), for an owner that
    /// stops. Returns how many were given up on.
    public func abandonHeld() -> Int {
        queue.sync {
            guard !releaseHeld() else { return 0 }
            let waiting = pending.withLock { state -> [Completion] in
                defer {
                    state.entries = []
                    state.completions = []
                    state.heldCount = 0
                    state.health.failure = nil
                    state.health.since = nil
                    state.health.attempts = 0
                }
                return state.completions
            }
            let given = heldCompletions + waiting
            held = []
            heldCompletions = []
            giveUp(given[...])
            let observer = pending.withLock { $0.observer }
            observer?(.abandoned(count: given.count))
            return given.count
        }
    }

    /// Commits `batch` to the target and counts it. Called only on the writer's queue.
    fileprivate func countedCommit(_ batch: [Target.Entry]) -> Result<
        [Target.Stored], GameLogError
    > {
        let result: Result<[Target.Stored], GameLogError>
        do throws(GameLogError) {
            result = .success(try target.commit(batch))
        } catch {
            result = .failure(error)
        }
        pending.withLock { state in
            switch result {
            case .success:
                state.statistics.batches += 1
                state.statistics.entries += batch.count
            case .failure:
                state.statistics.refusals += 1
            }
        }
        return result
    }
}
