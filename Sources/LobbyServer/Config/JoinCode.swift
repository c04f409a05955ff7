import QRCode

/// The QR code a host shows so that friends' phones open the server's page: the address
/// to join at, drawn for the terminal at start-up (and for the page itself).
public enum JoinCode {
    /// The address most likely to be the one friends' phones reach: a home network's
    /// 192.168.x.x first, then 10.x.x.x, then 172.16–31.x.x (where container bridges also
    /// live), then any other; nil when there is none.
    public static func preferredAddress(among addresses: [String]) -> String? {
        func rank(_ address: String) -> Int {
            let parts = address.split(separator: ".").compactMap { Int($0) }
            guard parts.count == 4 else { return 4 }
            if parts[0] == 192 && parts[1] == 168 { return 0 }
            if parts[0] == 10 { return 1 }
            if parts[0] == 172 && (16...31).contains(parts[1]) { return 2 }
            return 3
        }
        let ranked = addresses.enumerated().min {
            (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
        }
        return ranked?.element
    }

    /// False for a loopback host, which only this machine reaches.
    public static func reachableByPhones(_ host: String) -> Bool {
        !(host.hasPrefix("127.") || host == "localhost" || host == "::1")
    }

    /// The page's address on `host` and `port`, as a phone's browser opens it.
    public static func url(host: String, port: UInt16) -> String {
        let shown = host.contains(":") ? "[\(host)]" : host
        return "http://\(shown):\(port)"
    }

    /// The lines printed at start-up when standard output is a terminal: the URL's QR code
    /// in half blocks, and the URL under it. Empty when the URL cannot be encoded.
    public static func terminalLines(url: String) -> [String] {
        guard let code = try? QRCode(text: url) else { return [] }
        return ["scan to join:"] + code.halfBlockLines() + [url]
    }
}
