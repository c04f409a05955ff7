import Foundation
import CardGames
import LobbyProtocol

/// Turns the messages a session receives into plain text lines for people: one line per event
/// (a list such as `help` or `tables` gets one line per entry), players by name rather than
/// seat number, deadlines as seconds left, and the receiver's hand shown sorted at each turn
/// and after each of their plays.
///
/// A pure reducer: it keeps only what it needs to word later messages (the receiver's name
/// and seat, the table's seats, the hand, the play to beat) and does no I/O. JSON stays the
/// protocol's contract; this is a presentation of it.
public struct TextPresenter: Sendable {
    /// How cards and signs are written.
    public var text: CardText
    /// How the receiver's hand is sorted: by rank (weakest first) unless chosen otherwise.
    public var order: CardText.Order = .rank
    /// The receiver's name, from `welcome`.
    public internal(set) var name: String?
    /// The receiver's seat at the table, if seated.
    public internal(set) var seat: Int?
    /// The table as last described.
    public internal(set) var table: TableInfo?
    /// Seat names from the latest `deal_start` (nil for a bot seat).
    public internal(set) var players: [String?] = []
    /// The receiver's Big Two hand.
    public internal(set) var hand: [Card] = []
    /// The receiver's E-Card cards.
    public internal(set) var eCardCards: [String] = []
    /// The play to beat, if the trick is not being led.
    public internal(set) var toBeat: PlayNotice?
    /// The memory board as the receiver has seen it: a face letter, or `.` face down.
    var memoryBoard: [Character] = []
    /// The first card of the memory turn under way, face up until the second is flipped.
    var memoryFirst: Int?
    /// The command a plain `help COMMAND` asked about, for the `help` reply that answers it.
    public var helpTopic: String?
    /// True from the receiver's turn until they act (or the game moves on), for the prompt.
    var yourTurn = false
    /// The deadline of the receiver's turn, if it has a timer.
    var yourTurnDeadline: Int64?
    /// Which paged lists were last asked for with a plain `more`: an empty page then means
    /// the list has ended, not that it has nothing at all.
    var continuing = ContinuedPages()

    /// A presenter writing suit symbols, or ASCII suit letters.
    public init(ascii: Bool = false) { text = CardText(ascii: ascii) }

    /// Notes a request this presenter's receiver sent, so that the reply to a plain
    /// `list more`, `history more` or `leaderboard more` with nothing after the last page
    /// says the list has ended rather than that it is empty.
    public mutating func asked(_ request: ClientRequest) {
        switch request {
        case .list(let query): continuing.tables = query.more
        case .history(let query): continuing.history = query.more
        case .leaderboard(let query): continuing.leaderboard = query.more
        default: break
        }
    }

    /// The lines for one message; `nowMilliseconds` (Unix time) turns deadlines into seconds.
    public mutating func present(_ message: ServerMessage, nowMilliseconds now: Int64)
        -> [String]
    {
        let lines = lines(for: message, now: now)
        noteTurn(message.event)
        return lines
    }

    /// The prompt to end a burst of lines with: `your turn 23s> ` at the receiver's turn
    /// (`your turn> ` without a timer), else `ann> `.
    public func prompt(now: Int64) -> String {
        guard yourTurn, !botPlaysYourSeat else { return "\(name ?? "")> " }
        let left = yourTurnDeadline.map { " \(CardText.secondsLeft(until: $0, now: now))s" } ?? ""
        return "your turn\(left)> "
    }

    /// Follows whether it is the receiver's turn: a turn event says whose it is; the
    /// receiver's own move, a result or leaving ends it.
    private mutating func noteTurn(_ event: ServerEvent) {
        func turn(_ seatNumber: Int, _ deadline: Int64?) {
            yourTurn = seatNumber == seat
            yourTurnDeadline = deadline
        }
        func acted(_ seatNumber: Int) { if seatNumber == seat { yourTurn = false } }
        switch event {
        case .turn(let notice): turn(notice.seat, notice.deadline)
        case .ecardTurn(let notice): turn(notice.seat, notice.deadline)
        case .tictactoeTurn(let notice): turn(notice.seat, notice.deadline)
        case .memoryTurn(let notice): turn(notice.seat, notice.deadline)
        case .rouletteTurn(let notice): turn(notice.seat, notice.deadline)
        case .play(let notice): acted(notice.seat)
        case .pass(let notice): acted(notice.seat)
        case .ecardLaid(let notice): acted(notice.seat)
        case .tictactoeMark(let notice): acted(notice.seat)
        case .memoryFlip(let notice): acted(notice.seat)
        case .rouletteBet(let notice): acted(notice.seat)
        case .state(let snapshot):
            if let deal = snapshot.deal { turn(deal.currentSeat, deal.deadline) }
        case .dealEnd, .matchEnd, .ecardReveal, .tictactoeResult, .memoryEnd, .rouletteSpin,
            .left, .dealStart, .ecardHand, .tictactoeRound, .memoryStart, .rouletteRound:
            yourTurn = false
        default: break
        }
    }

    private mutating func lines(for message: ServerMessage, now: Int64) -> [String] {
        switch message.event {
        case .greeting(let greeting):
            return [
                "connected to \(greeting.server): type hello and your name to play, "
                    + "e.g. hello ann (help lists the commands)"
            ]
        case .welcome(let welcome):
            name = welcome.name
            if let resumedSeat = welcome.seat { seat = resumedSeat }
            return welcomeLines(welcome)
        case .help(let help):
            if let topic = helpTopic {
                helpTopic = nil
                return PlainCommand.help(for: topic)
                    ?? ["no command '\(topic)': type help for the list"]
            }
            return ["commands:"] + help.commands.map { "  " + $0 } + [help.text]
        case .pong:
            return ["pong"]
        case .stats(let stats):
            return ["server: " + stats.summary]
        case .mode(let reply):
            if case .text(let ascii) = reply.outputMode { text.ascii = ascii }
            return [
                reply.mode == "json"
                    ? "JSON lines from now on" : "plain text from now on (mode json for JSON lines)"
            ]
        case .tables(let list):
            return tablesLines(list)
        case .created(let notice), .joined(let notice), .watching(let notice):
            return [arrived(notice, event: message.event)]
        case .left(let left):
            leaveTable()
            return ["you left table \(left.table)"]
        case .table(let notice):
            return [tableChanged(notice)]
        case .seat(let control):
            return [seatChanged(control)]
        case .state(let snapshot):
            return stateLines(snapshot, now: now)
        case .hint(let hint):
            return [hintLine(hint)]
        case .chat(let chat):
            let scope = chat.scope == .lobby ? "lobby" : "table"
            return ["[\(scope)] \(chat.from): \(chat.text)"]
        case .error(let error):
            return ["error (\(error.code.rawValue)): \(errorText(error))"]
        case .shutdown(let notice):
            return ["server: \(notice.message)"]
        case .storage(let notice):
            return ["table \(notice.table): \(notice.message)"]
        case .history(let reply):
            return historyLines(reply)
        case .record(let record):
            return recordLines(record)
        case .leaderboard(let board):
            return leaderboardLines(board)
        case .who(let reply):
            return whoLines(reply)
        case .tictactoeRound, .tictactoeTurn, .tictactoeMark, .tictactoeResult, .tictactoeRestart:
            return ticTacToeLines(message.event, now: now) ?? []
        case .memoryStart, .memoryTurn, .memoryFlip, .memoryEnd:
            return memoryLines(message.event, now: now) ?? []
        case .rouletteRound, .rouletteTurn, .rouletteBet, .rouletteSpin:
            return rouletteLines(message.event, now: now) ?? []
        case .timer(let notice):
            let whose = isYou(notice.seat) ? "your turn" : "\(actor(notice.seat))'s turn"
            return ["\(notice.secondsLeft) s left on \(whose)"]
        case .dealStart(let start):
            return [dealStarted(start)]
        case .turn(let notice):
            return [turnLine(notice, now: now)]
        case .play(let notice):
            return played(notice)
        case .pass(let notice):
            return ["\(actor(notice.seat)) passed\(timedOut(notice.timedOut))"]
        case .trick(let notice):
            toBeat = nil
            return isYou(notice.leader)
                ? ["you won the trick: lead anything"]
                : ["\(actor(notice.leader)) won the trick and leads"]
        case .dealEnd(let end):
            return dealEnded(end)
        case .readyCheck(let check):
            return [readyCheckLine(check, now: now)]
        case .matchEnd(let end):
            let games = end.games == 1 ? "1 game" : "\(end.games) games"
            let totals = totalsList(end.totals, own: end.playerTotals)
            return ["match over after \(games)\(text.dot)totals \(totals)"]
        case .ecardHand(let notice):
            return [eCardHandStarted(notice)]
        case .ecardTurn(let notice):
            return [eCardTurnLine(notice, now: now)]
        case .ecardLaid(let notice):
            return ["\(actor(notice.seat)) laid a card face down\(timedOut(notice.timedOut))"]
        case .ecardReveal(let notice):
            return [revealed(notice)]
        }
    }

    /// The welcome, and on a line of its own the command that resumes the session, to copy.
    private func welcomeLines(_ welcome: Welcome) -> [String] {
        let resume = "to come back after a drop, type: hello \(welcome.name) \(welcome.token)"
        guard welcome.resumed else { return ["welcome, \(welcome.name)", resume] }
        let at = welcome.table.map { " at table \($0)" } ?? ""
        return ["welcome back, \(welcome.name)\(at)", resume]
    }

    /// An error's message, with the cards it names (`5C`, `3D`) written as the hand is.
    func errorText(_ error: ErrorReply) -> String {
        let namesCards: Set<ErrorCode> = [
            .cardsNotInHand, .mustIncludeLowestCard, .mustLeadLowestCardAlone,
        ]
        guard namesCards.contains(error.code) else { return error.message }
        return error.message.split(separator: " ", omittingEmptySubsequences: false).map { word in
            let bare = word.trimmingCharacters(in: .punctuationCharacters)
            guard bare.count >= 2, bare.count <= 3, let card = try? Card(parsing: bare) else {
                return String(word)
            }
            return word.replacingOccurrences(of: bare, with: text.card(card))
        }.joined(separator: " ")
    }

    private mutating func leaveTable() {
        table = nil
        seat = nil
        players = []
        hand = []
        eCardCards = []
        toBeat = nil
    }

    mutating func adopt(_ info: TableInfo) {
        if table?.id != info.id { players = [] }
        table = info
    }

    /// The name of whoever owns a seat, for lists: the player's name, `bot N` for a seat
    /// without a player, or `seat N` while the seats are not known yet (e.g. just after
    /// switching to text mode).
    func name(of seatNumber: Int) -> String {
        if let info = table?.seats.first(where: { $0.seat == seatNumber }) {
            return info.player ?? "bot \(seatNumber)"
        }
        if players.indices.contains(seatNumber) {
            return players[seatNumber] ?? "bot \(seatNumber)"
        }
        return "seat \(seatNumber)"
    }

    /// True when `seatNumber` is the receiver's seat and the receiver plays it: not while a
    /// bot plays it for them (a seat taken mid-deal, turns missed).
    func isYou(_ seatNumber: Int) -> Bool {
        seatNumber == seat && !botPlaysYourSeat
    }

    /// True while a bot plays the receiver's seat: it was taken mid-deal and waits for the
    /// next one, or the receiver let too many turns time out.
    var botPlaysYourSeat: Bool {
        guard let seat else { return false }
        return table?.seats.first { $0.seat == seat }?.bot == true
    }

    /// Who acts for a seat: `you`, `the bot playing for you`, the player's name, or
    /// `bob's bot` while a bot plays for an away player.
    /// Whose turn it is, before its verb: `bob to`, or `the bot playing for you is to` (as
    /// "the bot playing for you to play" reads as if it were the receiver's to play).
    func toAct(_ seatNumber: Int) -> String {
        let who = actor(seatNumber)
        return seatNumber == seat && botPlaysYourSeat ? "\(who) is to" : "\(who) to"
    }

    func actor(_ seatNumber: Int) -> String {
        if seatNumber == seat { return botPlaysYourSeat ? "the bot playing for you" : "you" }
        let owner = name(of: seatNumber)
        if let info = table?.seats.first(where: { $0.seat == seatNumber }), info.player != nil,
            info.bot
        {
            return "\(owner)'s bot"
        }
        return owner
    }

    /// `ann +5, bob −5, …` for values indexed by seat.
    func scoreList(_ values: [Int]) -> String {
        values.enumerated().map { "\(name(of: $0.offset)) \(text.signed($0.element))" }
            .joined(separator: ", ")
    }

    /// `ann 2, bot 1 0`: counts (pairs, rounds won) per seat, without signs.
    func countList(_ values: [Int]) -> String {
        values.enumerated().map { "\(name(of: $0.offset)) \($0.element)" }.joined(separator: ", ")
    }

    /// The seats' totals, each followed by its person's own total where that differs (the seat
    /// changed hands): `ann +25, cat −8 (cat's own −5), bot 3 −9`.
    func totalsList(_ totals: [Int], own: [Int?]?) -> String {
        totals.enumerated().map { seat, total in
            let owner = name(of: seat)
            var entry = "\(owner) \(text.signed(total))"
            if let own, own.indices.contains(seat), let mine = own[seat], mine != total {
                entry += " (\(owner)'s own \(text.signed(mine)))"
            }
            return entry
        }.joined(separator: ", ")
    }

    func timedOut(_ flag: Bool?) -> String { flag == true ? " (time ran out)" : "" }

    /// `next deal in 5 s: type ready when you are · ready: bob`.
    func readyCheckLine(_ check: ReadyCheck, now: Int64) -> String {
        let next = (table?.kind ?? .bigtwo).gameWord
        // Rounded up: the next deal is still to come, so never "in 0 s".
        let seconds = max(1, (check.deadline - now + 999) / 1000)
        let ready = check.ready.isEmpty ? "" : "\(text.dot)ready: " + check.ready.map(actor).joined(separator: ", ")
        let ask = check.ready.contains { $0 == seat } ? "" : ": type ready when you are"
        return "next \(next) in \(seconds) s\(ask)\(ready)"
    }

    /// ` (30 s)` for a deadline, or nothing without a timer.
    func timeLeft(_ deadline: Int64?, now: Int64) -> String {
        deadline.map { " (\(CardText.secondsLeft(until: $0, now: now)) s)" } ?? ""
    }

    /// One line per player online, saying where they are.
    private func whoLines(_ reply: WhoReply) -> [String] {
        guard !reply.players.isEmpty else { return ["nobody is online"] }
        let count = reply.players.count
        return ["\(count) online:"]
            + reply.players.map { entry in
                guard let table = entry.table else { return "  \(entry.name): in the lobby" }
                if entry.watching == true { return "  \(entry.name): watching table \(table)" }
                return "  \(entry.name): table \(table)" + (entry.seat.map { ", seat \($0)" } ?? "")
            }
    }
}
