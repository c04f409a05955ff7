import CardGames
import LobbyProtocol
import Testing

@testable import TableCore

/// The catalog lists every kind once, and `create` reaches a kind's settings through it: a
/// field of another kind refused first, then the kind's own fields read and checked.
@Suite struct GameCatalogTests {
    @Test func everyKindHasOneGame() {
        #expect(GameCatalog.games.map { $0.kind } == TableKind.allCases)
        for kind in TableKind.allCases {
            #expect(GameCatalog.game(kind).kind == kind)
        }
    }

    /// A kind's game reads the fields the protocol decodes for that kind.
    @Test func eachGameReadsItsKindsCreateFields() {
        func agrees<Game: TableGame>(_ game: Game.Type) -> Bool {
            Game.CreateFields.kind == Game.kind
                && ObjectIdentifier(Game.kind.createFields)
                    == ObjectIdentifier(Game.CreateFields.self)
        }
        for game in GameCatalog.games {
            let agreed = agrees(game)
            #expect(agreed, "\(game.kind)")
        }
    }

    /// The refusal `create` gets from the catalog's game for its kind, or nil when its
    /// settings read.
    private static func refusal(_ create: CreateTable) -> ProtocolFailure? {
        let kind = create.kind ?? .bigtwo
        if let foreign = create.foreignField(for: kind) { return foreign }
        func read<Game: TableGame>(_ game: Game.Type) -> ProtocolFailure? {
            do {
                _ = try Game.settings(from: create)
                return nil
            } catch {
                return error
            }
        }
        return read(GameCatalog.game(kind))
    }

    @Test func eachKindReadsItsDefaults() throws {
        for kind in TableKind.allCases {
            #expect(Self.refusal(CreateTable(kind: kind)) == nil)
        }
        #expect(try BigTwoGame.settings(from: CreateTable(gameFields: [BigTwoCreateFields(rules: "TAIWAN")])).rulesName == "taiwan")
        #expect(
            try BigTwoGame.settings(from: CreateTable(
                    gameFields: [BigTwoCreateFields(options: BigTwoOptions.presets["taiwan"])]))
                .rulesName == "taiwan")
        #expect(try MemoryGame.settings(from: CreateTable(kind: .memory)).pairs == 8)
        #expect(try RouletteGame.settings(from: CreateTable(kind: .roulette)).segments == 12)
        #expect(try TicTacToeGame.settings(from: CreateTable(gameFields: [TicTacToeCreateFields(first: "X")])) == .x)
    }

    @Test func anotherKindsFieldIsRefusedBeforeTheKindsOwn() throws {
        let cases: [(CreateTable, String)] = [
            (
                CreateTable(
                    kind: .tictactoe,
                    gameFields: [TicTacToeCreateFields(first: "q"), MemoryCreateFields(pairs: 3)]),
                "field 'pairs' is for memory tables only"
            ),
            (
                CreateTable(kind: .memory, gameFields: [TicTacToeCreateFields(first: "o")]),
                "field 'first' is for tic-tac-toe tables only"
            ),
            (
                CreateTable(kind: .tictactoe, seats: 2),
                "field 'seats' is for memory and roulette tables only"
            ),
            (
                CreateTable(kind: .memory, gameFields: [RouletteCreateFields(maxStake: 5)]),
                "field 'max_stake' is for roulette tables only"
            ),
            (
                CreateTable(kind: .roulette, gameFields: [BigTwoCreateFields(rules: "standard")]),
                "field 'rules' is for Big Two tables only"
            ),
            (
                CreateTable(gameFields: [ECardCreateFields(ecard: .standard)]),
                "field 'ecard' is for E-Card tables only"
            ),
            (
                CreateTable(kind: .ecard, gameFields: [BigTwoCreateFields(rules: "standard")]),
                "field 'rules' is for Big Two tables only"
            ),
            (
                CreateTable(kind: .tictactoe, gameFields: [TicTacToeCreateFields(first: "q")]),
                "field 'first' must be o or x"
            ),
            (
                CreateTable(kind: .memory, gameFields: [MemoryCreateFields(pairs: 1)]),
                try #require(Self.memoryRefusal(pairs: 1))
            ),
        ]
        for (create, message) in cases {
            #expect(Self.refusal(create) == ProtocolFailure(.invalidField, message))
        }
        #expect(Self.refusal(CreateTable(
                    kind: .roulette, seats: 8, gameFields: [RouletteCreateFields(segments: 36)])) == nil)
    }

    private static func memoryRefusal(pairs: Int) -> String? {
        do {
            try MemoryOptions(pairs: pairs, seats: 2).validate()
            return nil
        } catch {
            return error.message
        }
    }
}
