/// A `hello` request as a JSON line, so that the session stays in JSON mode (a plain `hello`
/// would switch it to text for people).
func jsonHello(_ name: String, token: String? = nil) -> String {
    let token = token.map { #","token":"\#($0)""# } ?? ""
    return #"{"type":"hello","name":"\#(name)"\#(token)}"#
}
