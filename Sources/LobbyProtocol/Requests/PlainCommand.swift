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
        "list                    list the tables",
        "create [bigtwo|ecard|tictactoe|memory|roulette] [standard|taiwan] [random|greedy|smart] "
            + "[allbots] [name=N] [games=N] [turn=SECONDS] [payout=5|10] [first=o|x] "
            + "[pairs=N] [seats=N] [segments=N] [stake=N]",
        "                        create a table and sit at it",
        "join TABLE [SEAT]       sit at a table",
        "watch TABLE             watch a table",
        "leave                   leave your table",
        "start                   start the game (bots fill empty seats)",
        "play CARDS              play Big Two cards, e.g. play 3d 3c (ranks 3-9 T J Q K A 2, "
            + "suits d c h s)",
        "pass                    pass",
        "lay emperor|citizen|slave   lay an E-Card card face down",
        "mark CELL               tic-tac-toe: mark a cell, 1-9 row by row or a1-c3",
        "flip CARD [CARD]        memory: flip one or two face-down cards, e.g. flip 3 7",
        "bet CHIPS on SEGMENT[, CHIPS on SEGMENT…]   roulette: your bets this round",
        "again                   tic-tac-toe: one more round",
        "restart                 tic-tac-toe: reset the score (both must ask)",
        "state                   show the table and your hand",
        "chat TEXT               talk to your table (or the lobby when not at a table)",
        "history [NAME]          recent finished deals",
        "leaderboard             totals per player",
        "ping                    check the connection",
    ]

    /// Parses a plain command line (already trimmed, not empty).
    public static func parse(_ line: String) -> Result<ClientRequest, ProtocolFailure> {
        let words = line.split(separator: " ", omittingEmptySubsequences: true)
        let command = words[0].lowercased()
        let args = words.dropFirst().map(String.init)
        do {
            return .success(try request(command: command, args: args, line: line))
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
            return .hello(name: try RequestParser.validName(name), token: args.dropFirst().first)
        case "help", "?": return .help
        case "ping": return .ping
        case "list", "ls", "tables": return .list
        case "leave": return .leave
        case "start": return .start
        case "pass", "p": return .pass
        case "state": return .state
        case "leaderboard": return .leaderboard
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
            do {
                return .play(try Card.parseList(args.joined(separator: " ")))
            } catch {
                switch error {
                case .duplicateCard: throw ProtocolFailure(.duplicateCards, error.description)
                default: throw ProtocolFailure(.invalidCard, error.description)
                }
            }
        case "lay":
            guard let card = args.first else {
                throw ProtocolFailure(.missingField, "missing field 'card': write lay emperor")
            }
            return .lay(try RequestParser.eCardCard(card))
        case "chat", "say":
            let text = String(line.drop { $0 != " " }.dropFirst())
            return .chat(text: text, to: nil)
        case "history":
            return .history(player: args.first, limit: nil)
        default:
            throw ProtocolFailure(
                .unknownType, "unknown command '\(command)' (type help for the list)")
        }
    }

    /// Reads `5 on 3, 2 on 7` (commas optional) into stakes.
    private static func stakes(_ args: [String]) throws(ProtocolFailure) -> [RouletteStake] {
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

    private static func createTable(_ args: [String]) throws(ProtocolFailure) -> CreateTable {
        var create = CreateTable()
        for arg in args {
            let lower = arg.lowercased()
            if let kind = TableKind(rawValue: lower) {
                create.kind = kind
            } else if lower == "standard" || lower == "taiwan" {
                create.rules = lower
            } else if ["random", "greedy", "smart"].contains(lower) {
                create.bots = lower
            } else if lower == "allbots" || lower == "bots" {
                create.allBots = true
            } else if let equals = arg.firstIndex(of: "=") {
                let key = arg[..<equals].lowercased()
                let value = String(arg[arg.index(after: equals)...])
                switch key {
                case "name": create.name = value
                case "games":
                    create.games = try number(value, field: "games", usage: "games=N")
                case "turn":
                    create.turnSeconds = try number(value, field: "turn_seconds", usage: "turn=S")
                case "first": create.first = value.lowercased()
                case "pairs": create.pairs = try number(value, field: "pairs", usage: "pairs=8")
                case "seats": create.seats = try number(value, field: "seats", usage: "seats=2")
                case "segments":
                    create.segments = try number(value, field: "segments", usage: "segments=12")
                case "stake":
                    create.maxStake = try number(value, field: "max_stake", usage: "stake=100")
                case "payout":
                    var ecard = create.ecard ?? .standard
                    ecard.slavePayout = try number(value, field: "payout", usage: "payout=5")
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
