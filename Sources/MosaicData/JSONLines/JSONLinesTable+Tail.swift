extension JSONLinesTable {
  /// The last lines, or the array's last elements, found by scanning back from the end of the
  /// file (see `RecordSource`): a JSON value holds no raw line break, so every line start is a
  /// record start; an array's elements are found from its closing `]` by matching braces
  /// backwards, strings skipped. The fields named are those indexing has seen.
  public func estimatedEnd(atLeast count: Int) -> EstimatedEnd? {
    guard !indexer.isComplete, !file.isGrowing else { return nil }
    let end = file.count
    if isArray {
      let reached = offsets[offsets.count - 1]
      guard reached < end else { return nil }
      if tail.ids.count < count {
        guard let bounds = arrayTailBounds(atLeast: count, floor: reached) else { return nil }
        return tail.adopt(bounds, offsets: offsets, start: offsets[0])
      }
      return tail.estimate(offsets: offsets, start: offsets[0])
    }
    return tail.locate(
      atLeast: count, offsets: offsets, end: end, start: offsets[0],
      recordStart: { from in
        let start = file.lineStart(atOrAfter: from)
        return start < end ? start : nil
      },
      parse: { from in
        var ends: [Int] = []
        var i = from
        while i < end {
          let nl = file.firstIndex(of: DelimitedTable.newline, in: i..<end)
          let line = DelimitedTable.trimmed(file, i..<nl)
          i = min(nl + 1, end)
          if !line.allSatisfy({ file[$0] == 0x20 || file[$0] == 0x09 }) { ends.append(i) }
        }
        return ends.isEmpty ? nil : ends
      })
  }

  /// The index of a record of `estimatedEnd` once indexing has passed it.
  public func indexedRecord(ofEstimated id: Int) -> Int? {
    tail.indexedRecord(ofEstimated: id, offsets: offsets)
  }

  /// Whether `record` can be read: indexed, or one of the estimated end's.
  func hasRecord(_ record: Int) -> Bool {
    record >= 0 && (record < recordCount || tail.span(of: record) != nil)
  }

  /// The bounds of the array's last `count` elements (fewer when the array has fewer after
  /// `floor`), as the index's offsets are: each element from after the `,` (or `[`) before it to
  /// after its own `,` or `]`. Found backwards from the closing `]`, each object's braces
  /// matched with strings skipped (a `"` is escaped when an odd number of `\` precede it); nil
  /// when the bytes there are not the end of an array of objects.
  func arrayTailBounds(atLeast count: Int, floor: Int) -> [Int]? {
    let quote = UInt8(ascii: "\"")
    var j = file.count
    while j > floor, Self.isSpace(file[j - 1]) { j -= 1 }
    guard j > floor, file[j - 1] == UInt8(ascii: "]") else { return nil }
    var starts: [Int] = []
    // The separator after the element looked for: its `,`, or the array's `]`.
    var separator = j - 1
    while starts.count < count {
      var k = separator
      while k > floor, Self.isSpace(file[k - 1]) { k -= 1 }
      guard k > floor, file[k - 1] == UInt8(ascii: "}") else { return nil }
      var depth = 0
      var p = k - 1
      while true {
        guard p >= floor else { return nil }
        let byte = file[p]
        if byte == quote {
          // Back to the string's opening quote.
          var q = p - 1
          while true {
            guard q >= floor else { return nil }
            if file[q] == quote {
              var backslashes = 0
              while q - backslashes - 1 >= floor, file[q - backslashes - 1] == UInt8(ascii: "\\") {
                backslashes += 1
              }
              if backslashes % 2 == 0 { break }
            }
            q -= 1
          }
          p = q - 1
          continue
        }
        if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
          depth += 1
        } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
          depth -= 1
          if depth == 0 { break }
        }
        p -= 1
      }
      var s = p
      while s > floor, Self.isSpace(file[s - 1]) { s -= 1 }
      starts.append(s)
      // The index's own position is an element's start for sure: nothing before it is needed.
      if s == floor { break }
      let before = file[s - 1]
      if before == UInt8(ascii: "[") { break }
      guard before == UInt8(ascii: ",") else { return nil }
      separator = s - 1
    }
    return starts.reversed() + [j]
  }
}
