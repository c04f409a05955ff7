import Foundation
import Glibc
import LobbyProtocol
import Locking
import TestSupport
import Testing

@testable import LobbyClient

/// A connection hands every line to its handler once, whole and in order, however the bytes
/// are split between reads, on its own thread or on a shared reader group.
@Suite struct IncomingLinesTests {
    /// What the handler saw, in order.
    private enum Seen: Equatable {
        case message(ServerMessage)
        case malformed(String)
    }

    /// Every message of a whole deal (a hot event or not, some with ids), a blank line and a
    /// line that is not a message, as the bytes a server sends; what they should read as, and
    /// where each of those lines ends in the bytes.
    private static func script() -> (bytes: [UInt8], expected: [Seen], ends: [Int]) {
        var bytes: [UInt8] = []
        var expected: [Seen] = []
        var ends: [Int] = []
        let encoder = ServerMessageEncoder()
        for (index, (message, _)) in ScriptedDeal(masterSeed: 5, seat: 2).messages.enumerated() {
            let sent = index % 5 == 0 ? ServerMessage(message.event, id: .number(index)) : message
            bytes += encoder.line(sent)
            expected.append(.message(sent))
            ends.append(bytes.count - 1)
            if index == 3 { bytes += Array(" \r\n".utf8) }
            if index == 9 {
                bytes += Array("{\"type\":\n".utf8)
                expected.append(.malformed("{\"type\":"))
                ends.append(bytes.count - 1)
            }
        }
        return (bytes, expected, ends)
    }

    /// Sends the script in pieces of the given sizes (in turn) to a connection and returns
    /// what its handler saw before `.closed`. After each piece that ends a line, it waits for
    /// that line to be handled, so a line's start left in a piece waits in the connection for
    /// its end.
    private static func deliver(pieces: [Int], readers: ReaderGroup?) throws -> [Seen] {
        var sockets: [Int32] = [0, 0]
        let made = sockets.withUnsafeMutableBufferPointer {
            socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, $0.baseAddress)
        }
        try #require(made == 0)
        let seen = Locked<[Seen]>([])
        let handled = DispatchSemaphore(value: 0)
        let closed = DispatchSemaphore(value: 0)
        let connection = LobbyConnection(fd: sockets[0])
        connection.start(readers: readers) { event in
            switch event {
            case .message(let message): seen.withLock { $0.append(.message(message)) }
            case .malformed(let line): seen.withLock { $0.append(.malformed(line)) }
            case .closed:
                closed.signal()
                return
            }
            handled.signal()
        }
        let (bytes, _, ends) = script()
        var offset = 0
        var turn = 0
        var awaited = 0
        while offset < bytes.count {
            let size = min(pieces[turn % pieces.count], bytes.count - offset)
            let written = bytes[offset..<offset + size].withUnsafeBytes {
                Glibc.write(sockets[1], $0.baseAddress, size)
            }
            try #require(written == size)
            offset += size
            turn += 1
            while awaited < ends.count && ends[awaited] < offset {
                try #require(handled.wait(timeout: .now() + 10) == .success)
                awaited += 1
            }
        }
        close(sockets[1])
        #expect(closed.wait(timeout: .now() + 10) == .success)
        return seen.value
    }

    @Test(arguments: [[1], [7], [13, 1, 250], [4_096], [100_000]])
    func everyLineArrivesOnceInOrderHoweverTheBytesAreSplit(pieces: [Int]) throws {
        let expected = Self.script().expected
        #expect(try Self.deliver(pieces: pieces, readers: nil) == expected)
        #expect(try Self.deliver(pieces: pieces, readers: ReaderGroup(threads: 1)) == expected)
    }
}
