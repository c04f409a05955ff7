import Foundation
import LobbyProtocol

/// The interactive terminal client: reads commands line by line (so scripts and pipes work),
/// sends them, and prints what the server says, redrawing the table when it is your turn.
public final class InteractiveSession: @unchecked Sendable {
    /// The session with the server.
    public let session: ClientSession
    private let style: CardStyle
    private let output: TextOutput
    private let clock: @Sendable () -> Int64

    /// Creates the interactive front end of a session (not yet connected).
    public init(
        address: ServerAddress, name: String, style: CardStyle, output: TextOutput,
        clock: @escaping @Sendable () -> Int64 = { Int64(Date().timeIntervalSince1970 * 1000) }
    ) {
        let holder = ObserverBox()
        session = ClientSession(address: address, name: name) { message, state in
            holder.observer?(message, state)
        }
        self.style = style
        self.output = output
        self.clock = clock
        holder.observer = { [self] message, state in show(message, state: state) }
    }

    /// Handles one typed line; returns false when the user asked to quit.
    @discardableResult
    public func handle(line: String) -> Bool {
        switch InputInterpreter.interpret(line, state: session.state, style: style) {
        case .quit:
            return false
        case .show(let lines):
            lines.forEach(output.line)
        case .request(let request):
            if session.send(request) == nil { output.line("not connected; retrying…") }
        }
        return true
    }

    /// Reads lines until the end of input or `quit`.
    public func run(readLine: () -> String?) {
        while let line = readLine() {
            if !handle(line: line) { break }
        }
    }

    private func show(_ message: ServerMessage, state: SessionState) {
        let renderer = TableRenderer(style: style)
        switch message.event {
        case .greeting(let greeting): output.line("connected to \(greeting.server)")
        case .welcome(let welcome):
            output.line(
                welcome.resumed ? "resumed as \(welcome.name)" : "welcome, \(welcome.name)")
        case .help(let help): help.commands.forEach(output.line)
        case .pong: output.line("pong")
        case .tables(let list):
            if list.tables.isEmpty { output.line("no tables yet: type create") }
            for table in list.tables {
                let people = table.seats.compactMap(\.player).joined(separator: ", ")
                output.line(
                    "table \(table.id) \"\(table.name)\" \(table.kind.rawValue) "
                        + "\(table.status.rawValue) players: \(people.isEmpty ? "-" : people)")
            }
        case .created, .joined, .watching, .state:
            renderer.render(state, nowMilliseconds: clock()).forEach(output.line)
        case .left: output.line("you left the table")
        case .turn(let notice) where notice.seat == state.seat:
            renderer.render(state, nowMilliseconds: clock()).forEach(output.line)
            output.line("your turn: cards, numbers, pass or hint")
        case .ecardTurn(let notice) where notice.seat == state.seat:
            renderer.render(state, nowMilliseconds: clock()).forEach(output.line)
            output.line("your turn: lay emperor|citizen|slave")
        case .play, .pass, .trick, .ecardLaid, .ecardReveal, .dealStart, .ecardHand, .chat:
            if let last = state.recent.last { output.line("· \(last)") }
        case .dealEnd(let end):
            output.line("deal \(end.deal) over: \(state.seatName(end.winner)) went out")
            output.line("  scores \(end.scores), totals \(end.totals)")
            output.line("  seed \(end.seed) (commitment checked: "
                + "\(state.violations.isEmpty ? "ok" : "MISMATCH"))")
        case .matchEnd(let end): output.line("match over; final totals \(end.totals)")
        case .error(let error): output.line(ErrorExplanation.text(for: error))
        case .shutdown(let notice): output.line("server: \(notice.message)")
        case .history(let reply):
            for deal in reply.deals {
                output.line("#\(deal.record) table \(deal.table) deal \(deal.deal) "
                    + "\(deal.players.joined(separator: ",")) scores \(deal.scores)")
            }
        case .leaderboard(let board):
            for row in board.players {
                output.line("\(row.name): \(row.score) over \(row.deals) deals, \(row.wins) wins")
            }
        default:
            let table = renderer.render(state, nowMilliseconds: clock())
            SmallGameLines.lines(for: message.event, state: state, table: table)
                .forEach(output.line)
        }
    }
}

/// Lets the session's observer call back into the interactive session created after it.
private final class ObserverBox: @unchecked Sendable {
    var observer: ClientSession.Observer?
}
