import CardGames

/// Encodes `Encodable` values as compact JSON with sorted snake_case keys: byte for byte what
/// `WireCodec.makeEncoder()` (Foundation's encoder) writes, without its cost. With keys
/// ``KeyStyle/declared`` it writes what Foundation's encoder writes with sorted keys and no key
/// strategy, which Foundation's default decoder reads back (the server's journal).
///
/// Values are gathered into a small tree (objects need every key before they can be sorted)
/// and then written into one byte buffer. Special Foundation types (`Date`, `Data`, `URL`)
/// get no special treatment, and coding paths are not tracked (always empty): the wire
/// messages need neither.
public struct WireEncoder: Sendable {
    /// How property names become JSON keys.
    public enum KeyStyle: Sendable {
        /// snake_case, as the wire has them (`cardsLeft` → `cards_left`).
        case snakeCase
        /// As declared (`cardsLeft`).
        case declared
    }

    /// How property names become keys.
    public let keys: KeyStyle

    /// Creates an encoder writing keys in `keys` style.
    public init(keys: KeyStyle = .snakeCase) {
        self.keys = keys
    }

    /// The value as JSON bytes.
    public func encode(_ value: some Encodable) throws -> [UInt8] {
        var output = JSONOutput()
        try encode(value, into: &output)
        return output.bytes
    }

    /// Appends the value's JSON to `output`.
    public func encode(_ value: some Encodable, into output: inout JSONOutput) throws {
        let root = NodeEncoder(keys: keys)
        try value.encode(to: root)
        root.node.write(to: &output)
    }
}

/// One encoded value, before writing.
enum EncodedNode {
    case null
    case bool(Bool)
    case string(String)
    /// A number already formatted.
    case number(String)
    case object(ObjectNode)
    case array(ArrayNode)

    func write(to output: inout JSONOutput) {
        switch self {
        case .null: output.appendRaw("null")
        case .bool(let flag): output.appendBool(flag)
        case .string(let text): output.appendString(text)
        case .number(let text): output.appendUnescaped(text)
        case .object(let object): object.write(to: &output)
        case .array(let array): array.write(to: &output)
        }
    }
}

/// An object being encoded; several containers may add to it. Members are kept sorted by
/// key (in UTF-8 byte order, which is the order Foundation's `.sortedKeys` gives ASCII keys).
final class ObjectNode {
    private var members: [(key: String, node: EncodedNode)] = []

    init() {
        members.reserveCapacity(8)
    }

    /// Sets a member; a key set twice keeps its last value, as Foundation does.
    func set(_ key: String, _ node: EncodedNode) {
        var index = members.endIndex
        while index > members.startIndex {
            let previous = members[index - 1].key
            if previous == key {
                members[index - 1].node = node
                return
            }
            if previous.utf8.lexicographicallyPrecedes(key.utf8) { break }
            index -= 1
        }
        members.insert((key, node), at: index)
    }

    func write(to output: inout JSONOutput) {
        output.append(UInt8(ascii: "{"))
        var first = true
        for member in members {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            output.appendString(member.key)
            output.append(UInt8(ascii: ":"))
            member.node.write(to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }
}

/// An array being encoded.
final class ArrayNode {
    private(set) var elements: [EncodedNode] = []

    init(capacity: Int = 4) {
        elements.reserveCapacity(capacity)
    }

    func append(_ node: EncodedNode) { elements.append(node) }

    func replace(at index: Int, with node: EncodedNode) { elements[index] = node }

    func write(to output: inout JSONOutput) {
        output.append(UInt8(ascii: "["))
        for (index, element) in elements.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            element.write(to: &output)
        }
        output.append(UInt8(ascii: "]"))
    }
}

/// The `Encoder` handed to `encode(to:)`: it records what the value writes into `node`, and
/// hands each new node to `attach` (which places it in a parent, for `superEncoder`).
final class NodeEncoder: Encoder {
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What has been encoded so far (`null` until something is).
    private(set) var node: EncodedNode = .null
    let keys: WireEncoder.KeyStyle
    private let attach: ((EncodedNode) -> Void)?

    init(keys: WireEncoder.KeyStyle, attach: ((EncodedNode) -> Void)? = nil) {
        self.keys = keys
        self.attach = attach
    }

    /// The node for a nested value: encodes it with a fresh encoder unless it is a scalar or
    /// a card (the commonest values of the wire messages).
    static func node<T: Encodable>(for value: T, keys: WireEncoder.KeyStyle) throws
        -> EncodedNode
    {
        // Comparing metatypes is much cheaper than a dynamic cast.
        if T.self == String.self { return .string(unsafeBitCast(value, to: String.self)) }
        if T.self == Int.self { return .number(String(unsafeBitCast(value, to: Int.self))) }
        if T.self == Bool.self { return .bool(unsafeBitCast(value, to: Bool.self)) }
        if T.self == Card.self { return .string(unsafeBitCast(value, to: Card.self).notation) }
        if T.self == [Card].self {
            let cards = unsafeBitCast(value, to: [Card].self)
            let array = ArrayNode(capacity: cards.count)
            for card in cards { array.append(.string(card.notation)) }
            return .array(array)
        }
        if T.self == [Int].self {
            let numbers = unsafeBitCast(value, to: [Int].self)
            let array = ArrayNode(capacity: numbers.count)
            for number in numbers { array.append(.number(String(number))) }
            return .array(array)
        }
        let encoder = NodeEncoder(keys: keys)
        try value.encode(to: encoder)
        return encoder.node
    }

    fileprivate func put(_ value: EncodedNode) {
        node = value
        attach?(value)
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let object: ObjectNode
        if case .object(let existing) = node {
            object = existing
        } else {
            object = ObjectNode()
            put(.object(object))
        }
        return KeyedEncodingContainer(NodeKeyedContainer<Key>(object: object, keys: keys))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: ArrayNode
        if case .array(let existing) = node {
            array = existing
        } else {
            array = ArrayNode()
            put(.array(array))
        }
        return NodeUnkeyedContainer(array: array, keys: keys)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        NodeSingleValueContainer(encoder: self)
    }
}

/// Formats a floating-point value as Foundation does; non-finite values cannot be encoded.
private func floatNode(_ value: Double) throws -> EncodedNode {
    guard value.isFinite else {
        throw EncodingError.invalidValue(
            value, .init(codingPath: [], debugDescription: "\(value) is not valid JSON"))
    }
    var output = JSONOutput(capacity: 24)
    output.appendDouble(value)
    return .number(String(decoding: output.bytes, as: UTF8.self))
}

private struct NodeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: ObjectNode
    let keys: WireEncoder.KeyStyle
    var codingPath: [any CodingKey] { [] }

    private func name(_ key: Key) -> String {
        switch keys {
        case .snakeCase: WireKey.snakeCase(key.stringValue)
        case .declared: key.stringValue
        }
    }

    private func set(_ node: EncodedNode, _ key: Key) {
        object.set(name(key), node)
    }

    private func number(_ value: some BinaryInteger, _ key: Key) {
        set(.number(String(value)), key)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try floatNode(value), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try floatNode(Double(value)), key)
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { number(value, key) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { number(value, key) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { number(value, key) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { number(value, key) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { number(value, key) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { number(value, key) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { number(value, key) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { number(value, key) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { number(value, key) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { number(value, key) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(try NodeEncoder.node(for: value, keys: keys), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectNode()
        set(.object(nested), key)
        return KeyedEncodingContainer(
            NodeKeyedContainer<NestedKey>(object: nested, keys: keys))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ArrayNode()
        set(.array(nested), key)
        return NodeUnkeyedContainer(array: nested, keys: keys)
    }

    mutating func superEncoder() -> any Encoder {
        let object = object
        return NodeEncoder(keys: keys) { object.set("super", $0) }
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let object = object
        let name = name(key)
        return NodeEncoder(keys: keys) { object.set(name, $0) }
    }
}

/// A container that takes one value at a time (an array's next element, or a single value):
/// every scalar becomes a node handed to `put`.
private protocol NodeSink {
    /// How nested values' keys are written.
    var keys: WireEncoder.KeyStyle { get }
    func put(_ node: EncodedNode)
}

extension NodeSink {
    private func number(_ value: some BinaryInteger) { put(.number(String(value))) }

    mutating func encodeNil() throws { put(.null) }
    mutating func encode(_ value: Bool) throws { put(.bool(value)) }
    mutating func encode(_ value: String) throws { put(.string(value)) }
    mutating func encode(_ value: Double) throws { put(try floatNode(value)) }
    mutating func encode(_ value: Float) throws { put(try floatNode(Double(value))) }
    mutating func encode(_ value: Int) throws { number(value) }
    mutating func encode(_ value: Int8) throws { number(value) }
    mutating func encode(_ value: Int16) throws { number(value) }
    mutating func encode(_ value: Int32) throws { number(value) }
    mutating func encode(_ value: Int64) throws { number(value) }
    mutating func encode(_ value: UInt) throws { number(value) }
    mutating func encode(_ value: UInt8) throws { number(value) }
    mutating func encode(_ value: UInt16) throws { number(value) }
    mutating func encode(_ value: UInt32) throws { number(value) }
    mutating func encode(_ value: UInt64) throws { number(value) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        put(try NodeEncoder.node(for: value, keys: keys))
    }
}

private struct NodeUnkeyedContainer: UnkeyedEncodingContainer, NodeSink {
    let array: ArrayNode
    let keys: WireEncoder.KeyStyle
    var codingPath: [any CodingKey] { [] }
    var count: Int { array.elements.count }

    func put(_ node: EncodedNode) { array.append(node) }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = ObjectNode()
        array.append(.object(nested))
        return KeyedEncodingContainer(NodeKeyedContainer<NestedKey>(object: nested, keys: keys))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayNode()
        array.append(.array(nested))
        return NodeUnkeyedContainer(array: nested, keys: keys)
    }

    mutating func superEncoder() -> any Encoder {
        let array = array
        let index = count
        array.append(.null)
        return NodeEncoder(keys: keys) { array.replace(at: index, with: $0) }
    }
}

/// Writes one scalar or nested value as the encoder's whole value.
private struct NodeSingleValueContainer: SingleValueEncodingContainer, NodeSink {
    let encoder: NodeEncoder
    var codingPath: [any CodingKey] { [] }
    var keys: WireEncoder.KeyStyle { encoder.keys }

    func put(_ node: EncodedNode) { encoder.put(node) }
}
