import QRCode
import WebServer

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

    /// The address the page's invite shows (and its QR code encodes): the one the browser
    /// itself used when other machines can reach it too (its `Host` is not loopback), else
    /// the LAN address phones most likely reach, else the host the server listens on.
    /// A `joinAddress` comes before the LAN addresses.
    public static func inviteURL(
        requestHost: String?, port: UInt16, listeningOn host: String, lanAddresses: [String],
        joinAddress: String? = nil
    ) -> String {
        if let requestHost, let name = hostName(requestHost), reachableByPhones(name) {
            return "http://\(requestHost)"
        }
        if let joinAddress {
            let join = ServerStartup.joinHostAndPort(joinAddress, port: port)
            return url(host: join.host, port: join.port)
        }
        if host == "0.0.0.0" {
            return url(host: preferredAddress(among: lanAddresses) ?? "127.0.0.1", port: port)
        }
        return url(host: host, port: port)
    }

    /// The host part of a `Host` header (`192.168.1.5:7777`, `[fe80::1]:80`, `gamebox.lan`),
    /// or nil when it holds anything but the letters, digits and signs of a host and port.
    static func hostName(_ header: String) -> String? {
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-:[]")
        guard !header.isEmpty, header.count <= 255, header.allSatisfy(allowed.contains) else {
            return nil
        }
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return nil }
            return String(header[header.index(after: header.startIndex)..<close])
        }
        let name = header.split(separator: ":", omittingEmptySubsequences: false).first ?? ""
        return name.isEmpty ? nil : String(name)
    }

    /// The invite's files, made for each request: `/join.txt`, the address to join at, and
    /// `/join.svg`, its QR code (see ``inviteURL(requestHost:port:listeningOn:lanAddresses:)``);
    /// nil for any other path.
    public static func inviteFile(
        path: Substring, requestHost: String?, port: UInt16, listeningOn host: String,
        joinAddress: String? = nil
    ) -> WebSite.MadeFile? {
        guard path == "/join.txt" || path == "/join.svg" else { return nil }
        let url = inviteURL(
            requestHost: requestHost, port: port, listeningOn: host,
            lanAddresses: host == "0.0.0.0" ? ServerStartup.lanAddresses() : [],
            joinAddress: joinAddress)
        if path == "/join.txt" {
            return WebSite.MadeFile(
                contentType: "text/plain; charset=utf-8", body: Array((url + "\n").utf8))
        }
        guard let svg = svg(url: url) else { return nil }
        return WebSite.MadeFile(contentType: "image/svg+xml; charset=utf-8", body: Array(svg.utf8))
    }

    /// The page's QR code of `url`, as an SVG image; nil when it cannot be encoded.
    public static func svg(url: String) -> String? {
        (try? QRCode(text: url))?.svg()
    }

    /// The lines printed at start-up when standard output is a terminal: the URL's QR code
    /// in half blocks, and the URL under it. Empty when the URL cannot be encoded.
    public static func terminalLines(url: String) -> [String] {
        guard let code = try? QRCode(text: url) else { return [] }
        return ["scan to join:"] + code.halfBlockLines() + [url]
    }
}
