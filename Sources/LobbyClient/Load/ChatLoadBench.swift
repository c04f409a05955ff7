import Foundation
import LobbyProtocol

/// `bench --mode chat`: `help` latency while many lobby connections chat, each within its own
/// chat budget. Every line accepted goes to every player, so the lobby's chat delivery and its
/// room rate are what is measured.
enum ChatLoadBench {
    static func run(_ options: BenchOptions) throws(ClientError) -> BenchReport {
        let tag = String(getpid() % 10_000)
        let chatters = try BenchSessions.logIn(options.chatters, prefix: "chat\(tag)x", at: options)
        defer { chatters.forEach { $0.close() } }
        let probe = try? ServerStatsProbe(address: options.address)
        defer { probe?.close() }
        let drain = LineDrain(chatters.map(\.fd))
        defer { _ = drain.stop() }
        // One thread speaks for every chatter in turn, so that each sends `chatRate` lines a
        // second.
        let rate = options.chatRate * Double(chatters.count)
        let (latencies, errors, seconds) = try PacedProbe.run(.help, options: options) {
            _, stop in
            PacedProbe.paced(rate: rate, until: stop) { sent in
                chatters[sent % chatters.count].send(#"{"type":"chat","text":"line \#(sent)"}"#)
            }
        }
        return PacedProbe.report(
            .chat, latencies: latencies, errors: errors, seconds: seconds, tables: 0,
            backgroundLines: drain.stop(), server: probe?.figures())
    }
}

/// Connections that said `hello`, for the benches.
enum BenchSessions {
    /// `count` connections logged in as `<prefix><index>`.
    static func logIn(_ count: Int, prefix: String, at options: BenchOptions)
        throws(ClientError) -> [RawLineSocket]
    {
        var sockets: [RawLineSocket] = []
        for index in 0..<count {
            let socket = try RawLineSocket(address: options.address)
            socket.send(#"{"type":"hello","name":"\#(prefix)\#(index)"}"#)
            let reply = try socket.readLine {
                $0.contains(#""type":"welcome""#) || ListLoadBench.isError($0)
            }
            if ListLoadBench.isError(reply) { throw .server(code: "hello", message: reply) }
            sockets.append(socket)
        }
        return sockets
    }
}
