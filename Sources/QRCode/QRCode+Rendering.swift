extension QRCode {
    /// Light modules kept round the symbol so that a reader finds its edge (the standard's
    /// quiet zone is four modules).
    public static let quietZone = 4

    /// The symbol for a terminal, two rows of modules per line in Unicode half blocks (▀ ▄ █),
    /// quiet zone included. With `ansiColours` each line sets black on white itself, so the
    /// code reads the same on a dark terminal as on a light one; without, dark modules are the
    /// blocks' ink.
    public func halfBlockLines(ansiColours: Bool = true) -> [String] {
        let zone = Self.quietZone
        let span = size + 2 * zone
        func dark(_ x: Int, _ y: Int) -> Bool {
            let mx = x - zone, my = y - zone
            guard (0..<size).contains(mx), (0..<size).contains(my) else { return false }
            return isDark(x: mx, y: my)
        }
        var lines: [String] = []
        for y in stride(from: 0, to: span, by: 2) {
            var line = ansiColours ? "\u{1B}[30;107m" : ""
            for x in 0..<span {
                switch (dark(x, y), dark(x, y + 1)) {
                case (true, true): line += "█"
                case (true, false): line += "▀"
                case (false, true): line += "▄"
                case (false, false): line += " "
                }
            }
            if ansiColours { line += "\u{1B}[0m" }
            lines.append(line)
        }
        return lines
    }

    /// The symbol as an SVG image, one unit per module, quiet zone included, dark modules in
    /// one path of horizontal runs.
    public func svg() -> String {
        let zone = Self.quietZone
        let span = size + 2 * zone
        var path = ""
        for y in 0..<size {
            var x = 0
            while x < size {
                guard isDark(x: x, y: y) else {
                    x += 1
                    continue
                }
                var run = 1
                while x + run < size && isDark(x: x + run, y: y) { run += 1 }
                path += "M\(x + zone) \(y + zone)h\(run)v1h-\(run)z"
                x += run
            }
        }
        return """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 \(span) \(span)" \
            shape-rendering="crispEdges"><rect width="\(span)" height="\(span)" fill="#fff"/>\
            <path fill="#000" d="\(path)"/></svg>
            """
    }
}
