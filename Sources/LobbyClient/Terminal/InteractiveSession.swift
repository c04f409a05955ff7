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
        session.onReconnect { [self] event in currentOutput.line(event.description) }
    }

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
        let console = TerminalConsole(
            columns: RawTerminal.columns() ?? 80, prompt: { [self] in promptText() },
            write: { FileHandle.standardOutput.write(Data($0.utf8)) })
        resized.withLock { $0 = console }
        setOutput(console.output)
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

    /// The prompt: whose turn it is and the seconds left, counted down.
    public func promptText() -> String {
        let state = session.state
        let now = clock()
        let deadline =
            state.table?.kind == .ecard ? state.ecardTurn?.deadline : state.turn?.deadline
        let seconds = deadline.map { " \(CardText.secondsLeft(until: $0, now: now))s" } ?? ""
        if state.isMyTurn { return "your turn\(seconds)> " }
        let seat = state.table?.kind == .ecard ? state.ecardTurn?.seat : state.turn?.seat
        if let seat, state.deal != nil || state.ecardTurn != nil {
            return "\(state.seatName(seat)) to play\(seconds)> "
        }
        return "> "
    }

    private var currentOutput: TextOutput {
        lock.lock()
        defer { lock.unlock() }
        return output
    }

    private func setOutput(_ newOutput: TextOutput) {
        lock.lock()
        output = newOutput
        lock.unlock()
    }

    private func show(_ message: ServerMessage, state: SessionState) {
        let now = clock()
        recordPages.received(message)
        let shown = tablePages.shown(message) { [session] in session.send($0) }
        lock.lock()
        let style = self.style
        let output = self.output
        let words = shown.map { presenter.present($0, nowMilliseconds: now) } ?? []
        lock.unlock()
        let renderer = TableRenderer(style: style)
        switch message.event {
        case .greeting(let greeting): output.line("connected to \(greeting.server)")
        case .welcome(let welcome):
            output.line(
                welcome.resumed ? "resumed as \(welcome.name)" : "welcome, \(welcome.name)")
        case .created, .joined, .watching, .state:
            renderer.render(state, nowMilliseconds: now).forEach(output.line)
        case .turn(let notice):
            if notice.seat == state.seat && !state.botPlaysOwnSeat {
                renderer.render(state, nowMilliseconds: now).forEach(output.line)
                output.line("your turn: cards, numbers, pass or hint")
            }
        case .ecardTurn(let notice):
            if notice.seat == state.seat && !state.botPlaysOwnSeat {
                renderer.render(state, nowMilliseconds: now).forEach(output.line)
                output.line("your turn: emperor, citizen or slave")
            }
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
