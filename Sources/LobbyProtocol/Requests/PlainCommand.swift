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
            + "suits d c h s)",
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
    ]

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
            let typed = line.prefix { $0 != " " }
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
