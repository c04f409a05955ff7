import CardGames
import Foundation
import LobbyProtocol
import Locking
import TableCore

/// A player who said `hello`: a name, a secret token to resume with, and the connection
/// currently attached (none while away).
///
/// The attached connection is behind a lock so tables can send from their own queues; so is
/// the table membership, which only the lobby's queue changes but the connection's queue
/// reads to send game requests straight to the table.
final class PlayerSession: @unchecked Sendable {
    /// The session as tables know it.
    let id: SessionID
    /// Display name.
    let name: String
    /// What the name looks like to people (``NameSkeleton/key``): no two held sessions share
    /// one.
    let nameKey: String
    /// SHA-256 of the secret resume token, in hex: the token itself is never kept.
    let tokenHash: String
    private let link = Locked(Link())

    /// The attached connection, whether table messages to it are held back, and the table
    /// membership.
    private struct Link {
        var connection: Connection?
        /// True between a resume and the table's snapshot: table events sent meanwhile are
        /// dropped, since the snapshot that follows covers them.
        var held = false
        var membership: Membership?
    }

    /// Where the player sits or watches. Changed only on the lobby's queue, which tells the
    /// roster.
    var membership: Membership? {
        get { link.withLock { $0.membership } }
        set {
            link.withLock {
                $0.membership = newValue
                $0.connection?.evictable = newValue?.seat == nil
            }
            roster?.place(id, name: name, table: newValue?.table.id, seat: newValue?.seat)
        }
    }
    /// Who is online and where: told of every change of place (set when the lobby holds the
    /// session).
    var roster: Roster?
    /// Bumped at every detach, so a delayed expiry can tell whether the player came back.
    var detachCount = 0
    /// When the session last lost its connection, on the lobby's detach clock.
    var detachedAt = 0

    /// A player's place at a table.
    struct Membership {
        let table: any TableHandle
        /// The seat, or nil for a spectator (or while a join is answered).
        var seat: Int?

        /// Why one at this table cannot sit at or create another, and what to type: a
        /// watcher does not think of watching as being at a table.
        var leaveFirst: String {
            seat == nil
                ? "you are watching table \(table.id): type leave first"
                : "you sit at table \(table.id): type leave first"
        }
    }

    init(id: SessionID, name: String, tokenHash: String) {
        self.id = id
        self.name = name
        self.nameKey = NameSkeleton(name).key
        self.tokenHash = tokenHash
    }

    /// The hash a token is known by.
    static func hash(token: String) -> String {
        SHA256.hex(SHA256.hash(Array(normalized(token: token).utf8)))
    }

    /// The attached connection, if any.
    var connection: Connection? { link.withLock { $0.connection } }

    /// The table the player is at (sitting, watching or being answered a join), when
    /// `connection` is the attached one; nil otherwise.
    func table(attachedTo connection: Connection) -> (any TableHandle)? {
        link.withLock { $0.connection === connection ? $0.membership?.table : nil }
    }

    /// True while a connection is attached.
    var isConnected: Bool { connection != nil }

    /// Queues bytes for the attached connection; dropped while away or held.
    func send(_ data: Data) {
        let target = link.withLock { $0.held ? nil : $0.connection }
        target?.send(data)
    }

    /// Attaches `connection`, returning the one it replaces. With `holding`, messages sent
    /// through ``send(_:)`` are dropped until ``release()``.
    func attach(_ connection: Connection, holding: Bool = false) -> Connection? {
        link.withLock { current in
            let old = current.connection
            current.connection = connection
            current.held = holding
            // A full server may close a connection to make room, never a seated person's.
            connection.evictable = current.membership?.seat == nil
            return old
        }
    }

    /// Lets messages through again after a held attach.
    func release() {
        link.withLock { $0.held = false }
    }

    /// Detaches `connection` if it is the attached one; true when it was.
    func detach(_ connection: Connection) -> Bool {
        link.withLock { current in
            guard current.connection === connection else { return false }
            current.connection = nil
            current.held = false
            return true
        }
    }

    /// The letters and digits of a token: no `i`, `l`, `o` or `u`, which read as others.
    static let tokenAlphabet = Array("0123456789abcdefghjkmnpqrstvwxyz")

    /// A new secret token short enough for a person to type after a drop: 16 characters of
    /// 32 (80 bits from the system's secure generator) in four groups, `k7dq-2m9x-p4rt-8cwz`.
    static func makeToken() -> String {
        var generator = SystemRandomNumberGenerator()
        let groups = (0..<4).map { _ in
            String((0..<4).map { _ in tokenAlphabet[Int(generator.next() % 32)] })
        }
        return groups.joined(separator: "-")
    }

    /// A token as typed, in the form it is known by: lower case, without the dashes or spaces
    /// a person may type or leave out (a 64-hex token of an older server is unchanged).
    static func normalized(token: String) -> String {
        String(token.lowercased().filter { $0 != "-" && $0 != " " })
    }

    /// A token as the welcome shows it again: in its four groups however it was typed (one of
    /// an older server, not of 16 characters, normalized only).
    static func canonical(token: String) -> String {
        let bare = Array(normalized(token: token))
        guard bare.count == 16 else { return String(bare) }
        return stride(from: 0, to: 16, by: 4).map { String(bare[$0..<$0 + 4]) }
            .joined(separator: "-")
    }
}
