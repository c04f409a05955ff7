/// Decodes `Decodable` values from a `JSONValue`, reading the snake_case form of each key.
///
/// Integers must be whole numbers in range (`0.5` where an `Int` is wanted is a
/// `DecodingError.dataCorrupted` naming the field); `null` counts as absent for optionals.
///
/// Each decoder converts a property name to its snake_case form once and remembers it, so
/// keep one decoder per thread for many values (it is not for sharing between threads).
public struct JSONValueDecoder {
    private let names = WireKeyNames()

    /// Creates a decoder.
    public init() {}

    /// Decodes a value of the given type from the JSON value.
    public func decode<T: Decodable>(_ type: T.Type, from value: JSONValue) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: [], names: names))
    }
}

/// The snake_case names of property names, converted once each.
private final class WireKeyNames {
    private var converted: [String: String] = [:]

    func wireName(_ key: String) -> String {
        if !key.utf8.contains(where: { ($0 >= 0x41 && $0 <= 0x5A) || $0 >= 0x80 }) { return key }
        if let known = converted[key] { return known }
        let name = WireKey.snakeCase(key)
        converted[key] = name
        return name
    }
}

/// A decoder positioned at one value.
private struct ValueDecoder: Decoder {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let names: WireKeyNames
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key>
    {
        guard case .object(let members) = value else {
            throw mismatch([String: JSONValue].self, value, codingPath)
        }
        return KeyedDecodingContainer(
            KeyedValueContainer<Key>(members: members, codingPath: codingPath, names: names))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw mismatch([JSONValue].self, value, codingPath)
        }
        return UnkeyedValueContainer(elements: elements, codingPath: codingPath, names: names)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValueContainer(value: value, codingPath: codingPath, names: names)
    }
}

private func mismatch(_ type: Any.Type, _ value: JSONValue, _ path: [any CodingKey])
    -> DecodingError
{
    if value == .null {
        return .valueNotFound(type, .init(codingPath: path, debugDescription: "found null"))
    }
    return .typeMismatch(
        type, .init(codingPath: path, debugDescription: "found \(value.kindName)"))
}

/// Reads a scalar of one of the types every container can decode.
private func scalar<T>(_ type: T.Type, from value: JSONValue, path: [any CodingKey]) throws -> T
{
    switch value {
    case .bool(let flag) where type == Bool.self:
        return flag as! T
    case .string(let text) where type == String.self:
        return text as! T
    case .number(let number):
        if type == Double.self { return number.value as! T }
        if type == Float.self { return Float(number.value) as! T }
        if let integer = try integerValue(type, number, path: path) { return integer }
    default:
        break
    }
    throw mismatch(type, value, path)
}

private func integerValue<T>(_ type: T.Type, _ number: JSONNumber, path: [any CodingKey]) throws
    -> T?
{
    func exact<I: FixedWidthInteger>(_: I.Type) throws -> I {
        guard let whole = number.intValue, let fitted = I(exactly: whole) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: path, debugDescription: "\(number) is not a whole number in range"))
        }
        return fitted
    }
    switch type {
    case is Int.Type: return try exact(Int.self) as? T
    case is Int64.Type: return try exact(Int64.self) as? T
    case is Int32.Type: return try exact(Int32.self) as? T
    case is Int16.Type: return try exact(Int16.self) as? T
    case is Int8.Type: return try exact(Int8.self) as? T
    case is UInt.Type: return try exact(UInt.self) as? T
    case is UInt64.Type: return try exact(UInt64.self) as? T
    case is UInt32.Type: return try exact(UInt32.self) as? T
    case is UInt16.Type: return try exact(UInt16.self) as? T
    case is UInt8.Type: return try exact(UInt8.self) as? T
    default: return nil
    }
}

/// The key used on the wire for a coding key.
private struct IndexKey: CodingKey {
    let intValue: Int?
    var stringValue: String { String(intValue ?? 0) }
    init(_ index: Int) { intValue = index }
    init?(stringValue: String) { nil }
    init?(intValue: Int) { self.intValue = intValue }
}

private struct KeyedValueContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let members: [String: JSONValue]
    let codingPath: [any CodingKey]
    let names: WireKeyNames

    var allKeys: [Key] {
        members.keys.compactMap { name in
            Key(stringValue: name) ?? Key(stringValue: Self.camelCase(name))
        }
    }

    private static func camelCase(_ name: String) -> String {
        let words = name.split(separator: "_")
        guard let first = words.first else { return name }
        return String(first) + words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }
            .joined()
    }

    private func lookup(_ key: Key) -> JSONValue? {
        members[names.wireName(key.stringValue)]
    }

    private func require(_ key: Key) throws -> JSONValue {
        guard let value = lookup(key) else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "no such key"))
        }
        return value
    }

    func contains(_ key: Key) -> Bool { lookup(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try require(key) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let value = try require(key)
        let path = codingPath + [key]
        switch type {
        case is Bool.Type, is String.Type, is Double.Type, is Float.Type, is Int.Type,
            is Int64.Type, is Int32.Type, is Int16.Type, is Int8.Type, is UInt.Type,
            is UInt64.Type, is UInt32.Type, is UInt16.Type, is UInt8.Type:
            return try scalar(type, from: value, path: path)
        default:
            return try T(from: ValueDecoder(value: value, codingPath: path, names: names))
        }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        try ValueDecoder(value: try require(key), codingPath: codingPath + [key], names: names)
            .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try require(key), codingPath: codingPath + [key], names: names)
            .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        ValueDecoder(value: .object(members), codingPath: codingPath, names: names)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: lookup(key) ?? .null, codingPath: codingPath + [key], names: names)
    }
}

private struct UnkeyedValueContainer: UnkeyedDecodingContainer {
    let elements: [JSONValue]
    let codingPath: [any CodingKey]
    let names: WireKeyNames
    private(set) var currentIndex = 0

    init(elements: [JSONValue], codingPath: [any CodingKey], names: WireKeyNames) {
        self.elements = elements
        self.codingPath = codingPath
        self.names = names
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next(_ type: Any.Type) throws -> (JSONValue, [any CodingKey]) {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "the list has ended"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], codingPath + [IndexKey(currentIndex)])
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next(type)
        return try T(from: ValueDecoder(value: value, codingPath: path, names: names))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        let (value, path) = try next([String: JSONValue].self)
        return try ValueDecoder(value: value, codingPath: path, names: names)
            .container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next([JSONValue].self)
        return try ValueDecoder(value: value, codingPath: path, names: names).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next(JSONValue.self)
        return ValueDecoder(value: value, codingPath: path, names: names)
    }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
    let value: JSONValue
    let codingPath: [any CodingKey]
    let names: WireKeyNames

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
    func decode(_ type: String.Type) throws -> String { try read(type) }
    func decode(_ type: Double.Type) throws -> Double { try read(type) }
    func decode(_ type: Float.Type) throws -> Float { try read(type) }
    func decode(_ type: Int.Type) throws -> Int { try read(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }

    private func read<T>(_ type: T.Type) throws -> T {
        try scalar(type, from: value, path: codingPath)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try T(from: ValueDecoder(value: value, codingPath: codingPath, names: names))
    }
}
