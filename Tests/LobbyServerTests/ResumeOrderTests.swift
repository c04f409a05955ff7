import Foundation
import LobbyProtocol
import Testing

@testable import LobbyServer

@Suite("Resume ordering")
struct ResumeOrderTests {
    @Test("after a resume no game event comes before the welcome or ahead of the snapshot")
    func snapshotComesFirst() throws {
        let server = try TestServer(seed: 41)
        let ann = try server.login("ann")
        let sam = try server.login("sam")
        try ann.request("create turn=0", expect: "created")
        try sam.request("watch 1", expect: "watching")
        try ann.request("start", expect: "table")
        let token = try #require(ann.token)
        ann.close()
        // Bots now play every seat without delay while the spectator keeps the table going.
        for _ in 0..<20 { try sam.waitFor("play") }
        for round in 0..<5 {
            let again = try server.connect()
            try again.send(jsonHello("ann", token: token))
            var types: [String] = []
            while types.last != "state" { types.append(try again.next().event.type) }
            #expect(types.first == "welcome", "round \(round): \(types)")
            #expect(types.dropFirst().dropLast().allSatisfy { $0 == "seat" }, "\(types)")
            again.close()
            try sam.waitFor("seat")
        }
    }
}
