/// What `GET /health` answers: 200 while the server serves, 503 when it cannot, with a short
/// body for people and monitors saying which.
public struct HealthReport: Sendable, Equatable {
    /// The HTTP status: 200 or 503.
    public var status: Int
    /// The body's type, with its charset.
    public var contentType: String
    /// The body.
    public var body: String

    public init(status: Int, contentType: String = "text/plain; charset=utf-8", body: String) {
        self.status = status
        self.contentType = contentType
        self.body = body
    }

    /// A plain `ok`.
    public static let ok = HealthReport(status: 200, body: "ok\n")
}
