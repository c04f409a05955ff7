import Dispatch
import Foundation
import Glibc
import Synchronization

/// One client's TCP connection, owned by its own serial queue.
///
/// The socket is non-blocking and registered once with the ``EventPoller`` of the queue's
/// root, which runs the connection's reads on its own thread through `queue.sync` (on the
/// calling thread, with no hop, while the queue is free). Incoming bytes are cut into lines
/// for the ``ConnectionHandler``; outgoing bytes go into a bounded buffer. Whatever is queued
/// during one turn of the connection's queue (a read and the handler's replies to it, or a
/// run of sends from other threads) leaves in one `send` call at the end of that turn, not
/// one call per message; what the socket does not take at once waits for the poller to
/// report room. A peer that stops reading is dropped with
/// ``CloseReason/outboundOverflow`` once that buffer would pass its limit, so it never slows
/// other connections nor grows the server's resident set without bound.
public final class Connection: @unchecked Sendable {
    /// Per-connection limits, copied from the server's configuration.
    struct Limits {
        var maxLineBytes: Int
        var outboundLimit: Int
        var flushTimeout: DispatchTimeInterval
        /// Most bytes read in one turn before other ready connections get theirs.
        var readBudgetBytes: Int
        /// How long a line may stay unfinished before the connection is closed; nil for ever.
        var incompleteLineTimeout: DispatchTimeInterval?
        /// Called before every write to the socket (see
        /// ``TCPServerConfiguration/beforeWrite``).
        var beforeWrite: (@Sendable () -> Void)?
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
    /// The peer's IP address, without the port.
    public let host: String
    /// Whether the server may close this connection to make room when it is full (see
    /// ``TCPServerConfiguration/evictionLine``): true until the handler says otherwise, e.g.
    /// while its person holds a seat. Set from any thread.
    public var evictable: Bool {
        get { evictableFlag.load(ordering: .relaxed) }
        set { evictableFlag.store(newValue, ordering: .relaxed) }
    }
    /// When the connection last received a line (or opened), in uptime nanoseconds.
    public var lastLineNanoseconds: UInt64 { lastLine.load(ordering: .relaxed) }
    private let evictableFlag = Atomic<Bool>(true)
    /// Set by ``resumeInput()`` from any thread; the connection's next turn takes it.
    private let resumeWanted = Atomic<Bool>(false)
    private let lastLine = Atomic<UInt64>(DispatchTime.now().uptimeNanoseconds)
    /// The serial queue on which every handler method runs and all state is kept.
    public let queue: DispatchQueue
    /// The protocol the peer speaks: ``PeerProtocol/lines`` unless a transport opened the
    /// handler as something else. Read it on the connection's queue.
    public private(set) var peerProtocol = PeerProtocol.lines
    /// What the peer sent before the handler opened, as far as a transport read it to tell
    /// the peer's protocol (at most ``openingBytesKept`` bytes): empty when the handler opened
    /// at accept or after the peer stayed silent. The same bytes then arrive as the handler's
    /// first input. A handler reads it in ``ConnectionHandler/connectionDidOpen(_:)``, e.g.
    /// to greet a telnet client, which negotiates at once, unlike a silent program.
    public private(set) var openingBytes = Data()
    /// How much of the opening bytes is kept for the handler.
    public static let openingBytesKept = 64

    private static let readChunkBytes = 16_384
    /// Waiting output past this size is written at once rather than at the end of the turn,
    /// so that one turn's replies never come near the buffer's limit on their own.
    private static let flushThresholdBytes = 65_536

    private let fd: Int32
    private let poller: EventPoller
    private let limits: Limits
    private let onQueueKey = DispatchSpecificKey<Bool>()
    private let makeHandler: (@Sendable (Connection) -> any ConnectionHandler)?
    private let makeTransport: (@Sendable () -> any ConnectionTransport)?
    /// The line that refuses this connection (the server is full), or nil for one it serves.
    /// Applied as the connection opens, before its first read: a request that arrived with
    /// the connection must meet the refusal, not be served ahead of it.
    private let refusal: Data?
    private let onClose: @Sendable (Connection, CloseReason) -> Void
    private let counters: ServerCounters
    /// Sends from other threads whose bytes are not queued yet.
    private let inbox = SendInbox()

    // Everything below is touched only on `queue`.
    private var phase = Phase.starting
    private var handler: (any ConnectionHandler)?
    /// True once the handler was made (it may still be nil, for a refused connection).
    private(set) var handlerOpened = false
    /// The connection's protocol while it is not plain lines; nil once (or while) it is.
    private var transport: (any ConnectionTransport)?
    private var framer: LineFramer
    /// Lines handed to the handler during the current read.
    private var linesDelivered = 0
    /// Set while the socket is watched; a report arriving after that is stale and ignored.
    private var registration: PollRegistration?
    /// The socket was found full with output waiting: only the poller's report of room
    /// resumes writing (edge-triggered, so it comes once the peer has read some).
    private var awaitingRoom = false
    /// The peer hung up: reads go on until the end of file instead of stopping at a short
    /// read, as no further report would come for it.
    private var peerHungUp = false
    /// The poller will come back for input a read budget left unread.
    private var inputResumeRequested = false
    /// The handler asked (``pauseInput()``) that no line be read until ``resumeInput()``.
    private var inputPaused = false
    /// Lines read before a pause that the handler has not had yet, in order.
    private var heldLines = ArraySlice<Data>()
    /// The held lines end with one longer than the limit.
    private var heldLineTooLong = false
    private var inputEnded = false
    private var outbound: OutboundBuffer
    private var closeReason = CloseReason.closedByServer
    private var closeDelivered = false
    private var closeWaiters: [@Sendable () -> Void] = []
    /// True during a turn that flushes its output when it ends, so sends inside it only queue.
    private var inTurn = false
    private var flushScheduled = false
    /// When the unfinished line held by the framer began; nil when none is held.
    private var partialLineSince: DispatchTime?
    private var lineTimerArmed = false

    /// Wraps an accepted, non-blocking socket served on `queue`. Nothing happens until
    /// ``start()``.
    init(
        id: Int,
        fd: Int32,
        peer: String,
        host: String,
        queue: DispatchQueue,
        poller: EventPoller,
        limits: Limits,
        counters: ServerCounters,
        makeHandler: (@Sendable (Connection) -> any ConnectionHandler)?,
        makeTransport: (@Sendable () -> any ConnectionTransport)? = nil,
        refusal: Data? = nil,
        onClose: @escaping @Sendable (Connection, CloseReason) -> Void
    ) {
        self.refusal = refusal
        self.id = id
        self.fd = fd
        self.poller = poller
        self.peer = peer
        self.host = host
        self.limits = limits
        self.counters = counters
        self.makeHandler = makeHandler
        self.makeTransport = makeTransport
        self.onClose = onClose
        self.framer = LineFramer(maxLineBytes: limits.maxLineBytes)
        self.outbound = OutboundBuffer(limit: limits.outboundLimit)
        self.queue = queue
        queue.setSpecific(key: onQueueKey, value: true)
    }

    /// Queues `data` to be sent. Callable from any thread; on the connection's own queue (in
    /// a handler method) the bytes are queued at once, so they keep their order with whatever
    /// the handler does next. Ignored once the connection is closing. Drops the connection
    /// with ``CloseReason/outboundOverflow`` if its unsent bytes would pass the limit.
    ///
    /// The bytes leave with everything else queued in the same turn: at the end of the
    /// handler method that sent them, or with the whole run of sends from elsewhere that
    /// arrived before the connection took them (one turn per run, which the poller runs on
    /// its own thread).
    public func send(_ data: Data) {
        guard !data.isEmpty else { return }
        if DispatchQueue.getSpecific(key: onQueueKey) == true {
            // What other threads sent before this comes first, though its turn has not come
            // yet: a table that answered from elsewhere and now runs on this queue must not
            // overtake its own earlier messages.
            for earlier in inbox.take() { enqueue(earlier) }
            enqueue(data)
            if !inTurn { scheduleFlush() }
            return
        }
        if inbox.put(data) { poller.schedule(self) }
    }

    /// Queues `line` followed by `"\n"`.
    public func sendLine(_ line: String) {
        var data = Data(line.utf8)
        data.append(UInt8(ascii: "\n"))
        send(data)
    }

    /// Stops reading the peer's lines until ``resumeInput()``: for a handler whose earlier
    /// requests still wait to be answered elsewhere, so that one peer cannot queue up work
    /// without bound in front of everyone else's. Lines already read wait with the unread
    /// input. Call it on the connection's queue (in a handler method).
    public func pauseInput() {
        dispatchPrecondition(condition: .onQueue(queue))
        inputPaused = true
    }

    /// Reads on after ``pauseInput()``, held lines first, in the connection's next turn.
    /// Callable from any thread.
    public func resumeInput() {
        resumeWanted.store(true, ordering: .releasing)
        poller.schedule(self)
    }

    /// Closes the connection, reporting `reason` to its handler and the server's counters.
    /// With `flush`, bytes already queued are sent first (for at most the configured flush
    /// timeout); without it they are dropped. Callable from any thread.
    public func close(flush: Bool, reason: CloseReason = .closedByServer) {
        perform { $0.beginClose(reason, flush: flush) }
    }

    /// Registers the socket with the poller and sets up the handler, then reports the
    /// connection open: in the connection's first turn, which its poller usually runs.
    func start() {
        poller.schedule(self)
    }

    /// Sends `finalLine`, closes with flushing, and calls `completion` once the handler has
    /// been told the connection closed.
    func shutDown(finalLine: Data?, completion: @escaping @Sendable () -> Void) {
        queue.async {
            self.catchUp()
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
    /// sends keep their order relative to what the connection does next; otherwise queues it,
    /// after the sends made before it from elsewhere.
    private func perform(_ body: @escaping @Sendable (Connection) -> Void) {
        if DispatchQueue.getSpecific(key: onQueueKey) == true {
            body(self)
        } else {
            queue.async {
                self.catchUp()
                body(self)
            }
        }
    }

    /// Does what was asked of the connection from other threads before now, in order: its
    /// opening, then their sends.
    private func catchUp() {
        if case .starting = phase { open() }
        takeInbox()
    }

    private func open() {
        dispatchPrecondition(condition: .onQueue(queue))
        phase = .open
        do {
            registration = try poller.register(fd, for: self)
        } catch {
            guard case .socketCallFailed(_, let code) = error else { return finish(.error(0)) }
            return finish(.error(code))
        }
        guard let makeTransport else {
            openHandler(as: .lines)
            if let refusal {
                enqueue(refusal)
                beginClose(.closedByServer, flush: true)
            }
            return
        }
        let transport = makeTransport()
        self.transport = transport
        turn {
            transport.transportDidOpen(link)
            // It sends `refusal`, or its protocol's equivalent once it knows the peer's.
            if let refusal { transport.transport(link, refuse: refusal) }
        }
    }

    /// Makes the handler and reports the connection open to it, once.
    func openHandler(as peerProtocol: PeerProtocol) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard !handlerOpened, case .open = phase else { return }
        handlerOpened = true
        self.peerProtocol = peerProtocol
        let handler = makeHandler?(self)
        self.handler = handler
        turn { handler?.connectionDidOpen(self) }
    }

    /// Drops the transport and serves plain lines from now on, `bytes` first.
    func useLines(replaying bytes: UnsafeRawBufferPointer) {
        dispatchPrecondition(condition: .onQueue(queue))
        transport = nil
        openingBytes = Data(bytes.prefix(Self.openingBytesKept))
        openHandler(as: .lines)
        guard case .open = phase else { return }
        let before = linesDelivered
        if !bytes.isEmpty { turn { deliver(framer.append(bytes)) } }
        trackPartialLine(completedLines: linesDelivered > before)
    }

    /// The link handed to the transport.
    private var link: TransportLink { TransportLink(connection: self) }

    /// True while sends are queued rather than ignored.
    var acceptsOutput: Bool {
        if case .open = phase { return true }
        return false
    }

    /// Runs `body` as one turn: what it sends is written in one go when the outermost turn
    /// ends.
    private func turn(_ body: () -> Void) {
        let outer = inTurn
        inTurn = true
        body()
        inTurn = outer
        if !outer { flushOutput() }
    }

    /// Runs `body` in a turn after `delay`, if the connection is open and keeps the
    /// transport it has now.
    func afterDelay(_ delay: Duration, _ body: @escaping @Sendable (TransportLink) -> Void) {
        let owner = transport
        queue.asyncAfter(deadline: .now() + Self.dispatchInterval(delay)) {
            guard case .open = self.phase, self.transport === owner else { return }
            self.turn { body(self.link) }
        }
    }

    // MARK: Input

    /// Handles a report of the poller, on its thread: resumes writing when room appeared for
    /// waiting output, then reads. True when a read budget left input unread and the poller
    /// has not been asked yet to come back for it.
    private func handle(_ readiness: Readiness) -> Bool {
        dispatchPrecondition(condition: .onQueue(queue))
        if readiness.scheduledWork { catchUp() }
        guard registration != nil else { return false }
        if readiness.resumingInput { inputResumeRequested = false }
        if readiness.hungUp { peerHungUp = true }
        if readiness.writable, awaitingRoom {
            awaitingRoom = false
            drain()
        }
        // Edge-triggered: input that waited through the pause brings no new report, so the
        // poller is asked to come back for it.
        if resumeWanted.exchange(false, ordering: .acquiringAndReleasing), inputPaused,
            unpause(), !inputEnded, !inputResumeRequested
        {
            inputResumeRequested = true
            return true
        }
        guard readiness.readable, !inputEnded, !inputPaused, readAvailable(),
            !inputResumeRequested
        else {
            return false
        }
        inputResumeRequested = true
        return true
    }

    /// Reads until the socket is empty (or a budget is spent, for fairness). While open the
    /// bytes become lines for the handler; while closing they are dropped. The replies to all
    /// of them leave together at the end. True when the budget ran out first.
    private func readAvailable() -> Bool {
        var lines = 0
        var budgetSpent = false
        turn {
            (lines, budgetSpent) = readLines()
        }
        trackPartialLine(completedLines: lines > 0)
        return budgetSpent
    }

    /// The body of ``readAvailable()``; returns the number of lines delivered, and whether
    /// the budget ran out before the socket was empty.
    private func readLines() -> (lines: Int, budgetSpent: Bool) {
        let budgetBytes = limits.readBudgetBytes
        var budget = budgetBytes
        linesDelivered = 0
        defer { counters.received(bytes: budgetBytes - budget, lines: linesDelivered) }
        withUnsafeTemporaryAllocation(byteCount: Self.readChunkBytes, alignment: 1) { buffer in
            while budget > 0, !inputEnded {
                if inputPaused { return }
                switch Socket.receive(fd, into: buffer) {
                case .transferred(let count):
                    budget -= count
                    if case .open = phase {
                        let bytes = UnsafeRawBufferPointer(rebasing: buffer[..<count])
                        if let transport {
                            transport.transport(link, didReceive: bytes)
                        } else {
                            deliver(framer.append(bytes))
                        }
                    }
                    // A short read of a stream socket has emptied it, and whatever arrives
                    // later brings a new report: answer now and stop, without the call that
                    // would only find nothing. After a hang-up no report follows, so reading
                    // goes on to the end of file.
                    if count < Self.readChunkBytes {
                        flushOutput()
                        if !peerHungUp { return }
                    }
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
        return (linesDelivered, budget <= 0 && !inputEnded)
    }

    /// Ends a pause: hands the held lines to the handler (until it pauses again). True when
    /// reading should go on: the reports of input that came during the pause were spent.
    private func unpause() -> Bool {
        inputPaused = false
        if !heldLines.isEmpty || heldLineTooLong {
            let held = LineFramer.Output(lines: Array(heldLines), lineTooLong: heldLineTooLong)
            heldLines = []
            heldLineTooLong = false
            linesDelivered = 0
            turn { deliver(held) }
            counters.received(bytes: 0, lines: linesDelivered)
            trackPartialLine(completedLines: linesDelivered > 0)
        }
        return !inputPaused
    }

    private func deliver(_ output: LineFramer.Output) {
        if !output.lines.isEmpty {
            lastLine.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        }
        var lines = output.lines[...]
        while let line = lines.popFirst() {
            guard case .open = phase else { return }
            linesDelivered += 1
            handler?.connection(self, didReceiveLine: line)
            if inputPaused {
                heldLines = lines
                heldLineTooLong = output.lineTooLong
                return
            }
        }
        guard output.lineTooLong, case .open = phase else { return }
        handler?.connectionLineTooLong(self)
        beginClose(.lineTooLong, flush: true)
    }

    /// A line the transport read, for the handler.
    func deliverFromTransport(_ line: Data) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard case .open = phase, handlerOpened else { return }
        linesDelivered += 1
        lastLine.store(DispatchTime.now().uptimeNanoseconds, ordering: .relaxed)
        handler?.connection(self, didReceiveLine: line)
    }

    func reportLineTooLong() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard case .open = phase else { return }
        turn { handler?.connectionLineTooLong(self) }
    }

    func reportLineTimedOut() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard case .open = phase else { return }
        turn { handler?.connectionLineTimedOut(self) }
    }

    /// Whether unfinished input is held, and how long it may stay so: the transport's, or
    /// the line framer's.
    private var unfinishedInput: (held: Bool, timeout: DispatchTimeInterval?) {
        guard let transport else {
            return (framer.pendingByteCount > 0, limits.incompleteLineTimeout)
        }
        return (
            transport.holdsUnfinishedInput, transport.unfinishedInputTimeout.map(Self.dispatchInterval)
        )
    }

    /// Notes when the line the framer holds unfinished began, and arms the timer that ends the
    /// connection if it stays unfinished too long: a client sending a byte now and then would
    /// otherwise hold its slot for ever.
    private func trackPartialLine(completedLines: Bool) {
        let (held, timeout) = unfinishedInput
        guard let timeout, case .open = phase else { return }
        guard held else {
            partialLineSince = nil
            return
        }
        if completedLines || partialLineSince == nil { partialLineSince = .now() }
        guard !lineTimerArmed, let since = partialLineSince else { return }
        armLineTimer(at: since + timeout)
    }

    /// One timer at a time: when it fires for a line that has since been finished, it re-arms
    /// for the line held now, if any.
    private func armLineTimer(at deadline: DispatchTime) {
        lineTimerArmed = true
        queue.asyncAfter(deadline: deadline) { self.lineTimerFired() }
    }

    private func lineTimerFired() {
        dispatchPrecondition(condition: .onQueue(queue))
        lineTimerArmed = false
        guard case .open = phase, let since = partialLineSince,
            let timeout = unfinishedInput.timeout
        else { return }
        guard DispatchTime.now() >= since + timeout else {
            armLineTimer(at: since + timeout)
            return
        }
        if let transport {
            partialLineSince = nil
            turn { transport.transportInputTimedOut(link) }
            return
        }
        turn { handler?.connectionLineTimedOut(self) }
        beginClose(.idleTimeout, flush: true)
    }

    /// Stops reading: the end of file was seen, or the connection is closed.
    private func endInput() {
        inputEnded = true
    }

    // MARK: Output

    /// Adds `data` to the waiting output, which the end of the turn (or a threshold) flushes.
    /// When the buffer has no room, what waits is written first to make some; a message too
    /// big for the buffer on its own is then written straight away as far as the socket
    /// takes it, so only the part the peer does not read counts against the limit.
    private func enqueue(_ given: Data) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard case .open = phase else { return }
        let data = handler?.connection(self, willSend: given) ?? given
        guard !data.isEmpty else { return }
        counters.queuedMessages(Self.lineCount(given))
        if let transport {
            data.withUnsafeBytes { transport.transport(link, send: $0) }
        } else {
            data.withUnsafeBytes { enqueueBytes($0) }
        }
    }

    /// Adds bytes to the waiting output as they are (see ``enqueue(_:)``).
    func enqueueBytes(_ bytes: UnsafeRawBufferPointer) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard case .open = phase, !bytes.isEmpty else { return }
        if !outbound.append(bytes) {
            flushOutput()
            guard case .open = phase else { return }
            writeOrBuffer(bytes)
        } else if outbound.count >= Self.flushThresholdBytes {
            flushOutput()
        }
    }

    /// The messages `data` holds: its lines, and at least one.
    private static func lineCount(_ data: Data) -> Int {
        let newlines = data.withUnsafeBytes { bytes -> Int in
            guard var cursor = bytes.baseAddress else { return 0 }
            let end = cursor + bytes.count
            var count = 0
            while cursor < end, let found = memchr(cursor, 0x0A, end - cursor) {
                count += 1
                cursor = UnsafeRawPointer(found) + 1
            }
            return count
        }
        return max(newlines, 1)
    }

    /// Writes `data` straight away when nothing waits before it, and buffers what the
    /// socket does not take.
    private func writeOrBuffer(_ all: UnsafeRawBufferPointer) {
        let outcome: EnqueueOutcome = {
            var rest = all
            if outbound.isEmpty, !awaitingRoom {
                switch write(all) {
                case .failed(let code): return .failed(code)
                case .wrote(let written): rest = UnsafeRawBufferPointer(rebasing: all[written...])
                }
            }
            return rest.isEmpty || outbound.append(rest) ? .queued : .overflowed
        }()
        switch outcome {
        case .queued: if !outbound.isEmpty { awaitingRoom = true }
        case .overflowed: finish(.outboundOverflow)
        case .failed(let code): fail(code)
        }
    }

    /// Queues what other threads sent since the last time, then writes it in one go.
    private func takeInbox() {
        dispatchPrecondition(condition: .onQueue(queue))
        for data in inbox.take() { enqueue(data) }
        flushOutput()
    }

    /// Flushes once the sends queued so far on the queue have run: for a send made on the
    /// connection's queue outside a turn, such as from a timer of the handler.
    private func scheduleFlush() {
        guard !flushScheduled else { return }
        flushScheduled = true
        queue.async {
            self.flushScheduled = false
            self.flushOutput()
        }
    }

    /// Writes the waiting output now, unless the socket was found full (the poller's report
    /// of room resumes it as the peer reads).
    private func flushOutput() {
        guard !awaitingRoom, !outbound.isEmpty else { return }
        drain()
    }

    /// Writes as much waiting output as the socket takes; waits for the poller's report of
    /// room while some is left, and finishes a draining close once none is.
    private func drain() {
        switch phase {
        case .open, .draining: break
        case .starting, .lingering, .closed: return
        }
        switch outbound.withWaitingBytes({ write($0) }) {
        case .failed(let code):
            fail(code)
        case .wrote(let written):
            outbound.consume(written)
            guard outbound.isEmpty else {
                awaitingRoom = true
                return
            }
            if case .draining = phase { outputDrained() }
        }
    }

    /// Sends as much of `bytes` as the socket takes without blocking, after the server's
    /// ``Limits/beforeWrite``.
    private func write(_ bytes: UnsafeRawBufferPointer) -> WriteOutcome {
        if !bytes.isEmpty { limits.beforeWrite?() }
        var offset = 0
        var calls = 0
        defer { counters.wrote(bytes: offset, calls: calls) }
        while offset < bytes.count {
            calls += 1
            switch Socket.send(fd, UnsafeRawBufferPointer(rebasing: bytes[offset...])) {
            case .transferred(let count): offset += count
            case .wouldBlock, .endOfFile: return .wrote(offset)
            case .failed(let code): return .failed(code)
            }
        }
        return .wrote(offset)
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
            if let transport { turn { transport.transport(link, willClose: reason) } }
            guard case .open = phase else { return }
            phase = .draining(reason)
            queue.asyncAfter(deadline: .now() + limits.flushTimeout) { self.finishClosing() }
            if outbound.isEmpty { outputDrained() } else { flushOutput() }
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

    /// Removes the socket from the poller; the rest happens in a later turn, so that a
    /// handler closing its connection is not told of the close in the middle of its method.
    private func finish(_ reason: CloseReason) {
        dispatchPrecondition(condition: .onQueue(queue))
        if case .closed = phase { return }
        phase = .closed
        closeReason = reason
        outbound.removeAll()
        awaitingRoom = false
        endInput()
        if let registration {
            poller.deregister(registration)
            self.registration = nil
        }
        queue.async { self.closeSocket() }
    }

    /// Closes the descriptor, now that no poller watches it, frees the server's slot, tells
    /// the handler, and calls whoever waits for the close.
    private func closeSocket() {
        dispatchPrecondition(condition: .onQueue(queue))
        Glibc.close(fd)
        onClose(self, closeReason)
        // The transport first, so that its totals are counted when the handler hears.
        let transport = self.transport
        self.transport = nil
        transport?.transportDidClose(reason: closeReason)
        let handler = self.handler
        self.handler = nil
        handler?.connectionDidClose(self, reason: closeReason)
        closeDelivered = true
        let waiters = closeWaiters
        closeWaiters = []
        for waiter in waiters { waiter() }
    }
}

extension Connection: PollTarget {
    /// Runs the report's work on the connection's queue, on the poller's thread. The `sync`
    /// waits only for other work of connections on the same root, none of which blocks: a
    /// handler may do work of its own there (the lobby server plays a move at an idle table
    /// at once, writing the table's journal line into the page cache), but it never waits for
    /// another queue, and what other threads send comes back through the inbox and the
    /// poller's eventfd. So nothing a poller runs waits for the lobby or a table, nor they for
    /// a poller.
    func socketReady(_ readiness: Readiness) -> Bool {
        queue.sync { handle(readiness) }
    }
}

extension Connection {
    /// `duration` as a dispatch interval; `.never` past what one can hold.
    static func dispatchInterval(_ duration: Duration) -> DispatchTimeInterval {
        let (seconds, attoseconds) = duration.components
        let nanoseconds = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        guard !nanoseconds.overflow else { return .never }
        return .nanoseconds(Int(nanoseconds.partialValue + attoseconds / 1_000_000_000))
    }
}
