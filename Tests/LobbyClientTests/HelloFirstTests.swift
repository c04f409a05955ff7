import Foundation
import Glibc
import Testing

@testable import LobbyClient

/// The bundled client and the load tools send `hello` without waiting for the greeting: a
/// server that shares its port with browsers greets a silent client only after a wait.
@Suite struct HelloFirstTests {
    @Test func theClientSessionSaysHelloBeforeAnyGreeting() throws {
        let server = try GreetsWhenSpokenTo()
        let session = ClientSession(
            address: ServerAddress(host: "127.0.0.1", port: server.port), name: "ann")
        defer { session.close() }
        #expect(try session.connect(timeout: 10).token == GreetsWhenSpokenTo.token)
    }

    @Test func theHelloBenchSaysHelloBeforeAnyGreeting() throws {
        let server = try GreetsWhenSpokenTo()
        let options = BenchOptions(
            address: ServerAddress(host: "127.0.0.1", port: server.port), seconds: 0.1,
            mode: .hello, tables: 0, probeRate: 10)
        #expect(try HelloBench.hello(name: "ann", at: options) >= 0)
    }
}

/// A loopback server that stays silent until a connection sends its first line, then sends
/// the greeting and a welcome for it; one that sends nothing for five seconds is closed, so
/// that a client waiting to be greeted fails instead of hanging.
final class GreetsWhenSpokenTo: @unchecked Sendable {
    static let token = "0123456789abcdef0123456789abcdef"
    let port: UInt16
    private let listener: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let ready = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && listen(descriptor, 8) == 0
                    && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard ready else {
            close(descriptor)
            throw ClientError.disconnected
        }
        listener = descriptor
        port = UInt16(bigEndian: address.sin_port)
        Thread {
            while true {
                let client = accept(descriptor, nil, nil)
                guard client >= 0 else { return }
                Thread { Self.serve(client) }.start()
            }
        }.start()
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private static func serve(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var line: [UInt8] = []
        var byte: UInt8 = 0
        while recv(client, &byte, 1, 0) == 1 {
            guard byte != 0x0A else { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.contains(#""type":"hello""#) else { return }
        let id = text.firstMatch(of: /"id":(\d+)/).map { #""id":\#($0.1),"# } ?? ""
        let reply =
            #"{"protocol":1,"server":"bigtwo-server","type":"greeting"}"# + "\n"
            + #"{\#(id)"name":"ann","resumed":false,"token":"\#(token)","type":"welcome"}"# + "\n"
        _ = reply.withCString { send(client, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
        // Held open until the client leaves.
        while recv(client, &byte, 1, 0) > 0 {}
    }
}
