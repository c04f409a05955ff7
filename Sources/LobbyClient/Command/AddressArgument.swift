import CommandOptions

extension Argument {
    /// The server's address, `HOST`, `HOST:PORT` or `:PORT`, stored at `key`.
    static func address(at key: WritableKeyPath<Config, ServerAddress> & Sendable) -> Argument {
        Argument(
            "HOST[:PORT]", help: "the server", shown: { $0[keyPath: key].description },
            store: { config, text in
                do throws(ClientError) {
                    config[keyPath: key] = try ServerAddress(parsing: text)
                    return nil
                } catch {
                    return error.description
                }
            })
    }
}
