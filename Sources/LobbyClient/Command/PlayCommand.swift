import CardGames
import Foundation
import LobbyProtocol

/// Playing at a server: interactively from standard input, or with a bot (`--bot`).
public enum PlayCommand {
    /// Runs and returns the exit status.
    public static func run(_ options: PlayOptions, output: TextOutput, errors: TextOutput)
        -> Int32
    {
        if let bot = options.bot, let level = BotLevel(rawValue: bot) {
            return autoplay(options, level: level, output: output, errors: errors)
        }
        let style = CardStyle.forTerminal(
            environment: ProcessInfo.processInfo.environment,
            outputIsTerminal: isatty(STDOUT_FILENO) == 1)
        let interactive = InteractiveSession(
            address: options.address, name: options.name, style: style, output: output)
        do {
            try interactive.session.connect()
        } catch {
            errors.line(error.description)
            return 1
        }
        output.line("type help for commands")
        interactive.runAtTerminal()
        interactive.session.close()
        return 0
    }

    private static func autoplay(
        _ options: PlayOptions, level: BotLevel, output: TextOutput, errors: TextOutput
    ) -> Int32 {
        let session = ClientSession(
            address: options.address, name: options.name,
            autoplayer: AutoPlayer(level: level, seed: options.seed)
        ) { message, state in
            if case .welcome(let welcome) = message.event, welcome.resumed {
                let seat = welcome.seat.map { " seat \($0)" } ?? ""
                let table = welcome.table.map { " at table \($0)\(seat)" } ?? ""
                output.line("connection dropped; session resumed\(table)")
            }
            if case .dealEnd(let end) = message.event {
                output.line("deal \(end.deal): winner seat \(end.winner), totals \(end.totals)")
            }
            if case .ecardReveal(let reveal) = message.event, let winner = reveal.winner {
                let side = reveal.winningSide ?? "?"
                output.line(
                    "hand \(reveal.hand): seat \(winner) wins with the \(side) side for "
                        + "\(reveal.payout ?? 0), totals \(reveal.totals)")
            }
            if case .matchEnd(let end) = message.event {
                output.line("match over after \(end.games) game(s), totals \(end.totals)")
            }
            if case .error(let error) = message.event {
                output.line(ErrorExplanation.text(for: error))
            }
        }
        do {
            try session.connect()
            if let table = options.join {
                _ = try session.call(.join(table: table, seat: nil))
            } else if options.create {
                let kind = TableKind(rawValue: options.kind) ?? .bigtwo
                _ = try session.call(
                    .create(CreateTable(kind: kind, bots: options.bot, games: options.games)))
                _ = try session.call(.start)
            }
        } catch {
            errors.line(error.description)
            return 1
        }
        let target = options.games ?? Int.max
        while !session.wait(timeout: 3600, until: { $0.matchOver || $0.finishedGames >= target })
        {
            if session.isFinished { break }
        }
        let state = session.state
        session.close()
        state.violations.forEach { errors.line("violation: \($0)") }
        return state.violations.isEmpty ? 0 : 1
    }
}
