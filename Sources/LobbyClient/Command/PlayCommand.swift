import CardGames
import Foundation
import LobbyProtocol

/// Playing at a server: interactively from standard input, or with a bot (`--bot`).
public enum PlayCommand {
    /// Runs and returns the exit status.
    public static func run(_ options: PlayOptions, output: TextOutput, errors: TextOutput)
        -> Int32
    {
        let environment = ProcessInfo.processInfo.environment
        if let level = options.bot {
            let name = PlayerName.resolve(
                given: options.name, environment: environment, ask: nil)
            return autoplay(options, name: name, level: level, output: output, errors: errors)
        }
        let style = CardStyle.forTerminal(
            environment: environment, outputIsTerminal: isatty(STDOUT_FILENO) == 1)
        let askName: ((String) -> String?)? =
            isatty(STDIN_FILENO) == 1 ? { text in ask(text) } : nil
        let interactive: InteractiveSession
        let welcome: Welcome
        do throws(ClientError) {
            (interactive, welcome) = try connectInteractive(options, style: style, output: output) {
                resuming in
                PlayerName.resolve(
                    given: options.name, environment: environment,
                    ask: resuming ? nil : askName)
            }
        } catch {
            errors.line(error.description)
            return 1
        }
        do throws(ClientError) {
            try enterTable(options, session: interactive.session, starting: false)
        } catch {
            errors.line(error.description)
        }
        // The reply returns before the table it describes is drawn: the hint comes after it.
        if options.create || options.join != nil {
            _ = interactive.session.wait(timeout: 5) { $0.table != nil }
        }
        interactive.lines.line("type help for commands")
        interactive.runAtTerminal()
        // The welcome's token, unless the session has heard of a newer one since.
        let token = interactive.session.state.token ?? welcome.token
        interactive.session.close()
        output.line(
            "to come back: \(ClientCommand.program) \(options.address) --token \(token)")
        return 0
    }

    /// A connected interactive session and its welcome: resumed with the saved token when one
    /// is given and still known, else a new one. `name(resuming)` gives the name to say hello
    /// with.
    private static func connectInteractive(
        _ options: PlayOptions, style: CardStyle, output: TextOutput,
        name: (_ resuming: Bool) -> String
    ) throws(ClientError) -> (InteractiveSession, Welcome) {
        if let token = options.token {
            let interactive = InteractiveSession(
                address: options.address, name: name(true), style: style, output: output,
                reconnect: options.reconnectPolicy)
            interactive.attachTerminal()
            do throws(ClientError) {
                return (interactive, try connect(interactive.session, token: token))
            } catch {
                guard case .server(let code, _) = error, code == ErrorCode.invalidToken.rawValue
                else { throw error }
                output.line("that session token is unknown or expired: starting a new session")
            }
        }
        let interactive = InteractiveSession(
            address: options.address, name: name(false), style: style, output: output,
            reconnect: options.reconnectPolicy)
        interactive.attachTerminal()
        return (interactive, try connect(interactive.session, token: nil))
    }

    /// Writes `text` without a newline and reads the answer from standard input.
    private static func ask(_ text: String) -> String? {
        FileHandle.standardOutput.write(Data(text.utf8))
        return readLine()
    }

    /// Connects, saying hello with `token` when one is given; returns the welcome.
    @discardableResult
    private static func connect(_ session: ClientSession, token: String?) throws(ClientError)
        -> Welcome
    {
        if let token { session.useToken(token) }
        do throws(ClientError) {
            return try session.connect()
        } catch {
            if token != nil { session.close() }
            throw error
        }
    }

    /// Creates (and, for a bot, starts) or joins the table the options name, if any.
    private static func enterTable(_ options: PlayOptions, session: ClientSession, starting: Bool)
        throws(ClientError)
    {
        if let table = options.join {
            _ = try session.call(.join(table: table, seat: nil))
        } else if options.create {
            let table = CreateTable(
                kind: options.kind ?? .bigtwo, bots: options.bot?.rawValue, games: options.games)
            _ = try session.call(.create(table))
            if starting { _ = try session.call(.start) }
        }
    }

    private static func autoplay(
        _ options: PlayOptions, name: String, level: BotLevel, output: TextOutput,
        errors: TextOutput
    ) -> Int32 {
        let session = ClientSession(
            address: options.address, name: name,
            autoplayer: AutoPlayer(level: level, seed: options.seed ?? 1)
        ) { message, state in
            if case .welcome(let welcome) = message.event, welcome.resumed {
                let seat = welcome.seat.map { " seat \($0)" } ?? ""
                let table = welcome.table.map { " at table \($0)\(seat)" } ?? ""
                output.line("session resumed\(table)")
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
        session.reconnectPolicy = options.reconnectPolicy
        session.onReconnect { [session] event in
            output.line(event.description)
            // A new session has no seat: sit down again as the options say.
            guard case .startedFresh = event else { return }
            do throws(ClientError) {
                try enterTable(options, session: session, starting: true)
            } catch {
                errors.line(error.description)
            }
        }
        do throws(ClientError) {
            try connect(session, token: options.token)
            try enterTable(options, session: session, starting: true)
        } catch {
            errors.line(error.description)
            return 1
        }
        let target = options.games ?? Int.max
        while !session.wait(timeout: 3600, until: { $0.matchOver || $0.finishedGames >= target }) {
            if session.isFinished { break }
        }
        let state = session.state
        let gaveUp = session.isFinished
        session.close()
        state.violations.forEach { errors.line("violation: \($0)") }
        if gaveUp { errors.line("the session closed before the games were played") }
        return state.violations.isEmpty && !gaveUp ? 0 : 1
    }
}
