/// Splits arguments into `--flag value` pairs, bare `--flag`s and positionals, and hands them
/// out by name so that unknown flags can be reported.
struct FlagReader {
    /// Flags that take no value.
    static let switches: Set<String> = ["help", "create"]

    var positionals: [String] = []
    private var values: [String: String] = [:]
    private var present: Set<String> = []
    private var used: Set<String> = []

    init(_ arguments: [String]) throws(ClientError) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                positionals.append(argument)
                continue
            }
            var name = String(argument.dropFirst(2))
            if let equals = name.firstIndex(of: "=") {
                values[String(name[..<equals])] = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            } else if Self.switches.contains(name) {
                present.insert(name)
            } else {
                guard index < arguments.count else { throw .usage("--\(name) needs a value") }
                values[name] = arguments[index]
                index += 1
            }
            present.insert(name)
        }
    }

    mutating func has(_ name: String) -> Bool {
        used.insert(name)
        return present.contains(name)
    }

    mutating func string(_ name: String) throws(ClientError) -> String? {
        used.insert(name)
        return values[name]
    }

    mutating func int(_ name: String) throws(ClientError) -> Int? {
        used.insert(name)
        guard let text = values[name] else { return nil }
        guard let value = Int(text) else {
            throw .usage("--\(name) must be a number, not '\(text)'")
        }
        return value
    }

    func finish(positionalLimit: Int) throws(ClientError) {
        if let unknown = present.subtracting(used).sorted().first {
            throw .usage("unknown flag --\(unknown)")
        }
        if positionals.count > positionalLimit {
            throw .usage("unexpected argument '\(positionals[positionalLimit])'")
        }
    }
}
