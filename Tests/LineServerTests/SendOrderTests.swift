import Foundation
import Testing

@testable import LineServer

@Suite("Send order")
struct SendOrderTests {
    /// A send from another thread waits in the inbox for the connection's next turn; a later
    /// send made on the connection's own queue must not overtake it.
    @Test func aSendOnTheQueueComesAfterEarlierSendsFromElsewhere() throws {
        let echo = try EchoServer()
        let client = try echo.connect()
        for _ in 0..<50 {
            try client.send("order")
            #expect(try client.readLine() == "from elsewhere")
            #expect(try client.readLine() == "from the queue")
        }
        client.close()
        echo.stop()
    }
}
