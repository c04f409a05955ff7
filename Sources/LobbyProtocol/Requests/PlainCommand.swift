import CardGames

/// The plain command form of requests, for people typing into a raw TCP connection.
///
/// Each command maps one-to-one onto a JSON request: `hello ann`, `list`, `create`,
/// `join 3`, `start`, `play 3d 3c`, `pass`, `help`. Words are separated by spaces; the
/// command word is case-insensitive.
public enum PlainCommand {
    /// One line of help per plain command, shown by `help`.
    public static let summary: [String] = [
        "hello NAME [TOKEN]      start a session (or resume one with its token)",
        "list [more]             the tables, a page at a time",
        "create [\(alternatives(WordList.tableKinds))] [\(alternatives(WordList.rulePresets))] "
            + "[\(alternatives(WordList.botLevels))] [allbots] [name=N] [games=N] "
            + "[turn=SECONDS] [pause=SECONDS] [payout=\(alternatives(WordList.slavePayouts))] "
            + "[first=o|x] [pairs=N] [seats=N] [segments=N] [stake=N]",
        "                        create a table and sit at it",
        "join TABLE [SEAT]       sit at a table",
        "watch TABLE             watch a table",
        "leave                   leave your table",
        "start                   start the game (bots fill empty seats)",
        "play CARDS              play Big Two cards, e.g. play 3d 3c (ranks 3-9 T J Q K A 2, "
            + "suits d c h s); at your turn the cards alone will do: 3d 3c",
        "pass                    pass",
        "lay \(alternatives(WordList.eCardCards))   lay an E-Card card face down",
        "mark CELL               tic-tac-toe: mark a cell, 1-9 row by row or a1-c3",
        "flip CARD [CARD]        memory: flip one or two face-down cards, e.g. flip 3 7",
        "bet CHIPS on SEGMENT[, CHIPS on SEGMENT…]   roulette: your bets this round (bet none: "
            + "sit it out)",
        "again                   tic-tac-toe: one more round",
        "restart                 tic-tac-toe: reset the score (both must ask)",
        "state                   show the table and your hand",
        "hint                    at your turn: your legal moves (Big Two: weakest first)",
        "chat TEXT               talk to your table (or the lobby when not at a table)",
        "history [NAME] [more]   recent finished deals, a page at a time",
        "record NUMBER           one finished deal from history, move by move",
        "leaderboard [\(alternatives(WordList.tableKinds))] [more]",
        "                        totals per player of one game",
        "who                     who is online, and at which table",
        "ready                   end the pause before the next deal",
        "ping                    check the connection",
        "stats                   the server's counters: traffic, deals, CPU, memory",
        "mode text|json [ascii]  plain text lines or JSON lines (ascii: suits as letters)",
        "prompt on|off           text mode: the prompt after each burst of lines (ann>)",
        "help [COMMAND]          these lines, or one command's in full, e.g. help play",
    ]

    /// More about the commands that need it, shown by `help COMMAND` under the command's
    /// line of ``summary``.
    static let details: [String: [String]] = [
        "play": [
            "Cards are a rank and a suit: 3 4 5 6 7 8 9 T (or 10) J Q K A 2, then d c h s",
            "(diamonds, clubs, hearts, spades, weakest first). Play a single, a pair, three",
            "of a kind or five cards (straight, flush, full house, four of a kind plus one,",
            "straight flush) that beats the play on the table, or pass. The first play of a",
            "deal includes the 3 of diamonds. Examples: play 3d, play 9c 9s, 5h 6h 7c 8d 9s.",
        ],
        "create": [
            "Big Two by default; name a kind for another game: create tictactoe, create memory",
            "pairs=6, create roulette stake=20, create ecard. games=N ends the match after N",
            "games, turn=SECONDS sets the turn timer (0: none), pause=SECONDS the pause between",
            "games. first=o|x (tic-tac-toe): the mark that moves first in round 1; the",
            "table's creator plays O and the other player X, so first=x lets the other",
            "player begin.",
        ],
        "mark": [
            "Cells are numbered 1-9 row by row from the top left (1 2 3 / 4 5 6 / 7 8 9), or",
            "named by column letter and row number, a1 (top left) to c3 (bottom right):",
            "mark 5 and mark b2 both mark the centre; at your turn b2 alone will do.",
        ],
        "flip": [
            "Cards are numbered from 1, row by row, as the board shows them. Flip two at a",
            "time (flip 3 7) or one by one; a pair found stays up and you flip again.",
        ],
        "bet": [
            "Fair odds: a bet on the segment the wheel stops on wins its chips times one less",
            "than the segments (11 to 1 on a 12-segment wheel); a bet on any other segment",
            "loses its chips. Several bets at once: bet 5 on 3, 2 on 7.",
        ],
        "lay": [
            "Each hand, the emperor side holds the emperor and four citizens, the slave side",
            "the slave and four citizens. Emperor beats citizen, citizen beats slave, slave",
            "beats emperor; citizen against citizen is a draw and play goes on.",
        ],
        "hello": [
            "A name is 1 to 20 letters, digits, spaces or - _ . ; a name in use cannot be",
            "taken. Your welcome shows hello NAME TOKEN: type it after a drop to come back to",
            "your seat.",
        ],
        "ready": [
            "Between deals the table pauses (pause= when created); once everyone seated has",
            "typed ready the next deal starts at once.",
        ],
        "prompt": [
            "The prompt shows your name, or your turn and its seconds left (your turn 23s>);",
            "prompt off stops it for a program reading the lines.",
        ],
    ]

    /// The help for one command (its line of ``summary`` and ``details``), or nil when no
    /// command has that name.
    public static func help(for command: String) -> [String]? {
        let word = canonical(command.lowercased())
        let lines = summary.enumerated().filter { entry in
            entry.element.split(separator: " ").first.map(String.init) == word
        }.flatMap { entry in
            // A line that runs over keeps its continuation (indented under it).
            let next = entry.offset + 1
            let continued = next < summary.count && summary[next].hasPrefix(" ")
            return [entry.element] + (continued ? [summary[next]] : [])
        }
        guard !lines.isEmpty else { return nil }
        return lines + (details[word] ?? [])
    }

    /// The command word an alias stands for (`p` for `pass`, `sit` for `join`, …).
    private static func canonical(_ word: String) -> String {
        switch word {
        case "?": "help"
        case "ls", "tables": "list"
        case "p": "pass"
        case "f": "flip"
        case "m": "mark"
        case "sit": "join"
        case "say": "chat"
        default: word
        }
    }

    /// The command `help COMMAND` asks about, or nil for any other line.
    public static func helpTopic(_ line: String) -> String? {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard words.count == 2, ["help", "?"].contains(words[0].lowercased()) else { return nil }
        return String(words[1])
    }

    private static func alternatives(_ words: [String]) -> String {
        WordList.alternatives(words)
    }

    /// Parses a plain command line (already trimmed, not empty); the request is checked as
    /// a JSON one is (`ClientRequest.checked()`).
    public static func parse(_ line: String) -> Result<ClientRequest, ProtocolFailure> {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        guard let first = words.first else {
            return .failure(ProtocolFailure(.unknownType, "empty command (type help for the list)"))
        }
        let command = first.lowercased()
        let args = words.dropFirst().map(String.init)
        do throws(ProtocolFailure) {
            return .success(try request(command: command, args: args, line: line).checked())
        } catch {
            return .failure(error)
        }
    }

    private static func request(command: String, args: [String], line: String)
        throws(ProtocolFailure) -> ClientRequest
    {
        switch command {
        case "hello":
            guard let name = args.first else {
                throw ProtocolFailure(.missingField, "missing field 'name': write hello NAME")
            }
            return .hello(name: name, token: args.dropFirst().first)
        case "help", "?": return .help
        case "ping": return .ping
        case "list", "ls", "tables": return .list(try listQuery(args))
        case "leave": return .leave
        case "start": return .start
        case "pass", "p": return .pass
        case "state": return .state
        case "hint": return .hint
        case "leaderboard": return .leaderboard(try leaderboardQuery(args))
        case "who": return .who
        case "ready": return .ready
        case "stats": return .stats
        case "again": return .again
        case "bet":
            return .bet(try stakes(args))
        case "flip", "f":
            var numbers: [Int] = []
            for arg in args {
                numbers.append(try number(arg, field: "cards", usage: "flip 3 7"))
            }
            return .flip(cards: try RequestParser.memoryCards(numbers.isEmpty ? nil : numbers))
        case "restart": return .restart
        case "mark", "m":
            guard let cell = args.first else {
                throw ProtocolFailure(
                    .missingField, "missing field 'cell': write mark 5 or mark b2")
            }
            return .mark(cell: try RequestParser.ticTacToeCell(cell))
        case "create": return .create(try createTable(args))
        case "join", "sit":
            let table = try number(args.first, field: "table", usage: "join TABLE [SEAT]")
            let seat = try args.dropFirst().first.map { s throws(ProtocolFailure) in
                try number(s, field: "seat", usage: "join TABLE [SEAT]")
            }
            return .join(table: table, seat: seat)
        case "watch":
            return .watch(table: try number(args.first, field: "table", usage: "watch TABLE"))
        case "play":
            return .play(try RequestCards.parse(args.joined(separator: " ")))
        case "lay":
            guard let card = args.first else {
                throw ProtocolFailure(
                    .missingField,
                    "missing field 'card': write lay \(WordList.alternatives(WordList.eCardCards))")
            }
            return .lay(try RequestParser.eCardCard(card))
        case "chat", "say":
            let text = String(line.drop { $0 != " " }.dropFirst())
            return .chat(text: text, to: nil)
        case "history": return .history(historyQuery(args))
        case "record":
            let usage = "record NUMBER (a # from history)"
            return .record(
                try RequestParser.recordNumber(number(args.first, field: "record", usage: usage)))
        case "mode":
            return .mode(try mode(args))
        default:
            // At a turn, the cards alone are a play: `3d 3c`; a cell alone a mark: `b2`.
            if let cards = try? Card.parseList(line), !cards.isEmpty { return .play(cards) }
            if args.isEmpty, command.count == 2, let column = command.first, "abc".contains(column),
                let cell = try? RequestParser.ticTacToeCell(command)
            {
                return .mark(cell: cell)
            }
            let typed = line.prefix { $0 != " " }
            if Int(typed) != nil {
                throw ProtocolFailure(
                    .unknownType,
                    "a number alone is no command: mark \(typed) at tic-tac-toe, flip \(typed) at "
                        + "memory, or play the cards themselves at Big Two (3d 3c)")
            }
            throw ProtocolFailure(
                .unknownType, "unknown command '\(typed)' (type help for the list)")
        }
    }

    private static func mode(_ args: [String]) throws(ProtocolFailure) -> OutputMode {
        guard let name = args.first else {
            throw ProtocolFailure(
                .missingField, "missing field 'mode': write mode text or mode json")
        }
        let rest = args.dropFirst().map { $0.lowercased() }
        guard rest.allSatisfy({ $0 == "ascii" }),
            let mode = OutputMode(name: name, ascii: !rest.isEmpty)
        else {
            throw ProtocolFailure(.invalidField, "write mode text, mode text ascii or mode json")
        }
        return mode
    }

    /// Reads `5 on 3, 2 on 7` (commas optional) into stakes.
    /// The stakes of `bet 5 on 3, 2 on 7`; `bet none` bets nothing this round.
    private static func stakes(_ args: [String]) throws(ProtocolFailure) -> [RouletteStake] {
        guard !args.isEmpty else {
            throw ProtocolFailure(.missingField, "missing bets: write bet 5 on 3, or bet none")
        }
        if args.count == 1, args[0].lowercased() == "none" { return [] }
        let words = args.joined(separator: " ").replacingOccurrences(of: ",", with: " ")
            .split(separator: " ").map(String.init)
        var stakes: [RouletteStake] = []
        var index = 0
        while index < words.count {
            guard index + 2 < words.count, words[index + 1].lowercased() == "on" else {
                throw ProtocolFailure(.invalidField, "write bet 5 on 3 (chips on segment)")
            }
            let chips = try number(words[index], field: "chips", usage: "bet 5 on 3")
            let segment = try number(words[index + 2], field: "segment", usage: "bet 5 on 3")
            stakes.append(RouletteStake(segment: segment, chips: chips))
            index += 3
        }
        return try RequestParser.rouletteStakes(stakes)
    }

    private static func number(_ text: String?, field: String, usage: String)
        throws(ProtocolFailure) -> Int
    {
        guard let text else {
            throw ProtocolFailure(.missingField, "missing field '\(field)': write \(usage)")
        }
        guard let value = Int(text) else {
            throw ProtocolFailure(.invalidField, "field '\(field)' must be a number, not '\(text)'")
        }
        return value
    }

    /// A `key=value` number of `create`, named in errors by the word the person typed.
    private static func setting(_ text: String, key: String) throws(ProtocolFailure) -> Int {
        guard let value = Int(text) else {
            throw ProtocolFailure(.invalidField, "\(key)= must be a number, not '\(text)'")
        }
        return value
    }

    private static func createTable(_ args: [String]) throws(ProtocolFailure) -> CreateTable {
        var create = CreateTable()
        for arg in args {
            let lower = arg.lowercased()
            if let kind = TableKind(rawValue: lower) {
                create.kind = kind
            } else if WordList.rulePresets.contains(lower) {
                create.rules = lower
            } else if WordList.botLevels.contains(lower) {
                create.bots = lower
            } else if lower == "allbots" || lower == "bots" {
                create.allBots = true
            } else if let equals = arg.firstIndex(of: "=") {
                let key = arg[..<equals].lowercased()
                let value = String(arg[arg.index(after: equals)...])
                switch key {
                case "name": create.name = value
                case "games":
                    let games = try setting(value, key: key)
                    guard games >= 1 else {
                        throw ProtocolFailure(.invalidField, "games= must be at least 1")
                    }
                    create.games = games
                case "turn":
                    let range = CreateTable.turnSecondsRange
                    let seconds = try setting(value, key: key)
                    guard range.contains(seconds) else {
                        throw ProtocolFailure(
                            .invalidField,
                            "turn= must be \(range.lowerBound) to \(range.upperBound) seconds, "
                                + "not \(seconds)")
                    }
                    create.turnSeconds = seconds
                case "pause":
                    let seconds = try setting(value, key: key)
                    guard (0...300).contains(seconds) else {
                        throw ProtocolFailure(
                            .invalidField, "pause= must be 0 to 300 seconds, not \(seconds)")
                    }
                    create.pause = seconds
                case "first": create.first = value.lowercased()
                case "pairs": create.pairs = try setting(value, key: key)
                case "seats": create.seats = try setting(value, key: key)
                case "segments":
                    create.segments = try setting(value, key: key)
                case "stake":
                    create.maxStake = try setting(value, key: key)
                case "payout":
                    let payout = try setting(value, key: key)
                    guard ECardOptions.allowedSlavePayouts.contains(payout) else {
                        throw ProtocolFailure(
                            .invalidField,
                            "payout= must be \(WordList.oneOf(WordList.slavePayouts)) "
                                + "(what the Slave side wins), not \(payout)")
                    }
                    var ecard = create.ecard ?? .standard
                    ecard.slavePayout = payout
                    create.ecard = ecard
                default:
                    throw ProtocolFailure(.invalidField, "unknown create setting '\(key)'")
                }
            } else {
                throw ProtocolFailure(.invalidField, "unknown create word '\(arg)'")
            }
        }
        return create
    }
}
