import Foundation
import Glibc

/// A loopback TCP port that refuses every connection for as long as this value lives.
///
/// The socket is bound but never listens, so a connection to it is reset and the kernel keeps
/// the port from every other socket: unlike a stopped server's port, no server started by a
/// test running alongside can take it over.
public final class RefusingPort {
    /// The bound port on 127.0.0.1.
    public let port: UInt16
    private let descriptor: Int32

    /// Why no port could be reserved.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    public init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(descriptor, $0, length) == 0 && getsockname(descriptor, $0, &length) == 0
            }
        }
        guard bound else {
            let code = errno
            close(descriptor)
            throw Failure(description: "bind: errno \(code)")
        }
        self.descriptor = descriptor
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(descriptor) }
}
