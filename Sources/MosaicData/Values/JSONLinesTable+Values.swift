import MosaicJSON

extension JSONLinesTable {
  /// Every field of `record` as readable text, the line parsed once; a string value is read
  /// from the file in pieces, never built whole.
  ///
  /// - Complexity: O(length of the line).
  public func fieldTexts(_ record: Int) -> [FieldText?] {
    let names = fieldNames
    var texts = [FieldText?](repeating: nil, count: names.count)
    let index = Self.positions(of: names)
    for member in memberRanges(record) {
      guard let field = index[member.key], texts[field] == nil else { continue }
      texts[field] = text(of: member.value)
    }
    return texts
  }

  /// The text of one field; the members before it are skipped over, not built.
  ///
  /// - Complexity: O(bytes of the line before the field).
  public func fieldText(_ record: Int, _ field: Int) -> FieldText? {
    let names = fieldNames
    guard field >= 0, field < names.count else { return nil }
    return memberRanges(record, stoppingAt: names[field]).first.map { text(of: $0.value) }
  }

  /// Every field of `record` with its JSON type, the line parsed once.
  ///
  /// - Complexity: O(length of the line).
  public func typedValues(_ record: Int) -> [DataValue?] {
    let names = fieldNames
    var values = [DataValue?](repeating: nil, count: names.count)
    let index = Self.positions(of: names)
    for member in members(record) ?? [] {
      // The first of duplicate keys wins, as `typedValue` finds it.
      guard let field = index[member.key], values[field] == nil else { continue }
      values[field] = member.value.dataValue
    }
    return values
  }

  /// Each name's first position.
  private static func positions(of names: [String]) -> [String: Int] {
    var index: [String: Int] = [:]
    index.reserveCapacity(names.count)
    for (i, name) in names.enumerated() where index[name] == nil { index[name] = i }
    return index
  }

  /// The text of the value whose bytes are `range`: strings read lazily, anything else (short:
  /// numbers, literals, nested values) built now.
  private func text(of range: Range<Int>) -> FieldText {
    if !range.isEmpty, file[range.lowerBound] == UInt8(ascii: "\"") {
      return FieldText(jsonString: file, range)
    }
    var parser = JSONParser(bytes: file.bytes, range: range)
    return FieldText((try? parser.parseValue())?.dataValue.text ?? "")
  }

  /// The members of `record`'s object with the byte range of each value, without building any;
  /// with `key`, only the first member of that name.
  func memberRanges(_ record: Int, stoppingAt key: String? = nil) -> [(
    key: String, value: Range<Int>
  )] {
    guard hasRecord(record) else { return [] }
    var parser = JSONParser(bytes: file.bytes, range: recordRange(record))
    parser.skipWhitespace()
    guard parser.peek() == UInt8(ascii: "{") else { return [] }
    var members: [(key: String, value: Range<Int>)] = []
    struct Found: Error {}
    do {
      try parser.forEachMember { parser, name, offset in
        try parser.skipValue()
        guard key == nil || name == key else { return }
        members.append((name, offset..<parser.position))
        if key != nil { throw Found() }
      }
    } catch {
      // Found, or a line indexing validated that changed since: what was read stays.
    }
    return members
  }
}
