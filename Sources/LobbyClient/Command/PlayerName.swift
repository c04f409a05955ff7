import Foundation
import Glibc

/// The name to play under when `--name` is not given: asked for at a terminal, else the
/// system user name.
enum PlayerName {
    /// The system user name: `USER`, `LOGNAME`, or the password entry of the user; nil when
    /// none is known.
    static func systemUser(environment: [String: String]) -> String? {
        for variable in ["USER", "LOGNAME"] {
            if let name = environment[variable], !name.isEmpty { return name }
        }
        guard let entry = getpwuid(getuid()), let field = entry.pointee.pw_name else { return nil }
        let name = String(cString: field)
        return name.isEmpty ? nil : name
    }

    /// The name to use. Given `ask` (at a terminal), the person is asked, with the system user
    /// name as the answer an empty line gives; without it, the system user name is used.
    /// `guest` only when nothing else is known.
    static func resolve(
        given: String?, environment: [String: String], ask: ((String) -> String?)?
    ) -> String {
        if let given { return given }
        let fallback = systemUser(environment: environment) ?? "guest"
        guard let ask else { return fallback }
        let answer = ask("your name [\(fallback)]: ")?.trimmingCharacters(in: .whitespaces)
        return answer.flatMap { $0.isEmpty ? nil : $0 } ?? fallback
    }
}
