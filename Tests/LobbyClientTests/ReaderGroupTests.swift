import Foundation
import Glibc
import Locking
import Testing

@testable import LobbyClient

/// The shared reading threads of load tests: every socket's bytes reach its own reader, and a
/// socket that ends is dropped from the group and reported once.
@Suite struct ReaderGroupTests {
    /// A connected pair of local sockets.
    private static func socketPair() throws -> (Int32, Int32) {
        var ends: [Int32] = [0, 0]
        let made = ends.withUnsafeMutableBufferPointer {
            socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, $0.baseAddress)
        }
        try #require(made == 0)
        return (ends[0], ends[1])
    }

    /// What one watched socket saw.
    private final class Seen: Sendable {
        let bytes = Locked<[UInt8]>([])
        let endings = Locked(0)
        let done = DispatchSemaphore(value: 0)
    }

    @Test func sharedGroupsAreMadeOncePerSize() {
        #expect(ReaderGroup.shared(threads: 3) === ReaderGroup.shared(threads: 3))
        #expect(ReaderGroup.shared(threads: 3) !== ReaderGroup.shared(threads: 4))
    }

    @Test func eachSocketsBytesReachItsReaderAndAnEndIsReportedOnce() throws {
        let group = ReaderGroup(threads: 2)
        var pairs: [(Int32, Int32)] = []
        var seen: [Seen] = []
        for _ in 0..<6 {
            let pair = try Self.socketPair()
            let record = Seen()
            let fd = pair.0
            group.watch(
                fd,
                reader: { scratch in
                    let count = recv(fd, scratch.baseAddress, scratch.count, Int32(MSG_DONTWAIT))
                    if count < 0 && errno == EAGAIN { return .keepReading }
                    guard count > 0 else { return .stop }
                    record.bytes.withLock { $0 += scratch[..<count] }
                    return .keepReading
                },
                ended: {
                    close(fd)
                    record.endings.withLock { $0 += 1 }
                    record.done.signal()
                })
            pairs.append(pair)
            seen.append(record)
        }
        for (index, pair) in pairs.enumerated() {
            var message = Array("socket \(index)\n".utf8)
            #expect(write(pair.1, &message, message.count) == message.count)
            close(pair.1)
        }
        for (index, record) in seen.enumerated() {
            #expect(record.done.wait(timeout: .now() + 10) == .success)
            #expect(record.bytes.withLock { $0 } == Array("socket \(index)\n".utf8))
            #expect(record.endings.withLock { $0 } == 1)
        }
    }
}
