import Foundation

/// What a name looks like, with the differences people cannot see folded away: two names with
/// the same ``key`` read the same on a screen, so only one of them may be in use, and a name
/// whose ``words`` are the server's own words could pass for the server's text.
///
/// The fold: compatibility forms become their plain letters (fullwidth `ｙｏｕ`, mathematical
/// `𝐲𝐨𝐮`, circled, superscript), accents and other combining marks go, letters of other
/// scripts that are drawn like Latin ones become those (Cyrillic `а`, Greek `ο`, Armenian
/// `օ`, Cherokee `Ꭺ`, small capitals `ᴀ`), punctuation that looks like the marks text mode
/// builds its lines with becomes those marks, case goes, `0` reads as `o` and `1` as `l`,
/// and `rn` as `m`, `vv` as `w`. Spaces of every kind become one space.
public struct NameSkeleton: Equatable, Sendable {
    /// The folded name, spaces and punctuation kept.
    public let folded: String
    /// The folded name without its spaces and punctuation: names with the same key are the
    /// same name to people (`ann lee`, `Ann_Lee` and `аnn-lее`).
    public let key: String
    /// The folded name's runs of letters and digits, in order: `ann's bot` is `ann`, `s`,
    /// `bot`.
    public let words: [String]

    /// The skeleton of `name`.
    public init(_ name: String) {
        let compatible = name.precomposedStringWithCompatibilityMapping
            .decomposedStringWithCanonicalMapping
        var mapped = String.UnicodeScalarView()
        var lastWasSpace = false
        for scalar in compatible.unicodeScalars {
            if VisibleText.isCombining(scalar) || VisibleText.isFormat(scalar) { continue }
            if scalar.properties.isWhitespace {
                if !lastWasSpace { mapped.append(" ") }
                lastWasSpace = true
                continue
            }
            lastWasSpace = false
            if let latin = Self.lookalikes[scalar.value] {
                mapped.append(latin)
            } else {
                mapped.append(scalar)
            }
        }
        var folded = String(mapped).lowercased()
        folded = String(
            folded.unicodeScalars.map { scalar -> Character in
                switch scalar {
                case "0": "o"
                case "1": "l"
                default: Character(scalar)
                }
            })
        folded = folded.replacingOccurrences(of: "rn", with: "m")
            .replacingOccurrences(of: "vv", with: "w")
        self.folded = folded.trimmingCharacters(in: .whitespaces)
        var key = String.UnicodeScalarView()
        var words: [String] = []
        var word = String.UnicodeScalarView()
        for scalar in self.folded.unicodeScalars {
            let category = scalar.properties.generalCategory
            let isWordScalar = scalar.properties.isAlphabetic || category == .decimalNumber
            if isWordScalar {
                word.append(scalar)
            } else if !word.isEmpty {
                words.append(String(word))
                word = String.UnicodeScalarView()
            }
            if isWordScalar || Self.isSymbol(category) { key.append(scalar) }
        }
        if !word.isEmpty { words.append(String(word)) }
        self.key = String(key)
        self.words = words
    }

    private static func isSymbol(_ category: Unicode.GeneralCategory) -> Bool {
        switch category {
        case .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol, .otherNumber,
            .letterNumber:
            true
        default: false
        }
    }

    /// Characters drawn like a Latin letter or like one of text mode's marks, each with what
    /// it is taken for. Capitals map to capitals, since a capital and its small letter may
    /// look different (Greek `Η` is an H, `η` an n); case is folded afterwards.
    static let lookalikes: [UInt32: Unicode.Scalar] = {
        let pairs: [(String, String)] = [
            // Cyrillic capitals, then small letters.
            ("АВЕКМНОРСТУХЅІЈҮҺӀԚԜѴЬ", "ABEKMHOPCTYXSIJYHlQWVb"),
            ("аеорсухѕіјһԁԛԝүӏпгкѵ", "aeopcyxsijhdqwylnrkv"),
            // Greek capitals, then small letters.
            ("ΑΒΕΖΗΙΚΜΝΟΡΤΥΧϹͿ", "ABEZHIKMNOPTYXCJ"),
            ("αορνυικτχγϲϳημ", "aopvuiktxycjnu"),
            // Armenian.
            ("օսհոցզՏՕՍԼ", "ouhngqSOUL"),
            // Cherokee letters drawn as Latin capitals.
            ("ᎪᏴᏟᎠᎬᏀᎻᎫᏦᏞᎷᏢᎡᏚᎢᏙᎳᏃᎩ", "ABCDEGHJKLMPRSTVWZY"),
            // Latin letters of other shapes: dotless i and j, script a and g, small capitals.
            ("ıȷɑɡɩʟɪᴀʙᴄᴅᴇɢʜᴊᴋᴍɴᴏᴘʀꜱᴛᴜᴠᴡʏᴢ", "ijagiliabcdeghjkmnoprstuvwyz"),
            // Marks text mode builds its lines with: `:`, `·`, `,`, `(`, `)`, `[`, `]`, `|`.
            ("∶꞉։׃᛬ː", "::::::"),
            ("‧∙⋅・", "····"),
            ("‚،、", ",,,"),
            ("❨❪⟮", "((("),
            ("❩❫⟯", ")))"),
            ("❲⟦", "[["),
            ("❳⟧", "]]"),
            ("ǀ∣׀⏐", "||||"),
        ]
        var table: [UInt32: Unicode.Scalar] = [:]
        for (from, to) in pairs {
            precondition(from.unicodeScalars.count == to.unicodeScalars.count, from)
            for (source, target) in zip(from.unicodeScalars, to.unicodeScalars) {
                table[source.value] = target
            }
        }
        return table
    }()
}
