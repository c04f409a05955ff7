/// Encodes `Encodable` values as compact JSON with sorted snake_case keys: byte for byte what
/// `WireCodec.makeEncoder()` (Foundation's encoder) writes, without its cost.
///
/// Values are gathered into a small tree (objects need every key before they can be sorted)
/// and then written into one byte buffer. Special Foundation types (`Date`, `Data`, `URL`)
/// get no special treatment; the wire messages use none.
public struct WireEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The value as JSON bytes.
    public func encode(_ value: some Encodable) throws -> [UInt8] {
        var output = JSONOutput()
        try encode(value, into: &output)
        return output.bytes
    }

    /// Appends the value's JSON to `output`.
    func encode(_ value: some Encodable, into output: inout JSONOutput) throws {
        let root = NodeEncoder(codingPath: [])
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
        case .number(let text): output.appendRaw(text)
        case .object(let object): object.write(to: &output)
        case .array(let array): array.write(to: &output)
        }
    }
}

/// An object being encoded; several containers may add to it.
final class ObjectNode {
    private var members: [(key: String, node: EncodedNode)] = []

    /// Sets a member; a key set twice keeps its last value, as Foundation does.
    func set(_ key: String, _ node: EncodedNode) {
        if let index = members.firstIndex(where: { $0.key == key }) {
            members[index].node = node
        } else {
            members.append((key, node))
        }
    }

    func write(to output: inout JSONOutput) {
        output.append(UInt8(ascii: "{"))
        var first = true
        for member in members.sorted(by: { $0.key < $1.key }) {
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
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    /// What has been encoded so far (`null` until something is).
    private(set) var node: EncodedNode = .null
    private let attach: ((EncodedNode) -> Void)?

    init(codingPath: [any CodingKey], attach: ((EncodedNode) -> Void)? = nil) {
        self.codingPath = codingPath
        self.attach = attach
    }

    /// The node for a nested value: encodes it with a fresh encoder unless it is a scalar.
    static func node(for value: some Encodable, at path: [any CodingKey]) throws -> EncodedNode {
        switch value {
        case let text as String: return .string(text)
        case let number as Int: return .number(String(number))
        case let flag as Bool: return .bool(flag)
        default:
            let encoder = NodeEncoder(codingPath: path)
            try value.encode(to: encoder)
            return encoder.node
        }
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
        return KeyedEncodingContainer(NodeKeyedContainer<Key>(object: object, codingPath: codingPath))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        let array: ArrayNode
        if case .array(let existing) = node {
            array = existing
        } else {
            array = ArrayNode()
            put(.array(array))
        }
        return NodeUnkeyedContainer(array: array, codingPath: codingPath)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        NodeSingleValueContainer(encoder: self)
    }
}

/// Formats a floating-point value as Foundation does; non-finite values cannot be encoded.
private func floatNode(_ value: Double, path: [any CodingKey]) throws -> EncodedNode {
    guard value.isFinite else {
        throw EncodingError.invalidValue(
            value, .init(codingPath: path, debugDescription: "\(value) is not valid JSON"))
    }
    var output = JSONOutput(capacity: 24)
    output.appendDouble(value)
    return .number(String(decoding: output.bytes, as: UTF8.self))
}

private struct NodeKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let object: ObjectNode
    let codingPath: [any CodingKey]

    private func set(_ node: EncodedNode, _ key: Key) {
        object.set(WireKey.snakeCase(key.stringValue), node)
    }

    private func number(_ value: some BinaryInteger, _ key: Key) {
        set(.number(String(value)), key)
    }

    mutating func encodeNil(forKey key: Key) throws { set(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { set(.bool(value), key) }
    mutating func encode(_ value: String, forKey key: Key) throws { set(.string(value), key) }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        set(try floatNode(value, path: codingPath + [key]), key)
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        set(try floatNode(Double(value), path: codingPath + [key]), key)
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
        set(try NodeEncoder.node(for: value, at: codingPath + [key]), key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = ObjectNode()
        set(.object(nested), key)
        return KeyedEncodingContainer(
            NodeKeyedContainer<NestedKey>(object: nested, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = ArrayNode()
        set(.array(nested), key)
        return NodeUnkeyedContainer(array: nested, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> any Encoder {
        let object = object
        return NodeEncoder(codingPath: codingPath) { object.set("super", $0) }
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let object = object
        let name = WireKey.snakeCase(key.stringValue)
        return NodeEncoder(codingPath: codingPath + [key]) { object.set(name, $0) }
    }
}

private struct NodeUnkeyedContainer: UnkeyedEncodingContainer {
    let array: ArrayNode
    let codingPath: [any CodingKey]
    var count: Int { array.elements.count }

    private var nextPath: [any CodingKey] { codingPath + [ElementKey(count)] }

    private func number(_ value: some BinaryInteger) { array.append(.number(String(value))) }

    mutating func encodeNil() throws { array.append(.null) }
    mutating func encode(_ value: Bool) throws { array.append(.bool(value)) }
    mutating func encode(_ value: String) throws { array.append(.string(value)) }
    mutating func encode(_ value: Double) throws {
        array.append(try floatNode(value, path: nextPath))
    }
    mutating func encode(_ value: Float) throws {
        array.append(try floatNode(Double(value), path: nextPath))
    }
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
        array.append(try NodeEncoder.node(for: value, at: nextPath))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        let nested = ObjectNode()
        let path = nextPath
        array.append(.object(nested))
        return KeyedEncodingContainer(
            NodeKeyedContainer<NestedKey>(object: nested, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = ArrayNode()
        let path = nextPath
        array.append(.array(nested))
        return NodeUnkeyedContainer(array: nested, codingPath: path)
    }

    mutating func superEncoder() -> any Encoder {
        let array = array
        let index = count
        let path = nextPath
        array.append(.null)
        return NodeEncoder(codingPath: path) { array.replace(at: index, with: $0) }
    }
}

private struct ElementKey: CodingKey {
    let intValue: Int?
    var stringValue: String { "Index \(intValue ?? 0)" }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

/// Writes one scalar or nested value as the encoder's whole value.
private struct NodeSingleValueContainer: SingleValueEncodingContainer {
    let encoder: NodeEncoder
    var codingPath: [any CodingKey] { encoder.codingPath }

    private func number(_ value: some BinaryInteger) { encoder.put(.number(String(value))) }

    mutating func encodeNil() throws { encoder.put(.null) }
    mutating func encode(_ value: Bool) throws { encoder.put(.bool(value)) }
    mutating func encode(_ value: String) throws { encoder.put(.string(value)) }
    mutating func encode(_ value: Double) throws {
        encoder.put(try floatNode(value, path: codingPath))
    }
    mutating func encode(_ value: Float) throws {
        encoder.put(try floatNode(Double(value), path: codingPath))
    }
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
        encoder.put(try NodeEncoder.node(for: value, at: codingPath))
    }
}
