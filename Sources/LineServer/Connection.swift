import Dispatch
import Foundation
import Glibc

/// One client's TCP connection, owned by its own serial queue.
///
/// The socket is non-blocking and watched by a read and a write dispatch source. Incoming
/// bytes are cut into lines for the ``ConnectionHandler``; outgoing bytes go into a bounded
/// buffer that the write source drains. A peer that stops reading is dropped with
/// ``CloseReason/outboundOverflow`` once that buffer would pass its limit, so it never slows
/// other connections nor grows memory without bound.
public final class Connection: @unchecked Sendable {
    /// Per-connection limits, copied from the server's configuration.
    struct Limits {
        var maxLineBytes: Int
        var outboundLimit: Int
        var flushTimeout: DispatchTimeInterval
    }

    private enum Phase {
        case starting
        case open
        /// Flushing the output before closing; input is ignored.
        case draining(CloseReason)
        /// Output flushed and shut down; waiting for the peer's end of file so that unread
        /// input does not turn the close into a reset that would discard the flushed bytes.
        case lingering(CloseReason)
        case closed
    }

    private enum WriteOutcome {
        case wrote(Int)
        case failed(Int32)
    }

    private enum EnqueueOutcome {
        case queued
        case overflowed
        case failed(Int32)
    }

    /// Unique among the connections of one server.
    public let id: Int
    /// The peer's address as `"a.b.c.d:port"`.
    public let peer: String
    /// The serial queue on which every handler method runs and all state is kept.
    public let queue: DispatchQueue

    private static let readChunkBytes = 16_384
    private static let readBudgetBytes = 1 << 20

    private let fd: Int32
    private let limits: Limits
    private let counters: TrafficCounters
    private let onQueueKey = DispatchSpecificKey<Bool>()
    private let makeHandler: (@Sendable (Connection) -> any ConnectionHandler)?
    private let onClose: @Sendable (Connection) -> Void

    // Everything below is touched only on `queue`.
    private var phase = Phase.starting
    private var handler: (any ConnectionHandler)?
    private var framer: LineFramer
    private var readSource: (any DispatchSourceRead)?
    private var writeSource: (any DispatchSourceWrite)?
    private var liveSources = 0
    private var readCancelled = false
    /// The write source stays inactive until output first backs up. Activating it at once
    /// and suspending it straight away made its file descriptor's read source miss events
    /// now and then on Linux: a connection would see one spurious read and then no more.
    private var writeActivated = false
    private var writeSuspended = true
    private var inputEnded = false
    private var outbound: OutboundBuffer
    private var closeReason = CloseReason.closedByServer
    private var closeDelivered = false
    private var closeWaiters: [@Sendable () -> Void] = []

    /// Wraps an accepted, non-blocking socket. Nothing happens until ``start()``.
    init(
        id: Int,
        fd: Int32,
        peer: String,
        limits: Limits,
        counters: TrafficCounters,
        makeHandler: (@Sendable (Connection) -> any ConnectionHandler)?,
        onClose: @escaping @Sendable (Connection) -> Void
    ) {
        self.id = id
        self.fd = fd
        self.peer = peer
        self.limits = limits
        self.counters = counters
        self.makeHandler = makeHandler
        self.onClose = onClose
        self.framer = LineFramer(maxLineBytes: limits.maxLineBytes)
        self.outbound = OutboundBuffer(limit: limits.outboundLimit)
        // Targeting the global queue keeps connections off threads of their own: an untargeted
        // serial queue may get one each, and a hundred busy clients made over a hundred threads.
        self.queue = DispatchQueue(label: "LineServer.connection.\(id)", target: .global())
        queue.setSpecific(key: onQueueKey, value: true)
    }

    /// Queues `data` to be sent. Callable from any thread; on the connection's own queue (in
    /// a handler method) the bytes are queued at once, so they keep their order with whatever
    /// the handler does next. Ignored once the connection is closing. Drops the connection
    /// with ``CloseReason/outboundOverflow`` if its unsent bytes would pass the limit.
    public func send(_ data: Data) {
        perform { $0.enqueue(data) }
    }

    /// Queues `line` followed by `"\n"`.
    public func sendLine(_ line: String) {
        var data = Data(line.utf8)
        data.append(UInt8(ascii: "\n"))
        send(data)
    }

    /// Closes the connection with ``CloseReason/closedByServer``. With `flush`, bytes already
    /// queued are sent first (for at most the configured flush timeout); without it they are
    /// dropped. Callable from any thread.
    public func close(flush: Bool) {
        perform { $0.beginClose(.closedByServer, flush: flush) }
    }

    /// Sets up the dispatch sources and the handler, then reports the connection open.
    func start() {
        queue.async { self.open() }
    }

    /// Sends `finalLine`, closes with flushing, and calls `completion` once the handler has
    /// been told the connection closed.
    func shutDown(finalLine: Data?, completion: @escaping @Sendable () -> Void) {
        queue.async {
            guard !self.closeDelivered else {
                completion()
                return
            }
            self.closeWaiters.append(completion)
            if let finalLine { self.enqueue(finalLine) }
            self.beginClose(.closedByServer, flush: true)
        }
    }

    /// Runs `body` right away when already on the connection's queue, so that a handler's
    /// sends keep their order relative to what the connection does next; otherwise queues it.
    private func perform(_ body: @escaping @Sendable (Connection) -> Void) {
        if DispatchQueue.getSpecific(key: onQueueKey) == true {
            body(self)
        } else {
            queue.async { body(self) }
        }
    }

    private func open() {
        dispatchPrecondition(condition: .onQueue(queue))
        let read = DispatchSource.makeReadSource(fileDescriptor: fd, queue: queue)
        let write = DispatchSource.makeWriteSource(fileDescriptor: fd, queue: queue)
        read.setEventHandler { self.readAvailable() }
        read.setCancelHandler { self.sourceCancelled() }
        write.setEventHandler { self.writeAvailable() }
        write.setCancelHandler { self.sourceCancelled() }
        readSource = read
        writeSource = write
        liveSources = 2
        read.activate()
        phase = .open
        let handler = makeHandler?(self)
        self.handler = handler
        handler?.connectionDidOpen(self)
    }

    // MARK: Input

    /// Reads until the socket is empty (or a budget is spent, for fairness). While open the
    /// bytes become lines for the handler; while closing they are dropped.
    private func readAvailable() {
        dispatchPrecondition(condition: .onQueue(queue))
        withUnsafeTemporaryAllocation(byteCount: Self.readChunkBytes, alignment: 1) { buffer in
            var budget = Self.readBudgetBytes
            while budget > 0, !inputEnded {
                switch Socket.receive(fd, into: buffer) {
                case .transferred(let count):
                    budget -= count
                    guard case .open = phase else { continue }
                    let output = framer.append(UnsafeRawBufferPointer(rebasing: buffer[..<count]))
                    counters.received(bytes: count, lines: output.lines.count)
                    deliver(output)
                    // A short read emptied the socket: the read source fires again when more
                    // comes, so asking again now would only cost a call that finds nothing.
                    if count < Self.readChunkBytes { return }
                case .wouldBlock:
                    return
                case .endOfFile:
                    endInput()
                    if case .lingering(let reason) = phase {
                        finish(reason)
                    } else {
                        beginClose(.peerClosed, flush: true)
                    }
                case .failed(let code):
                    fail(code)
                }
            }
        }
    }

    private func deliver(_ output: LineFramer.Output) {
        for line in output.lines {
            guard case .open = phase else { return }
            handler?.connection(self, didReceiveLine: line)
        }
        guard output.lineTooLong, case .open = phase else { return }
        handler?.connectionLineTooLong(self)
        beginClose(.lineTooLong, flush: true)
    }

    /// Stops watching for input; a level-triggered source would otherwise fire forever at EOF.
    private func endInput() {
        inputEnded = true
        if !readCancelled {
            readCancelled = true
            readSource?.cancel()
        }
    }

    // MARK: Output

    /// Writes `data` straight away when nothing waits before it, and buffers what the
    /// socket does not take.
    private func enqueue(_ given: Data) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard case .open = phase else { return }
        let data = handler?.connection(self, willSend: given) ?? given
        guard !data.isEmpty else { return }
        counters.queuedMessage()
        let outcome = data.withUnsafeBytes { all -> EnqueueOutcome in
            var rest = all
            if outbound.isEmpty {
                switch write(all) {
                case .failed(let code): return .failed(code)
                case .wrote(let written): rest = UnsafeRawBufferPointer(rebasing: all[written...])
                }
            }
            return rest.isEmpty || outbound.append(rest) ? .queued : .overflowed
        }
        switch outcome {
        case .queued: if !outbound.isEmpty { resumeWriting() }
        case .overflowed: finish(.outboundOverflow)
        case .failed(let code): fail(code)
        }
    }

    private func writeAvailable() {
        dispatchPrecondition(condition: .onQueue(queue))
        switch phase {
        case .open, .draining: break
        case .starting, .lingering, .closed: return
        }
        switch outbound.withWaitingBytes({ write($0) }) {
        case .failed(let code):
            fail(code)
        case .wrote(let written):
            outbound.consume(written)
            guard outbound.isEmpty else { return }
            suspendWriting()
            if case .draining = phase { outputDrained() }
        }
    }

    /// Sends as much of `bytes` as the socket takes without blocking.
    private func write(_ bytes: UnsafeRawBufferPointer) -> WriteOutcome {
        var offset = 0
        while offset < bytes.count {
            let result = Socket.send(fd, UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            switch result {
            case .transferred(let count):
                counters.wrote(bytes: count)
                offset += count
            case .wouldBlock, .endOfFile:
                counters.wrote(bytes: 0)
                return .wrote(offset)
            case .failed(let code):
                counters.wrote(bytes: 0)
                return .failed(code)
            }
        }
        return .wrote(offset)
    }

    private func resumeWriting() {
        guard writeSuspended else { return }
        writeSuspended = false
        if writeActivated {
            writeSource?.resume()
        } else {
            writeActivated = true
            writeSource?.activate()
        }
    }

    private func suspendWriting() {
        guard !writeSuspended else { return }
        writeSuspended = true
        writeSource?.suspend()
    }

    // MARK: Closing

    private func beginClose(_ reason: CloseReason, flush: Bool) {
        dispatchPrecondition(condition: .onQueue(queue))
        switch phase {
        case .open:
            guard flush else {
                finish(reason)
                return
            }
            phase = .draining(reason)
            queue.asyncAfter(deadline: .now() + limits.flushTimeout) { self.finishClosing() }
            if outbound.isEmpty { outputDrained() }
        case .draining, .lingering:
            if !flush { finishClosing() }
        case .starting, .closed:
            break
        }
    }

    /// All output is out: close at once if the peer already ended its input, else shut down
    /// our side and linger until it does.
    private func outputDrained() {
        guard case .draining(let reason) = phase else { return }
        if inputEnded {
            finish(reason)
            return
        }
        phase = .lingering(reason)
        shutdown(fd, Int32(SHUT_WR))
    }

    /// A socket call failed: an open connection ends for that reason, where a reset or broken
    /// pipe counts as the peer closing; a closing one ends for the reason it was closing.
    private func fail(_ code: Int32) {
        guard case .open = phase else {
            finishClosing()
            return
        }
        finish(code == ECONNRESET || code == EPIPE ? .peerClosed : .error(code))
    }

    /// Ends a draining or lingering connection with the reason it started closing for.
    private func finishClosing() {
        switch phase {
        case .draining(let reason), .lingering(let reason): finish(reason)
        case .starting, .open, .closed: break
        }
    }

    /// Cancels both sources; the rest happens in ``sourceCancelled()`` once both are done.
    private func finish(_ reason: CloseReason) {
        dispatchPrecondition(condition: .onQueue(queue))
        if case .closed = phase { return }
        phase = .closed
        closeReason = reason
        counters.closed(reason)
        outbound.removeAll()
        endInput()
        // A cancelled source runs its cancel handler only once resumed (or activated).
        writeSource?.cancel()
        resumeWriting()
    }

    /// Once no source watches the descriptor any more, closes it, frees the server's slot,
    /// tells the handler, and calls whoever waits for the close.
    private func sourceCancelled() {
        dispatchPrecondition(condition: .onQueue(queue))
        liveSources -= 1
        guard liveSources == 0 else { return }
        readSource = nil
        writeSource = nil
        Glibc.close(fd)
        onClose(self)
        let handler = self.handler
        self.handler = nil
        handler?.connectionDidClose(self, reason: closeReason)
        closeDelivered = true
        let waiters = closeWaiters
        closeWaiters = []
        for waiter in waiters { waiter() }
    }
}
