import Foundation
import LobbyProtocol
import Testing

/// The contract is protocol.md and the documents its contents list: each of them exists, and
/// every kind of table has its own under docs/games/, so the transcript tests, which look for
/// their headings in all of them, see every game.
@Suite struct ContractDocumentsTests {
    @Test func everyListedDocumentExistsAndEveryKindHasOne() throws {
        let documents = try ProtocolDocument.documents()
        #expect(documents.first == "protocol.md")
        for path in documents {
            let url = ProtocolDocument.root.appendingPathComponent(path)
            #expect(FileManager.default.fileExists(atPath: url.path), "\(path) is missing")
        }
        for kind in TableKind.allCases {
            #expect(documents.contains("docs/games/\(kind.rawValue).md"))
        }
        #expect(documents.contains("docs/verify.md"))
        #expect(documents.contains("docs/operations.md"))
    }

    /// protocol.md holds the core contract only; a game's parts go to its own document.
    @Test func theCoreContractStaysShort() throws {
        let bytes = try Data(contentsOf: ProtocolDocument.url).count
        #expect(bytes <= 35_000, "protocol.md is \(bytes) bytes")
    }

    @Test func everyDocumentsCodeBlocksAreClosed() throws {
        for path in try ProtocolDocument.documents() {
            let text = try String(
                contentsOf: ProtocolDocument.root.appendingPathComponent(path), encoding: .utf8)
            let fences = text.split(separator: "\n", omittingEmptySubsequences: false)
                .filter { $0.hasPrefix("```") }.count
            #expect(fences % 2 == 0, "\(path) has a code block left open")
        }
    }
}
