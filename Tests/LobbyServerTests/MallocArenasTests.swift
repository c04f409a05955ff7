import Foundation
import TestSupport
import Testing

@testable import LobbyServer

/// Sessions that come and go while people play grew the server's resident set for ever: each
/// of its threads took a `malloc` arena of its own (up to sixteen on two processors), each
/// keeping what was freed into it. The server caps the arenas before its threads start.
@Suite("The server's allocator arenas")
struct MallocArenasTests {
    @Test("a server under sessions coming and going keeps to its arenas")
    func arenasStayCapped() throws {
        let server = try ServerProcess(arguments: ["--no-journal"])
        defer { server.stop(signal: SIGKILL) }
        let port = server.port
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            for index in 0..<75 {
                guard let player = try? TestPlayer(port: port) else { continue }
                _ = try? player.request(jsonHello("churn\(worker)x\(index)"), expect: "welcome")
                player.close()
            }
        }
        let extra = try Self.arenaHeaps(of: server.process.processIdentifier)
        // The main arena lives in the program break; every other arena reserves a heap.
        #expect(extra <= MallocArenas.limit - 1, "\(extra) arena heaps")
    }

    /// The heaps glibc reserved for arenas other than the main one: mappings of more than a
    /// megabyte with no access and no file, the unused rest of each 64 MB reservation.
    static func arenaHeaps(of pid: Int32) throws -> Int {
        let maps = try String(contentsOfFile: "/proc/\(pid)/maps", encoding: .utf8)
        return maps.split(separator: "\n").filter { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 5, fields[1] == "---p" else { return false }
            let bounds = fields[0].split(separator: "-").compactMap { UInt64($0, radix: 16) }
            return bounds.count == 2 && bounds[1] - bounds[0] > 1 << 20
        }.count
    }
}
