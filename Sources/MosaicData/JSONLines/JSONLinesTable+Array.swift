import MosaicJSON

extension JSONLinesTable {
  /// Opens a JSON file that is one array of objects, indexing its first `synchronousRecords`
  /// elements before returning and the rest in the background.
  ///
  /// - Throws: `DataError` with the line and column of a syntax error, or of an element that is
  ///   not an object, among those first elements.
  public convenience init(arrayText text: String, name: String, synchronousRecords: Int = 1000)
    throws
  {
    try self.init(
      file: MappedFile(bytes: Array(text.utf8)), name: name, isArray: true,
      synchronousRecords: synchronousRecords)
  }

  /// Whether the JSON document in `bytes` (after a byte order mark and spaces) is an array: the
  /// shape indexed lazily, element by element.
  static func startsArray(_ bytes: UnsafeRawBufferPointer) -> Bool {
    var i = 0
    if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { i = 3 }
    while i < bytes.count, Self.isSpace(bytes[i]) { i += 1 }
    return i < bytes.count && bytes[i] == UInt8(ascii: "[")
  }

  @inline(__always) static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
  }

  /// The element's own bytes in `range`: without the spaces around it and the `,` or `]` after.
  func elementRange(_ range: Range<Int>) -> Range<Int> {
    var a = range.lowerBound
    var b = range.upperBound
    while a < b, Self.isSpace(file[a]) { a += 1 }
    while b > a, Self.isSpace(file[b - 1]) { b -= 1 }
    if b > a, file[b - 1] == UInt8(ascii: ",") || file[b - 1] == UInt8(ascii: "]") { b -= 1 }
    while b > a, Self.isSpace(file[b - 1]) { b -= 1 }
    return a..<b
  }

  /// Indexes up to `limit` elements of the top-level array from `position` (just after the `[`
  /// or an element's `,`), checking each is a well-formed object and collecting its keys; each
  /// record ends after its `,` or the closing `]`. A malformed element, a missing separator or
  /// text after the array stops indexing there, with the line and column.
  func scanElements(from position: Int, limit: Int) -> (position: Int, error: DataError?) {
    let end = file.count
    var i = position
    var added = 0
    var known: Set<String> = []
    var pending: [String] = []
    swap(&known, &knownNames)
    swap(&pending, &pendingNames)
    defer {
      swap(&known, &knownNames)
      swap(&pending, &pendingNames)
    }
    func failure(_ offset: Int, _ reason: String) -> (Int, DataError?) {
      let (line, column) = file.position(of: offset)
      return (end, DataError.malformed(file: name, line: line, column: column, reason: reason))
    }
    while added < limit, !arrayIsClosed {
      while i < end, Self.isSpace(file[i]) { i += 1 }
      if offsets.writtenCount == 1, i < end, file[i] == UInt8(ascii: "]") {
        // An empty array: no records.
        i += 1
        arrayIsClosed = true
        break
      }
      let element = offsets.writtenCount - 1
      var parser = JSONParser(bytes: file.bytes, range: i..<end)
      do throws(JSONSyntaxError) {
        let start = i
        let isObject = try parser.validateValue { key in
          if !known.contains(key) {
            known.insert(key)
            pending.append(key)
          }
        }
        guard isObject else {
          var value = JSONParser(bytes: file.bytes, range: start..<end)
          let kind = (try? value.parseValue())?.typeDescription ?? "not an object"
          return failure(start, "item \(element) is \(kind), expected an object")
        }
      } catch {
        let failed = JSONFailure(error, end: end)
        return failure(failed.offset, failed.reason)
      }
      i = parser.position
      while i < end, Self.isSpace(file[i]) { i += 1 }
      guard i < end else { return failure(end, "expected ',' or ']'") }
      switch file[i] {
      case UInt8(ascii: ","):
        i += 1
      case UInt8(ascii: "]"):
        i += 1
        arrayIsClosed = true
      default:
        return failure(i, "expected ',' or ']'")
      }
      offsets.append(i)
      added += 1
    }
    if arrayIsClosed {
      var j = i
      while j < end, Self.isSpace(file[j]) { j += 1 }
      if j < end { return failure(j, "unexpected text after the JSON value") }
      return (end, nil)
    }
    return (min(i, end), nil)
  }
}
