import Testing

@testable import WebServer

@Suite struct PortSnifferTests {
    @Test func requestLinesAreHTTP() {
        for opening in ["GET / HTTP/1.1", "HEAD /", "POST /x", "OPTIONS *", "DELETE /a", "PUT ",
            "PATCH /", "CONNECT a:1", "TRACE /"]
        {
            #expect(PortSniffer.classify(Array(opening.utf8)) == .http, "\(opening)")
        }
    }

    @Test func everythingElseIsLines() {
        for opening in ["{\"type\":\"hello\"}", "hello ann", "HELLO ann", "help", "PASS", "get /",
            "GET/", "GETX", "HEADS", "P", "\u{FF}\u{FB}\u{01}"]
        {
            let verdict = PortSniffer.classify(Array(opening.utf8))
            if opening == "P" {
                #expect(verdict == .undecided)
            } else {
                #expect(verdict == .lines, "\(opening)")
            }
        }
        #expect(PortSniffer.classify([0xFF, 0xFD, 0x03]) == .lines)
    }

    @Test func prefixesOfMethodsWait() {
        for opening in ["", "G", "GE", "GET", "H", "HEA", "HEAD", "OPTION", "CONNEC"] {
            #expect(PortSniffer.classify(Array(opening.utf8)) == .undecided, "\(opening)")
        }
    }
}
