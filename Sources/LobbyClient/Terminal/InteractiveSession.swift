import Foundation
import LobbyProtocol
import Locking
import TextMode

/// The interactive terminal client: takes typed lines (from a raw-mode terminal with a prompt
/// that survives incoming events, or line by line from a pipe), sends them, and prints what
/// the server says in words, redrawing the table when it is your turn.
public final class InteractiveSession: @unchecked Sendable {
    /// The session with the server.
    public let session: ClientSession
    private let lock = NSLock()
    private var style: CardStyle
    private var output: TextOutput
    private var presenter: TextPresenter
    private let clock: @Sendable () -> Int64
    private let tablePages = TablePageFollower()
    private let recordPages = RecordPageCursors()
    /// The console of the terminal, once attached.
    private var console: TerminalConsole?
    /// Whether the console draws the prompt (once keys are read).
    private var promptShown = false
    /// The table as last drawn, without its times; an unchanged table is not drawn again
    /// until the person types something.
    private var lastDrawn: [String]?
    /// While the connection is down: when the next attempt to reconnect starts (Unix ms),
    /// nil while one is under way.
    private var down: Downtime?
    /// The state as of the message being shown, which the session publishes only after it
    /// is shown: the prompt drawn under its lines already follows it.
    private var shownState: SessionState?
    /// True from a drop until the welcome that ends it is shown (which may come after the
    /// reconnect step that reports it).
    private var afterDrop = false
    /// The table watched when the connection dropped, to watch again once back.
    private var watchedBeforeDrop: Int?
    /// True from a welcome after a drop until something is typed: the server's "back in
    /// your seat" then repeats what the reconnect line says.
    private var resumedUnseen = false

    /// The connection is down and being tried again.
    private struct Downtime {
        var nextAttempt: Int64?
        var gaveUp = false
    }

    /// Creates the interactive front end of a session (not yet connected).
    public init(
        address: ServerAddress, name: String, style: CardStyle, output: TextOutput,
        reconnect: ReconnectPolicy = .standard,
        clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) }
    ) {
        // The session's observer calls back into this interactive session, made after it.
        let holder = Locked<ClientSession.Observer?>(nil)
        session = ClientSession(address: address, name: name) { message, state in
            holder.value?(message, state)
        }
        self.style = style
        self.output = output
        self.clock = clock
        presenter = TextPresenter(ascii: style.ascii)
        presenter.order = style.order
        holder.withLock { $0 = { [self] message, state in show(message, state: state) } }
        session.reconnectPolicy = reconnect
        session.onReconnect { [self] event in reconnected(event) }
    }

    /// Prints through a console wrapped to the terminal's width from now on, so that what
    /// arrives while connecting is wrapped as everything after it is; the prompt is drawn
    /// once ``runAtTerminal()`` reads keys. Does nothing unless standard output is a terminal.
    public func attachTerminal() {
        guard isatty(STDOUT_FILENO) == 1 else { return }
        lock.lock()
        defer { lock.unlock() }
        guard console == nil else { return }
        let made = TerminalConsole(
            columns: RawTerminal.columns() ?? 80,
            prompt: { [self] in promptShown ? promptText() : "" },
            write: { FileHandle.standardOutput.write(Data($0.utf8)) })
        console = made
        output = made.output
    }

    /// Where this session's lines go (the terminal's console once attached).
    public var lines: TextOutput { currentOutput }

    /// The card style in use (its order changes with `sort`).
    public var cardStyle: CardStyle {
        lock.lock()
        defer { lock.unlock() }
        return style
    }

    /// Handles one typed line; returns false when the user asked to quit.
    @discardableResult
    public func handle(line: String) -> Bool {
        let style = cardStyle
        lock.lock()
        lastDrawn = nil
        resumedUnseen = false
        lock.unlock()
        switch InputInterpreter.interpret(line, state: session.state, style: style) {
        case .quit:
            return false
        case .show(let lines):
            lines.forEach(currentOutput.line)
        case .sort(let order):
            lock.lock()
            self.style.order = order
            presenter.order = order
            lock.unlock()
            let state = session.state
            if let deal = state.deal {
                currentOutput.line(
                    "your hand: \(cardStyle.renderHand(deal.hand, options: state.options))")
            } else {
                currentOutput.line("your hand will be sorted by \(order.rawValue)")
            }
        case .request(let typed):
            switch recordPages.outgoing(typed) {
            case .noMore(let line):
                currentOutput.line(line)
            case .send(let request):
                // A watcher who asks for a seat stops watching first, as the server requires.
                let state = session.state
                if case .join = request, state.seat == nil, let watched = state.table?.id {
                    currentOutput.line("you stop watching table \(watched) to sit down")
                    session.send(.leave)
                }
                if session.send(request) == nil {
                    currentOutput.line(
                        session.isFinished
                            ? "not connected: the session is closed (quit, then start again)"
                            : "not connected yet: reconnecting, try again in a moment")
                }
            }
        }
        return true
    }

    /// Reads lines until the end of input or `quit`.
    public func run(readLine: () -> String?) {
        while let line = readLine() {
            if !handle(line: line) { break }
        }
    }

    /// Runs at the terminal: with a prompt that survives events, wrapping to the window's
    /// width and counting the turn's time down, when standard input and output are a
    /// terminal; line by line from standard input otherwise.
    public func runAtTerminal() {
        // The resize handler reaches the console, made after the terminal.
        let resized = Locked<TerminalConsole?>(nil)
        guard isatty(STDOUT_FILENO) == 1,
            let terminal = RawTerminal(onResize: {
                if let columns = RawTerminal.columns() {
                    resized.value?.resize(columns: columns)
                }
            })
        else {
            run { Swift.readLine() }
            return
        }
        attachTerminal()
        lock.lock()
        let console = self.console!
        promptShown = true
        lock.unlock()
        resized.withLock { $0 = console }
        let ticker = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "bigtwo.prompt"))
        ticker.schedule(deadline: .now() + 1, repeating: 1)
        ticker.setEventHandler { @Sendable in console.refreshPrompt() }
        ticker.resume()
        console.refreshPrompt()
        reading: while let byte = terminal.readByte() {
            switch console.feed(byte) {
            case .submitted(let line):
                if !handle(line: line) { break reading }
            case .endOfInput:
                break reading
            case .none, .changed:
                break
            }
        }
        ticker.cancel()
        console.clearPrompt()
        terminal.restore()
    }

    /// The prompt: whose turn it is and the seconds left, counted down, at every kind of
    /// table; the seconds to the next game during the pause between games; while the
    /// connection is down, the seconds to the next attempt to reconnect instead (a turn's
    /// time is the server's to keep meanwhile).
    public func promptText() -> String {
        let now = clock()
        lock.lock()
        let down = self.down
        let shownState = self.shownState
        lock.unlock()
        if let down {
            if down.gaveUp { return "disconnected (quit, then start again)> " }
            guard let next = down.nextAttempt else { return "reconnecting> " }
            // Rounded up: an attempt is due within the seconds shown, never "in 0s".
            let left = max(1, (next - now + 999) / 1000)
            return "reconnecting in \(left)s> "
        }
        let state = shownState ?? session.state
        let seconds =
            state.turnDeadline.map { " \(CardText.secondsLeft(until: $0, now: now))s" } ?? ""
        if let seat = state.seatToAct {
            // A Big Two turn is one's own only with a hand dealt.
            let dealt = state.deal != nil || state.table?.kind != .bigtwo
            if seat == state.seat && dealt && !state.botPlaysOwnSeat {
                return "your turn\(seconds)> "
            }
            return "\(state.seatName(seat)) to play\(seconds)> "
        }
        if let check = state.readyCheck, let kind = state.table?.kind {
            // Rounded up, as the reconnect countdown: never "in 0s" while it is still to come.
            let left = max(1, (check.deadline - now + 999) / 1000)
            let mine = state.seat.map { check.ready.contains($0) } ?? true
            return "next \(kind.gameWord) in \(left)s\(mine ? "" : " (type ready)")> "
        }
        return "> "
    }

    private var currentOutput: TextOutput {
        lock.lock()
        defer { lock.unlock() }
        return output
    }

    /// Shows a step of reconnecting: at a terminal the prompt counts down to the next
    /// attempt instead of a line per attempt; once back, a watcher the server no longer
    /// counts as watching (its restart forgot it) watches again.
    private func reconnected(_ event: ReconnectEvent) {
        let now = clock()
        let state = session.state
        lock.lock()
        let atTerminal = console != nil && promptShown
        switch event {
        case .lost:
            down = Downtime()
            afterDrop = true
            watchedBeforeDrop = state.seat == nil ? state.table?.id : nil
        case .waiting(let seconds, _):
            down = Downtime(nextAttempt: now + Int64(seconds * 1000))
        case .tokenUnknown:
            down = Downtime()
        case .resumed, .startedFresh:
            down = nil
        case .gaveUp:
            down = Downtime(gaveUp: true)
        }
        let output = self.output
        let console = self.console
        lock.unlock()
        if case .waiting = event, atTerminal {
            console?.refreshPrompt()
        } else {
            output.line(event.description)
        }
    }

    /// Shows a welcome, or after a drop says nothing (the reconnect line says it once) and
    /// watches again a table the server no longer counts this session at.
    private func welcomed(_ welcome: Welcome, output: TextOutput) {
        lock.lock()
        let returning = afterDrop
        afterDrop = false
        if returning { resumedUnseen = true }
        let watchAgain = returning && welcome.table == nil ? watchedBeforeDrop : nil
        watchedBeforeDrop = nil
        lock.unlock()
        if !returning {
            output.line(
                welcome.resumed ? "resumed as \(welcome.name)" : "welcome, \(welcome.name)")
        }
        if let table = watchAgain {
            output.line("watching table \(table) again")
            session.send(.watch(table: table))
        }
    }

    private func show(_ message: ServerMessage, state: SessionState) {
        let now = clock()
        recordPages.received(message)
        let shown = tablePages.shown(message) { [session] in session.send($0) }
        lock.lock()
        let style = self.style
        let output = self.output
        let words = shown.map { presenter.present($0, nowMilliseconds: now) } ?? []
        let quietReturn = resumedUnseen
        let returning = afterDrop
        shownState = state
        lock.unlock()
        defer {
            lock.lock()
            shownState = nil
            lock.unlock()
        }
        let renderer = TableRenderer(style: style)
        switch message.event {
        case .greeting(let greeting):
            if !returning { output.line("connected to \(greeting.server)") }
        case .welcome(let welcome):
            welcomed(welcome, output: output)
        case .created, .joined, .watching, .state:
            drawTable(state, renderer: renderer, now: now, to: output)
        case .turn(let notice):
            if notice.seat == state.seat && !state.botPlaysOwnSeat {
                drawTable(state, renderer: renderer, now: now, to: output)
                output.line("your turn: cards, numbers, pass or hint")
            }
        case .ecardTurn(let notice):
            if notice.seat == state.seat && !state.botPlaysOwnSeat {
                drawTable(state, renderer: renderer, now: now, to: output)
                output.line("your turn: emperor, citizen or slave")
            }
        case .seat(let control)
        where control.seat == state.seat && control.reason == "returned" && quietReturn:
            // Back in one's own seat after a drop: the reconnect line says so.
            break
        case .dealEnd:
            words.forEach(output.line)
            Self.checkLines(state.lastDealViolations).forEach(output.line)
        case .error(let error):
            output.line(ErrorExplanation.text(for: error))
        default:
            let table = renderer.render(state, nowMilliseconds: now)
            let small = SmallGameLines.lines(for: message.event, state: state, table: table)
            (small.isEmpty ? words : small).forEach(output.line)
        }
    }
}

extension InteractiveSession {
    /// Draws the table unless it looks as it was last drawn (times aside) and nothing was
    /// typed since: a resumed session's snapshot, the `state` it asks for and the turn that
    /// follows would otherwise draw the same table three times.
    private func drawTable(
        _ state: SessionState, renderer: TableRenderer, now: Int64, to output: TextOutput
    ) {
        let look = renderer.render(state, nowMilliseconds: 0)
        lock.lock()
        let same = lastDrawn == look
        lastDrawn = look
        lock.unlock()
        if !same { renderer.render(state, nowMilliseconds: now).forEach(output.line) }
    }

    /// What the checks of a finished deal found, in words: each failed check by name (a seed
    /// that does not match its commitment is only one of them), or that all passed.
    static func checkLines(_ violations: [String]?) -> [String] {
        guard let violations else { return ["  not checked: you held no hand in this deal"] }
        guard !violations.isEmpty else {
            return ["  checked: the seed matches its commitment and the deal replays as played"]
        }
        return violations.map { "  check failed: \($0)" }
    }
}
