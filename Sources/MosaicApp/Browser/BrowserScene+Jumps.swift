import MosaicCollection
import MosaicData
import MosaicLayout

/// Jumps (`:N`, `g`/`G`, `{`/`}`, Ctrl-F/B/D/U), the next and previous record in the detail
/// view, copying (`c`, `C`), Esc backing out and the mouse click.
extension BrowserScene {
  // MARK: :N

  /// `:`: starts typing a record number to go to.
  func beginJump() {
    mode = .jumping("")
  }

  /// Keys while a record number is typed: characters edit it, Enter goes there, Esc (or
  /// Backspace on nothing) gives up.
  func handleJumping(_ event: InputEvent, typed: String) -> SceneResponse {
    var typed = typed
    if case .paste(let text) = event {
      typed += text.filter { !$0.isNewline && $0.asciiValue.map { $0 >= 0x20 } ?? true }
      mode = .jumping(typed)
      return .continue
    }
    guard case .key(let key) = event else { return .continue }
    switch key {
    case .character(let character):
      typed.append(character)
      mode = .jumping(typed)
    case .backspace:
      guard !typed.isEmpty else {
        mode = .browsing
        return .continue
      }
      typed.removeLast()
      mode = .jumping(typed)
    case .enter:
      mode = .browsing
      jump(to: typed)
    case .escape: mode = .browsing
    default: break
    }
    return .continue
  }

  /// Focuses the record numbered `typed` (1-based, in the order shown, as the status bar counts),
  /// or says on the status bar why it cannot.
  func jump(to typed: String) {
    let text = typed.trimmingCharacters(in: .whitespaces).filter { $0 != "," }
    guard !text.isEmpty else { return }
    let total = dataSource.index.totalCount
    guard let number = Int(text), text.allSatisfy(\.isASCII) else {
      status.notice = "not a record number: \(Self.quotedForNotice(typed))"
      return
    }
    if number > total, !source.isComplete, !pendingArrangement.isRearranged {
      // In file order record N is the file's Nth: go there as soon as indexing reaches it (or
      // to the last record, should the file end before).
      focus(record: number - 1)
      status.notice = "going to record \(number.groupedDigits(separator: ",")) once it is read"
      return
    }
    guard number >= 1, number <= total else {
      let range = total == 0 ? "there are none" : "1 to \(total.groupedDigits(separator: ","))"
      let soFar = source.isComplete ? "" : " so far"
      status.notice =
        "no record \(number.groupedDigits(separator: ",")): records are \(range)\(soFar)"
      return
    }
    guard let path = indexPath(ofOrdinal: number) else { return }
    focusGliding(to: path)
  }

  /// The index path of the `ordinal`th record shown (1-based), or nil when there is none.
  ///
  /// - Complexity: O(sections).
  func indexPath(ofOrdinal ordinal: Int) -> IndexPath? {
    var remaining = ordinal - 1
    guard remaining >= 0 else { return nil }
    let index = dataSource.index
    for section in 0..<index.numberOfSections {
      let count = index.numberOfItems(inSection: section)
      if remaining < count { return IndexPath(item: remaining, section: section) }
      remaining -= count
    }
    return nil
  }

  /// `text` for a status line: one line, cut to a few words, no control characters.
  static func quotedForNotice(_ text: String) -> String {
    let line = BrowserDataSource.singleLine(text)
    return "“" + (line.count > 20 ? String(line.prefix(20)) + "…" : line) + "”"
  }

  // MARK: g G { } ^F ^B ^D ^U

  /// `g` (`G`): focuses the first (last) record, as Home (End) does in every layout.
  func jumpToEnd(last: Bool) {
    // What Home and End do, said directly: calling the key handler from here made a cycle of
    // calls that the optimizer of Swift 6.3 crashes on in release builds (CopyPropagation).
    let key: Key = last ? .end : .home
    if handleEstimatedEndKey(key) { return }
    if layoutStyle == .table {
      moveKeepingColumns(.key(key))
    } else {
      collectionView.handle(.key(key))
    }
  }

  /// `{` and `}`: focuses the first record of the previous or next section; `{` inside a section
  /// goes to its first record first, as vi's `{` goes to the start of a paragraph.
  func jumpToSection(forward: Bool) {
    let index = dataSource.index
    guard dataSource.hasSections else {
      status.notice = "no sections: s makes them from the focused field"
      return
    }
    guard let focused = collectionView.indexPathForFocusedItem else { return }
    let sections = Array(0..<index.numberOfSections)
    let target: Int?
    if forward {
      target = sections.first { $0 > focused.section && index.numberOfItems(inSection: $0) > 0 }
    } else if focused.item > 0 {
      target = focused.section
    } else {
      target = sections.last { $0 < focused.section && index.numberOfItems(inSection: $0) > 0 }
    }
    guard let target else {
      status.notice = forward ? "this is the last section" : "this is the first section"
      return
    }
    collectionView.focusItem(
      at: IndexPath(item: 0, section: target),
      scrollPosition: collectionView.collectionViewLayout.scrollDirection == .vertical
        ? .top : .left,
      animated: configuration.smoothScrolling)
  }

  /// Ctrl-F/B (a screen) and Ctrl-D/U (half a screen): moves the focus by `fraction` of a
  /// screen, forward or back.
  func moveByScreen(fraction: Double, forward: Bool) {
    collectionView.moveFocus(byPages: forward ? fraction : -fraction)
  }

  // MARK: The detail's next and previous record

  /// "record 2 of 10": the place of the record at `path` among those shown.
  func positionText(of path: IndexPath) -> String {
    let ordinal = dataSource.ordinal(of: path).groupedDigits(separator: ",")
    return "record \(ordinal) of \(dataSource.index.totalCount.groupedDigits(separator: ","))"
  }

  /// Right/`n` (Left/`p`) in the detail: shows the next (previous) record in the order shown,
  /// and focuses its card, so Esc comes back to it.
  func showAdjacentRecord(forward: Bool) {
    guard let focused = collectionView.indexPathForFocusedItem,
      let path = indexPath(ofOrdinal: dataSource.ordinal(of: focused) + (forward ? 1 : -1))
    else {
      status.notice = forward ? "this is the last record" : "this is the first record"
      return
    }
    collectionView.focusItem(at: path)
    openDetail()
  }

  // MARK: Copy

  /// `c` (`C`): copies the focused value (the focused record, as one line of JSON, the form `y`
  /// prints) to the clipboard, and says so; too long a text is not copied, and the status bar
  /// says why.
  func copyFocused(wholeRecord: Bool) {
    guard let record = focusedRecord else {
      status.notice = "nothing to copy"
      return
    }
    let limit = Clipboard.maximumBytes
    let what: String
    let text: String
    if wholeRecord {
      what = "record \(positionOrdinal.groupedDigits(separator: ",")) as JSON"
      // The raw sizes bound the JSON's from below: a record far too long is never built whole.
      let raw = source.fieldTexts(record).reduce(0) { $0 + ($1?.rawCount ?? 0) }
      guard raw <= limit else {
        refuseCopy(of: what, bytes: raw, atLeast: true)
        return
      }
      text = source.jsonLine(record)
    } else {
      what =
        source.fieldNames.indices.contains(focusedField)
        ? dataSource.fieldName(focusedField) : "the value"
      guard let field = source.fieldText(record, focusedField) else {
        status.notice = "\(what) is empty: nothing copied"
        return
      }
      // Read one byte past the limit at most: enough to know it is too long.
      let read = field.prefix(maxBytes: limit + 1)
      guard read.text.utf8.count <= limit, read.isComplete else {
        refuseCopy(of: what, bytes: field.rawCount, atLeast: false)
        return
      }
      text = read.text
    }
    guard Clipboard.canCopy(text) else {
      refuseCopy(of: what, bytes: text.utf8.count, atLeast: false)
      return
    }
    status.clipboardText = text
    status.notice = "copied \(what)"
  }

  /// The ordinal of the focused record among those shown (0 when none is focused).
  var positionOrdinal: Int {
    collectionView.indexPathForFocusedItem.map(dataSource.ordinal(of:)) ?? 0
  }

  /// Says that `what` (of `bytes` bytes) is too long for the clipboard, and what prints it.
  func refuseCopy(of what: String, bytes: Int, atLeast: Bool) {
    let size = (atLeast ? "over " : "") + "\(bytes.groupedDigits(separator: ",")) bytes"
    status.notice =
      "not copied: \(what) is \(size), over the clipboard's "
      + "\(Clipboard.maximumBytes.groupedDigits(separator: ",")); y prints it"
  }

  /// Hands the copied text to the run loop, once.
  public func takeClipboardText() -> String? {
    defer { status.clipboardText = nil }
    return status.clipboardText
  }

  // MARK: Esc

  /// Esc on the cards: backs out one level (search, then the last condition, then selection);
  /// never quits,
  /// and says that `q` does.
  func backOut() -> SceneResponse {
    if searchController.isActive {
      clearSearch()
    } else if let last = conditions.last {
      removeCondition(at: conditions.count - 1)
      status.notice = "condition removed: " + last.text(fieldNames: baseSource.fieldNames)
    } else if !userFocus.selectedRecords.isEmpty
      || !collectionView.indexPathsForSelectedItems.isEmpty
    {
      userFocus.selectedRecords.removeAll()
      collectionView.selectItem(at: nil, animated: false, scrollPosition: [])
      status.notice = "selection cleared"
    } else {
      status.notice = "q quits"
    }
    return .continue
  }

  // MARK: Mouse

  /// A click on the cards: a card not focused takes the focus; the focused card opens, as a
  /// second click (or a double click) opens a file in a file manager. Space selects, so a
  /// click never does. The click acts on the press; its release is swallowed (a terminal that
  /// reports only releases clicks on the release). Returns whether the event was the cards'
  /// (anything else, the wheel included, goes to the collection view).
  func handleClick(_ mouse: MouseEvent) -> Bool {
    if mouse.action == .release, userFocus.clickAwaitsRelease {
      userFocus.clickAwaitsRelease = false
      return true
    }
    let frame = collectionView.frame
    guard mouse.action == .press || mouse.action == .release,
      frame.contains(column: mouse.column, row: mouse.row),
      let element = collectionView.element(
        atColumn: mouse.column - frame.column, row: mouse.row - frame.row)
    else { return false }
    let item: IndexPath
    // A table's value is its row and its column's field: the focused one opens.
    var field: Int?
    switch (element.category, element.kind) {
    case (.cell, _):
      item = element.indexPath
      if layoutStyle == .table, let cell = collectionView.cellForItem(at: item) as? TableRowCell {
        field = tableColumn(atColumn: mouse.column, in: cell).flatMap(tableField(ofColumn:))
      }
    case (.supplementaryView, TableLayout.columnHeaderKind?):
      // A column header focuses its field, for sort, filter, counts and copy.
      userFocus.clickAwaitsRelease = mouse.action == .press
      if let field = tableField(ofColumn: element.indexPath.item) { focusTableField(field) }
      return true
    default:
      return false
    }
    userFocus.clickAwaitsRelease = mouse.action == .press
    if item == collectionView.indexPathForFocusedItem && (field == nil || field == focusedField) {
      openDetail()
      return true
    }
    collectionView.focusItem(at: item)
    if let field { focusTableField(field) }
    return true
  }

  /// The table's column drawn at the screen column `column` in the row `cell`, as it last drew:
  /// the title column at the view's left edge, over the columns scrolled under it.
  func tableColumn(atColumn column: Int, in cell: TableRowCell) -> Int? {
    let starts = table.columnStarts
    guard starts.count > 1 else { return nil }
    let local = column - cell.frame.column
    let title = max(0, collectionView.frame.column - cell.frame.column)
    if local >= title && local < title + starts[1] - starts[0] { return 0 }
    return (1..<starts.count - 1).first { starts[$0] <= local && local < starts[$0 + 1] }
  }

  /// The field shown in the table's `column`, if any.
  func tableField(ofColumn column: Int) -> Int? {
    let fields = table.fields
    return fields.indices.contains(column) ? fields[column] : nil
  }

  /// Makes `field` the focused field, its column scrolled into view.
  func focusTableField(_ field: Int) {
    focusedField = field
    scrollFocusedColumnIntoView()
  }
}
