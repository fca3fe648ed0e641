import MosaicCollection
import MosaicData

/// A record's values wrapped to a width, as an index of where each line starts, built a bounded
/// number of bytes at a time: the detail view shows the first lines of a 50 MB value at once and
/// learns the rest while the user reads.
///
/// Values are read in pieces (`FieldText`) of `pieceBytes`; a line starts at a UTF-8 offset in
/// a piece, so the index costs 12 bytes a line and nothing is held of the text but the few
/// pieces on screen. Lines break at line breaks, then at the last space that fits, else mid-word;
/// a wide glyph is never split, and an empty value is one empty line. No UIKit counterpart: the
/// text storage behind a `UITextView`'s layout manager, laid out non-contiguously.
@MainActor
final class DetailLines {
  /// Where a line starts: a piece of its field's text and a UTF-8 offset in that piece.
  struct Position: Equatable {
    var piece: Int32
    var offset: Int32
  }

  /// One wrapped line: its field and where it starts.
  struct Line {
    var field: Int32
    var start: Position
  }

  /// The bytes of text read at a time.
  static let pieceBytes = 65_536
  /// The most bytes of one line the view reads (a line of zero-width marks is cut there).
  static let maximumLineBytes = 65_536

  /// The columns a line may take.
  let width: Int
  private let texts: [FieldText?]
  /// The lines found so far, in order.
  private(set) var lines: [Line] = []
  /// Each piece's field and its position in the field's text.
  private var pieces: [(field: Int32, position: Int)] = []
  /// The last pieces read for drawing, by number.
  private var cache: [(piece: Int, bytes: [UInt8])] = []

  // Wrapping progress: the field being wrapped and the line being filled.
  private var field = 0
  private var nextRead: Int?
  private var lineStart = Position(piece: 0, offset: 0)
  /// The line starts at the next character read (after a break).
  private var startPending = true
  private var lineWidth = 0
  private var lineIsEmpty = true
  private var lastSpace: Position?
  private var afterSpace: Position?
  private var widthAfterSpace = 0

  /// Creates the index of `texts` (nil: a field the record lacks, shown empty) wrapped to
  /// `width` columns; nothing is read until `extend(budget:)`.
  init(texts: [FieldText?], width: Int) {
    self.texts = texts
    self.width = max(1, width)
  }

  /// Whether every field has been wrapped.
  var isComplete: Bool { field >= texts.count }

  /// The number of lines whose text is known.
  var count: Int {
    guard let last = lines.last else { return 0 }
    // The last line ends where the next begins, unknown until that next line's first character.
    return Int(last.field) == field && startPending ? lines.count - 1 : lines.count
  }

  /// Wraps about `budget` more bytes of text (each field costs 64 more), or to the end, or until
  /// `seconds` have passed; at least one piece in any case.
  ///
  /// - Complexity: O(`budget`).
  func extend(budget: Int, seconds: Double = .infinity) {
    var spent = 0
    let clock = ContinuousClock()
    let deadline = seconds.isFinite ? clock.now.advanced(by: .seconds(seconds)) : nil
    while spent < budget, field < texts.count {
      if spent > 0, let deadline, clock.now >= deadline { break }
      let text = texts[field] ?? FieldText("")
      let position = nextRead ?? text.startPosition
      if nextRead == nil { beginField() }
      let piece = text.read(from: position, maxBytes: Self.pieceBytes)
      let number = Int32(pieces.count)
      pieces.append((Int32(field), position))
      let bytes = Array(piece.text.utf8)
      wrap(bytes, piece: number)
      spent += bytes.count + 64
      // A reader that returns nothing before its end is taken at its word: the text ends.
      if text.isAtEnd(piece.next) || piece.next == position {
        if startPending { lineStart = Position(piece: number, offset: Int32(bytes.count)) }
        commitLine()
        field += 1
        nextRead = nil
      } else {
        nextRead = piece.next
      }
    }
  }

  /// Wraps everything left.
  func extendToEnd() { extend(budget: .max) }

  /// The field of line `index`, which must be below `count`.
  func field(ofLine index: Int) -> Int { Int(lines[index].field) }

  /// Whether line `index` is its field's first.
  func isFirstLine(_ index: Int) -> Bool {
    index == 0 || lines[index - 1].field != lines[index].field
  }

  /// The first line of `field`, if the index has reached it.
  func firstLine(ofField field: Int) -> Int? {
    var low = 0
    var high = lines.count
    while low < high {
      let mid = (low + high) / 2
      if Int(lines[mid].field) < field { low = mid + 1 } else { high = mid }
    }
    return low < lines.count && Int(lines[low].field) == field ? low : nil
  }

  /// The text of line `index` (below `count`), without the space or line break it ended at.
  ///
  /// - Complexity: O(the line's bytes), a piece read from the file when not cached.
  func text(ofLine index: Int) -> String {
    let line = lines[index]
    var end: Position?
    if index + 1 < lines.count, lines[index + 1].field == line.field {
      end = lines[index + 1].start
    } else if Int(line.field) == field, !startPending {
      end = lineStart
    }
    var out: [UInt8] = []
    var piece = Int(line.start.piece)
    var offset = Int(line.start.offset)
    while piece < pieces.count, pieces[piece].field == line.field,
      out.count < Self.maximumLineBytes
    {
      let bytes = self.bytes(ofPiece: piece)
      let stop = end.map { Int($0.piece) == piece ? Int($0.offset) : bytes.count } ?? bytes.count
      if offset < stop { out.append(contentsOf: bytes[offset..<min(stop, bytes.count)]) }
      if let end, Int(end.piece) <= piece { break }
      piece += 1
      offset = 0
    }
    while let last = out.last, last == 0x20 || (0x09...0x0D).contains(last) { out.removeLast() }
    for i in out.indices where out[i] == 0x09 { out[i] = 0x20 }
    return String(decoding: out, as: UTF8.self)
  }

  // MARK: Wrapping

  private func beginField() {
    startPending = true
    lineWidth = 0
    lineIsEmpty = true
    lastSpace = nil
    afterSpace = nil
  }

  private func commitLine() {
    lines.append(Line(field: Int32(field), start: lineStart))
  }

  /// Feeds one piece's characters to the line breaker.
  private func wrap(_ bytes: [UInt8], piece: Int32) {
    if !bytes.contains(where: { $0 >= 0x80 }) {
      // ASCII: a character is a byte (CR LF aside), one column wide unless a control.
      var i = 0
      while i < bytes.count {
        let b = bytes[i]
        let length = b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A ? 2 : 1
        let isNewline = (0x0A...0x0D).contains(b)
        let w = b >= 0x20 && b != 0x7F || b == 0x09 ? 1 : 0
        feed(
          at: Position(piece: piece, offset: Int32(i)), length: length, width: w,
          isNewline: isNewline, isSpace: b == 0x20 || b == 0x09)
        i += length
      }
      return
    }
    let text = String(decoding: bytes, as: UTF8.self)
    var offset = 0
    for character in text {
      let length = character.utf8.count
      let isSpace = character == " " || character == "\t"
      feed(
        at: Position(piece: piece, offset: Int32(offset)), length: length,
        width: isSpace ? 1 : CharacterWidth.of(character), isNewline: character.isNewline,
        isSpace: isSpace)
      offset += length
    }
  }

  /// One character at `position` of `length` bytes.
  private func feed(
    at position: Position, length: Int, width w: Int, isNewline: Bool, isSpace: Bool
  ) {
    if startPending {
      lineStart = position
      startPending = false
    }
    let after = Position(piece: position.piece, offset: position.offset + Int32(length))
    if isNewline {
      commitLine()
      lineStart = after
      startPending = true
      lineWidth = 0
      lineIsEmpty = true
      lastSpace = nil
      afterSpace = nil
      return
    }
    if lineWidth + w > width, !lineIsEmpty {
      if isSpace {
        // The space that overflows is the break itself.
        commitLine()
        startPending = true
        lineWidth = 0
        lineIsEmpty = true
        lastSpace = nil
        afterSpace = nil
        return
      }
      commitLine()
      if let space = lastSpace, space != lineStart {
        // The rest after the last space moves down.
        if let afterSpace {
          lineStart = afterSpace
        } else {
          lineStart = position
        }
        lineWidth = widthAfterSpace
        lineIsEmpty = afterSpace == nil
      } else {
        lineStart = position
        lineWidth = 0
        lineIsEmpty = true
      }
      lastSpace = nil
      afterSpace = nil
    }
    if isSpace {
      lastSpace = position
      afterSpace = nil
      widthAfterSpace = 0
    } else if lastSpace != nil {
      if afterSpace == nil { afterSpace = position }
      widthAfterSpace += w
    }
    lineWidth += w
    lineIsEmpty = false
  }

  /// The bytes of piece `number`, read again from the file when not among the last few read.
  private func bytes(ofPiece number: Int) -> [UInt8] {
    if let hit = cache.first(where: { $0.piece == number }) { return hit.bytes }
    let entry = pieces[number]
    let text = texts[Int(entry.field)] ?? FieldText("")
    let bytes = Array(text.read(from: entry.position, maxBytes: Self.pieceBytes).text.utf8)
    cache.append((number, bytes))
    if cache.count > 4 { cache.removeFirst() }
    return bytes
  }
}
