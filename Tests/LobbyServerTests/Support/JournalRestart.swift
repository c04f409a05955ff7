import Foundation
import TestSupport
import Testing

/// A server stopped and started again on its data directory, and its journal read as lines,
/// for the tests of tables that come back in the middle of a game.
enum JournalRestart {
    /// Stops `server` with `signal` (a stop by SIGTERM must be clean) and starts another with
    /// `arguments`.
    static func restart(_ server: ServerProcess, signal: Int32, arguments: [String]) throws
        -> ServerProcess
    {
        if signal == SIGTERM {
            #expect(server.stop(signal: SIGTERM) == 0)
        } else {
            server.stop(signal: SIGKILL)
        }
        return try ServerProcess(arguments: arguments)
    }

    /// The journal's lines about a table.
    static func tableLines(_ journal: URL) throws -> [Substring] {
        try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
            .filter { $0.contains(#""table":"#) && !$0.contains(#""kind":"ids""#) }
    }
}
