/// Tells from a connection's first bytes which protocol its peer speaks: an HTTP request
/// starts with a method and a space (`GET `, `HEAD `, and the other methods of RFC 9110, so
/// they get a proper 405); anything else is the line protocol, whose plain commands are
/// none of those words in capitals.
enum PortSniffer {
    enum Verdict: Equatable {
        case http
        case lines
        /// The bytes so far begin a method name: wait for more.
        case undecided
    }

    /// The request-line openings recognised as HTTP.
    static let methods: [[UInt8]] = [
        "GET ", "HEAD ", "POST ", "PUT ", "DELETE ", "OPTIONS ", "PATCH ", "CONNECT ", "TRACE ",
    ].map { Array($0.utf8) }

    /// The longest opening, after which the bytes always decide.
    static let longestMethod = methods.map(\.count).max()!

    static func classify(_ bytes: some Collection<UInt8>) -> Verdict {
        var undecided = false
        for method in methods {
            if bytes.count >= method.count {
                if bytes.prefix(method.count).elementsEqual(method) { return .http }
            } else if method.starts(with: bytes) {
                undecided = true
            }
        }
        return undecided ? .undecided : .lines
    }
}
