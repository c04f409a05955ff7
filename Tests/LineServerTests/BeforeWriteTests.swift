import Foundation
import Locking
import Testing

@testable import LineServer

@Suite("Before each write")
struct BeforeWriteTests {
    /// Every echo a client reads was preceded by a call of the hook.
    @Test func theHookRunsForEveryWriteToASocket() throws {
        let calls = Locked(0)
        let echo = try EchoServer { configuration in
            configuration.beforeWrite = { calls.withLock { $0 += 1 } }
        }
        let client = try echo.connect()
        for index in 0..<50 {
            try client.send("line \(index)")
            #expect(try client.readLine() == "line \(index)")
            #expect(calls.withLock { $0 } >= index + 1)
        }
        client.close()
        echo.stop()
    }
}
