extension Command {
    /// The widest the usage text gets.
    static var width: Int { 100 }

    /// The usage text: the synopsis, the summary, every argument and option with its
    /// default (taken from `defaults`) and environment variable, and the notes.
    public func usage(defaults: Config) -> String {
        let synopsis = ([name] + arguments.map { "[\($0.name)]" } + ["[options]"])
            .joined(separator: " ")
        var lines = ["usage: \(synopsis)", ""]
        lines += wrap(summary, width: Self.width)
        var rows: [(String, String)] = []
        for argument in arguments {
            let detail = describe(argument.help, nil, argument.shownDefault(defaults), nil)
            rows.append((argument.name, detail))
        }
        let argumentRows = rows.count
        for option in options {
            var left = option.short.map { "-\($0), " } ?? "    "
            left += option.flag + (option.placeholder.map { " \($0)" } ?? "")
            let detail = describe(
                option.help, option.words, option.shownDefault(defaults), option.environment)
            rows.append((left, detail))
        }
        rows.append(("-h, --help", "show this text"))
        let column = min((rows.map(\.0.count).max() ?? 0) + 4, 30)
        if argumentRows > 0 {
            lines += ["", "arguments:"]
            lines += rows[..<argumentRows].flatMap { table(row: $0, column: column) }
        }
        lines += ["", "options:"]
        lines += rows[argumentRows...].flatMap { table(row: $0, column: column) }
        if options.contains(where: { $0.environment != nil }) {
            lines += ["", "A flag wins over its environment variable, which wins over the default."]
        }
        for note in notes {
            lines.append("")
            for line in note.split(separator: "\n", omittingEmptySubsequences: false) {
                lines +=
                    line.count <= Self.width
                    ? [String(line)] : wrap(String(line), width: Self.width)
            }
        }
        return lines.joined(separator: "\n")
    }

    private func describe(_ help: String, _ words: [String]?, _ shown: String?, _ variable: String?)
        -> String
    {
        let facts = [
            words.map { "one of \($0.joined(separator: ", "))" }, shown.map { "default \($0)" },
            variable.map { "env \($0)" },
        ].compactMap(\.self)
        return facts.isEmpty ? help : "\(help) (\(facts.joined(separator: "; ")))"
    }

    /// One row of a two-column table: the left text, then the wrapped help from `column` on.
    private func table(row: (String, String), column: Int) -> [String] {
        let left = "  " + row.0
        let help = wrap(row.1, width: Self.width - column)
        let indent = String(repeating: " ", count: column)
        guard left.count + 2 <= column else {
            return [left] + help.map { indent + $0 }
        }
        let first = left + String(repeating: " ", count: column - left.count) + (help.first ?? "")
        return [first] + help.dropFirst().map { indent + $0 }
    }

    /// `text` broken into lines of at most `width` characters at spaces.
    private func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty && line.count + 1 + word.count > width {
                lines.append(line)
                line = ""
            }
            line += line.isEmpty ? String(word) : " " + word
        }
        return lines + [line]
    }
}
