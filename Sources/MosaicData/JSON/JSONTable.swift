import Foundation
import MosaicJSON

// @unchecked: every stored property is a `let` set in init (rows and names never change).
/// A JSON file loaded whole: an array of objects, or `{"sections": [{"title": ..., "items":
/// [...]}]}` whose sections become the table's defined groups, in file order.
///
/// Fields are ordered by first appearance across records. No UIKit counterpart.
public final class JSONTable: RecordSource, @unchecked Sendable {
  /// The file name as the user gave it.
  public let name: String
  /// Every key used by any record, in order of first appearance.
  public let fieldNames: [String]
  /// The file's sections, when it has the `sections` shape.
  public let definedSections: [DefinedSection]?
  private let rows: [[DataValue?]]

  /// Loads and parses the JSON file at `path`.
  ///
  /// - Throws: `DataError` with the line and column of a syntax error or of a value of the wrong
  ///   shape.
  public convenience init(path: String, name: String? = nil) throws {
    let displayName = name ?? path
    try self.init(file: MappedFile(path: path, name: displayName), name: displayName)
  }

  /// Parses JSON text already in memory (tests, bundled data).
  public convenience init(text: String, name: String) throws {
    try self.init(file: MappedFile(bytes: Array(text.utf8)), name: name)
  }

  init(file: MappedFile, name: String) throws {
    self.name = name
    var builder = Builder()
    var sections: [DefinedSection]?
    func fail(_ offset: Int, _ reason: String) -> DataError {
      let (line, column) = file.position(of: offset)
      return DataError.malformed(file: name, line: line, column: column, reason: reason)
    }
    do {
      var parser = JSONParser(bytes: file.bytes, range: Self.afterBOM(file))
      switch parser.peek() {
      case UInt8(ascii: "["):
        var index = 0
        try parser.parseArrayElements { offset, value in
          try builder.add(value, offset: offset, what: "item \(index)")
          index += 1
        }
      case UInt8(ascii: "{"):
        sections = try Self.readSections(&parser, into: &builder)
      case nil:
        throw JSONFailure(offset: parser.position, reason: "empty file, expected JSON")
      default:
        throw JSONFailure(
          offset: parser.position,
          reason: "expected an array of objects or {\"sections\": [...]}")
      }
      parser.skipWhitespace()
      if parser.position < file.count {
        throw JSONFailure(
          offset: parser.position, reason: "unexpected text after the JSON value")
      }
    } catch let failure as JSONFailure {
      throw fail(failure.offset, failure.reason)
    } catch let error as JSONSyntaxError {
      let failure = JSONFailure(error, end: file.count)
      throw fail(failure.offset, failure.reason)
    }
    fieldNames = builder.names
    rows = builder.rows
    definedSections = sections
  }

  private static func afterBOM(_ file: MappedFile) -> Range<Int> {
    if file.count >= 3, file[0] == 0xEF, file[1] == 0xBB, file[2] == 0xBF { return 3..<file.count }
    return 0..<file.count
  }

  /// Reads `{"sections": [{"title": ..., "items": [...]}, ...]}`, reporting the offset of any
  /// value of the wrong kind.
  private static func readSections(_ parser: inout JSONParser, into builder: inout Builder) throws
    -> [DefinedSection]
  {
    typealias Failure = JSONFailure
    let documentStart = parser.position
    var sections: [DefinedSection]?
    try parser.forEachMember { parser, key, offset in
      guard key == "sections" else {
        _ = try parser.parseValue()
        return
      }
      guard parser.peek() == UInt8(ascii: "[") else {
        let value = try parser.parseValue()
        throw Failure(
          offset: offset, reason: "\"sections\" is \(value.typeDescription), expected an array")
      }
      var list: [DefinedSection] = []
      try parser.forEachElement { parser, offset in
        let s = list.count
        guard parser.peek() == UInt8(ascii: "{") else {
          let value = try parser.parseValue()
          throw Failure(
            offset: offset, reason: "sections[\(s)] is \(value.typeDescription), expected an object"
          )
        }
        var title: String?
        let first = builder.rows.count
        var sawItems = false
        try parser.forEachMember { parser, key, offset in
          switch key {
          case "title":
            title = try parser.parseValue().dataValue.text
          case "items":
            sawItems = true
            guard parser.peek() == UInt8(ascii: "[") else {
              let value = try parser.parseValue()
              throw Failure(
                offset: offset,
                reason: "sections[\(s)].items is \(value.typeDescription), expected an array")
            }
            var i = 0
            try parser.forEachElement { parser, offset in
              let item = try parser.parseValue()
              try builder.add(item, offset: offset, what: "sections[\(s)].items[\(i)]")
              i += 1
            }
          default:
            _ = try parser.parseValue()
          }
        }
        if !sawItems { throw Failure(offset: offset, reason: "sections[\(s)] has no \"items\"") }
        list.append(
          DefinedSection(title: title ?? "Section \(s + 1)", records: first..<builder.rows.count))
      }
      sections = list
    }
    guard let sections else {
      throw Failure(
        offset: documentStart, reason: "expected an array of objects or {\"sections\": [...]}")
    }
    return sections
  }

  /// Collects records, numbering fields by first appearance.
  private struct Builder {
    var names: [String] = []
    var index: [String: Int] = [:]
    var rows: [[DataValue?]] = []

    mutating func add(_ value: JSONValue, offset: Int, what: String) throws {
      guard case .object(let members) = value else {
        throw JSONFailure(
          offset: offset, reason: "\(what) is \(value.typeDescription), expected an object")
      }
      var row = [DataValue?](repeating: nil, count: names.count)
      for member in members {
        let field: Int
        if let known = index[member.key] {
          field = known
        } else {
          field = names.count
          names.append(member.key)
          index[member.key] = field
        }
        if field >= row.count {
          row.append(contentsOf: repeatElement(nil, count: field - row.count + 1))
        }
        row[field] = member.value.dataValue
      }
      rows.append(row)
    }
  }

  // MARK: RecordSource

  /// The number of records (fixed: JSON is loaded whole).
  public var recordCount: Int { rows.count }
  /// Always true: JSON is loaded whole.
  public var isComplete: Bool { true }
  /// Always 1.
  public var progress: Double { 1 }
  /// Always nil: errors are thrown while loading.
  public var indexingError: DataError? { nil }
  /// Returns at once: JSON is loaded whole.
  public func waitUntilComplete() throws {}

  /// The field as display text: numbers as written, null as empty, nested values as compact JSON.
  ///
  /// - Complexity: O(1).
  public func value(_ record: Int, _ field: Int) -> String {
    typedValue(record, field)?.text ?? ""
  }

  /// The field's value with its JSON type, or nil when the record lacks the field.
  public func typedValue(_ record: Int, _ field: Int) -> DataValue? {
    guard record >= 0, record < rows.count, field >= 0, field < rows[record].count else {
      return nil
    }
    return rows[record][field]
  }
}
