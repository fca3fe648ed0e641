import MosaicCollection
import MosaicData

/// Sort (`[` `]`), filter (`&`) and sections (`s`) by the focused field. A new arrangement is
/// worked out in the background (`Arranger`, on every core) while the cards on show stay and
/// keys keep working; it replaces them when complete, the focus following its record. A store
/// that sorts and filters itself (`ArrangingSource`) is asked instead.
extension BrowserScene {
  /// `[` and `]`: sorts by the focused field, ascending or descending. A field not yet among
  /// the sort keys is added as the last key (ties of the keys before it are ordered by it, as
  /// VisiData's users expect); a key's field again turns its direction, or, pressed the way it
  /// already sorts, takes that key away (the last key gone: file order).
  func sortByFocusedField(descending: Bool) {
    rememberView(before: "sort by " + focusedFieldLabel)
    var next = pendingArrangement
    if let index = next.sortKeys.firstIndex(where: { $0.field == focusedField }) {
      if next.sortKeys[index].descending == descending {
        next.sortKeys.remove(at: index)
        if next.sortKeys.isEmpty { arranging.notice = "file order" }
      } else {
        next.sortKeys[index].descending = descending
      }
    } else {
      next.sortKeys.append(SortKey(field: focusedField, descending: descending))
    }
    rearrange(to: next)
  }

  /// `&`: starts typing a new condition, to be added to those on show.
  func beginFilter() {
    // Cancelled or changing nothing, the view stays as it is remembered: `u` skips it.
    rememberView(before: "&")
    mode = .filtering(
      FilterEditor(base: conditions, fieldNames: baseSource.fieldNames))
  }

  /// The conditions on show or being worked out, in the order they were added.
  var conditions: [RecordCondition] { pendingArrangement.filter?.conditions ?? [] }

  /// Shows the records that meet every one of `conditions` (in place of the conditions on show):
  /// `--filter` at launch.
  ///
  /// UIKit has no counterpart; it is setting a fetched results controller's predicate.
  public func show(conditions: [RecordCondition]) {
    applyFilter(conditions.isEmpty ? nil : RecordFilter(conditions: conditions))
  }

  /// Adds `condition` to those on show: the frequency table's Enter.
  func addCondition(_ condition: RecordCondition) {
    rememberView(before: "& " + condition.text(fieldNames: baseSource.fieldNames))
    applyFilter(RecordFilter(conditions: conditions + [condition]))
  }

  /// Takes the condition at `index` away from those on show.
  func removeCondition(at index: Int) {
    var remaining = conditions
    guard remaining.indices.contains(index) else { return }
    rememberView(before: "removing a condition")
    remaining.remove(at: index)
    applyFilter(remaining.isEmpty ? nil : RecordFilter(conditions: remaining))
  }

  /// `s`: groups the records into sections by the focused field (again: ungroups).
  func toggleSectionsByFocusedField() {
    rememberView(before: "sections by " + focusedFieldLabel)
    var next = pendingArrangement
    next.groupField = next.groupField == focusedField ? nil : focusedField
    rearrange(to: next)
  }

  /// Keeps only the records `filter` keeps (every record when nil), keeping the focused record in
  /// view when it stays: the frequency table's Enter, and `&`.
  func applyFilter(_ filter: RecordFilter?) {
    if case .filtering = mode { mode = .browsing }
    var next = pendingArrangement
    next.filter = filter
    rearrange(to: next)
  }

  /// Whether a filter is on show or being worked out (Esc on the cards clears it).
  var hasFilter: Bool { pendingArrangement.filter != nil }

  /// Drops the filter: every record again, the focus on the record it was on.
  func clearFilter() {
    rememberView(before: "clearing the conditions")
    applyFilter(nil)
  }

  /// The arrangement asked for last: the one being worked out, else the one on show.
  var pendingArrangement: BrowserArrangement {
    stagedArrangement?.arrangement ?? arrangement
  }

  /// Keys while a condition is typed: text edits it and each change filters again (a text that
  /// does not parse shows the conditions before it and says why); Tab or Ctrl-R toggles a
  /// regular expression; Ctrl-U clears the line; Backspace on an empty line takes the last
  /// condition away; Enter keeps the condition, Esc goes back to the conditions before; a
  /// navigation key keeps it and moves.
  func handleFiltering(_ event: InputEvent, _ editor: FilterEditor) -> SceneResponse {
    var editor = editor
    switch event {
    case .paste(let text):
      editor.type(text)
    case .key(let key):
      var line = editor.line
      if line.edit(key, history: editing.history.entries(of: .filter)) {
        editor.line = line
        break
      }
      switch key {
      case .character(let character): editor.type(String(character))
      case .tab, .control("r"): editor.isRegularExpression.toggle()
      case .backspace:
        // At the start of a line still holding text, Backspace deletes nothing.
        if !editor.deleteBackward(), editor.query.isEmpty {
          guard !editor.base.isEmpty else {
            mode = .browsing
            return .continue
          }
          editor.base.removeLast()
        }
      case .enter:
        _ = editor.parse()
        mode = .browsing
        editing.history.add(editor.query, to: .filter)
        // Enter never applies what was not understood: the line is dropped, the conditions
        // before it stay, and the status bar says why (Enter always closes a prompt, as Esc
        // does; `&` again starts over).
        if let problem = editor.problem {
          applyFilter(editor.filter(adding: nil))
          status.notice = "not applied: & \(editor.query): \(problem)"
        }
        return .continue
      case .escape:
        mode = .browsing
        applyFilter(editor.filter(adding: nil))
        return .continue
      case .control: return .continue
      default:
        guard editor.parse() != nil || editor.query.isEmpty else {
          mode = .filtering(editor)
          return .continue
        }
        mode = .browsing
        return handleBrowsing(event)
      }
    default:
      collectionView.handle(event)
      return .continue
    }
    let condition = editor.parse()
    mode = .filtering(editor)
    // A text that does not parse shows the conditions before it, and says why: never the
    // records of some half-typed text the user cannot see applied.
    var next = pendingArrangement
    next.filter = editor.filter(adding: condition)
    rearrange(to: next)
    return .continue
  }

  /// Starts working out `next`; it replaces the cards when complete (at once when it already
  /// is, or while the file is still being read, whose arrangement follows the reading).
  func rearrange(to asked: BrowserArrangement) {
    let next = asked.with(missing: configuration.missingValues, types: table.columns.types)
    if let staged = stagedArrangement {
      staged.arranger.cancel()
      // A store's scan for an arrangement nobody will see stops now, not when it ends: typing a
      // condition starts one per key.
      if staged.source !== source && staged.source !== baseSource { staged.source.cancel() }
    }
    stagedArrangement = nil
    arranging.failure = nil
    guard next != arrangement else { return }
    var arranged: any RecordSource = baseSource
    if !next.sortKeys.isEmpty || next.filter != nil, let store = baseSource.capabilities.arranging {
      do {
        if let pushed = try store.arranged(sortKeys: next.sortKeys, filter: next.filter) {
          arranged = pushed
        }
      } catch {
        arranging.failure = "\(error)"
        return
      }
    }
    let inMemory = arranged === baseSource
    let arranger = Arranger(
      source: arranged, groupBy: next.groupField, sortKeys: inMemory ? next.sortKeys : [],
      filter: inMemory ? next.filter : nil)
    let staged = StagedArrangement(arranger: arranger, arrangement: next, source: arranged)
    if arranger.isComplete || !baseSource.isComplete {
      install(staged)
    } else {
      stagedArrangement = staged
    }
  }

  /// Shows the staged arrangement once it is complete, or (a server's) once it has its first
  /// rows and knows its count, exactly or by the table's estimate: its first screen comes from a
  /// top-N and its count from `count(*)`, each a scan, while numbering every kept row for paging
  /// takes a sort the user need not wait for. Returns whether it did.
  func installStagedArrangementIfReady() -> Bool {
    guard let staged = stagedArrangement else { return false }
    let counted =
      staged.source !== baseSource && staged.source.recordCount > 0
      && (staged.source.exactRecordCount ?? staged.source.estimatedRecordCount) != nil
    guard staged.arranger.isComplete || counted else { return false }
    stagedArrangement = nil
    install(staged)
    return true
  }

  /// Puts `staged` on show. A new sort goes to the top, on every source: a sorted list is read
  /// from its start (and a store's sorted rows are numbered anew, so no other place could be
  /// the same everywhere). Otherwise the focused record keeps the focus in its new place (or,
  /// filtered out, the record shown nearest after it in file order does); selected records stay
  /// selected.
  func install(_ staged: StagedArrangement) {
    let focused = focusedRecord
    let sameRecords = staged.source === source
    let sortChanged = staged.arrangement.sortKeys != arrangement.sortKeys
    arranger.cancel()
    arranger = staged.arranger
    arrangement = staged.arrangement
    if !sameRecords {
      // A store's arrangement still being worked out (a SQL sort's row ids) is no longer wanted.
      if source !== baseSource { source.cancel() }
      // A store's arranged records are numbered anew: the old numbers mean nothing there.
      source = staged.source
      dataSource.source = staged.source
      searchController = SearchController(source: staged.source)
      dataSource.isMatch = nil
      userFocus.selectedRecords = []
    }
    dataSource.sortKeys = arrangement.sortKeys
    let hadSections = dataSource.hasSections
    arranging.version = arranger.version
    dataSource.index = arranger.index
    if dataSource.hasSections != hadSections {
      applyLayout()
    } else {
      collectionView.reloadData()
    }
    let target =
      sameRecords && !sortChanged
      ? focused.flatMap { dataSource.indexPath(ofRecord: $0) ?? nearestShown(after: $0) }
      : nil
    if let target = target ?? firstItem {
      collectionView.focusItem(at: target, scrollPosition: .centeredVertically)
    }
    collectionView.selectItem(at: nil, animated: false, scrollPosition: [])
    for record in userFocus.selectedRecords {
      if let path = dataSource.indexPath(ofRecord: record) {
        collectionView.selectItem(at: path, animated: false, scrollPosition: [])
      }
    }
  }

  /// Where the shown record nearest after `record` in file order is (else the last one before
  /// it): where the focus goes when a filter drops its record.
  ///
  /// - Complexity: O(records shown).
  func nearestShown(after record: Int) -> IndexPath? {
    let index = dataSource.index
    var best: (record: Int, section: Int, item: Int)?
    var before: (record: Int, section: Int, item: Int)?
    for section in 0..<index.numberOfSections {
      for item in 0..<index.numberOfItems(inSection: section) {
        let shown = index.record(section: section, item: item)
        if shown > record {
          if best == nil || shown < best!.record { best = (shown, section, item) }
        } else if before == nil || shown > before!.record {
          before = (shown, section, item)
        }
      }
    }
    guard let found = best ?? before else { return nil }
    return IndexPath(item: found.item, section: found.section)
  }

  // MARK: Status

  /// The status bar's words for the arrangement: "mass ▲" (the header's mark), "& gift: 110,770 of 1,000,000",
  /// "sorting 43%" while it is worked out; nil when the records are in file order, unfiltered.
  var arrangementStatus: String? {
    var parts: [String] = []
    let shown = pendingArrangement
    if !shown.sortKeys.isEmpty {
      parts.append(
        shown.sortKeys.map {
          dataSource.fieldName($0.field) + " "
            + (TableDisplay.sortMark(of: $0.field, keys: shown.sortKeys) ?? "")
        }
        .joined(separator: " "))
    } else if let notice = arranging.notice {
      parts.append(notice)
    }
    if case .filtering(let editor) = mode {
      var line = editor.base.isEmpty ? "" : conditionsText(editor.base) + "  "
      line +=
        "& "
        + (editor.isRegularExpression
          ? (editor.line.cursor == editor.line.characters.count
            ? "/\(editor.query)/▏" : "/\(editor.line.textWithCursor)/")
          : editor.line.textWithCursor)
      if let problem = editor.problem {
        line += ": " + problem
      } else if shown.filter != nil, stagedArrangement == nil {
        line += ": " + matchCountText
      }
      parts.append(line)
    } else if let filter = shown.filter {
      var line = conditionsText(filter.conditions)
      // The count is the number the line is for: conditions too long to leave it room are
      // shown on a line of their own (above this one) and summed up here.
      if conditionsLine(of: filter, columns: cardLayout.screenSize.columns) != nil {
        line = "& \(filter.conditions.count) conditions"
      }
      if stagedArrangement == nil { line += ": " + matchCountText }
      parts.append(line)
    }
    if let staged = stagedArrangement {
      let verb =
        staged.arrangement.filter != arrangement.filter
        ? "filtering"
        : !staged.arrangement.sortKeys.isEmpty ? "sorting" : "grouping"
      parts.append("\(verb) \(Int(staged.arranger.progress * 100))%")
    }
    if let failure = arranging.failure { parts.append("! " + failure) }
    return parts.isEmpty ? nil : parts.joined(separator: "  ")
  }

  /// The conditions on show as one line (`& carrier = 'UA'  & origin == 'JFK'`) when they are
  /// too long to share the status bar of a screen `columns` wide with the count and the rest;
  /// nil when they fit there (or there are none, or one): what the line above the status bar
  /// shows.
  func conditionsLine(columns: Int) -> String? {
    conditionsLine(of: arrangement.filter, columns: columns)
  }

  /// `filter`'s conditions as one line, when they are too long for the status bar of a screen
  /// `columns` wide (see `conditionsLine(columns:)`).
  func conditionsLine(of filter: RecordFilter?, columns: Int) -> String? {
    guard let filter, filter.conditions.count > 1 else { return nil }
    let line = conditionsText(filter.conditions)
    return CharacterWidth.of(line) > max(24, columns - 48) ? line : nil
  }

  /// `conditions` as the status bar and the conditions' line write them:
  /// `& carrier = 'UA'  & origin == 'JFK'`; remembered, since every frame asks.
  func conditionsText(_ conditions: [RecordCondition]) -> String {
    if let cached = status.conditionsTextCache, cached.conditions == conditions {
      return cached.text
    }
    let names = baseSource.fieldNames
    let text = conditions.map { "& " + $0.text(fieldNames: names) }.joined(separator: "  ")
    status.conditionsTextCache = (conditions, text)
    return text
  }

  /// "110,770 of 1,000,000": the records shown of the file's. A database's count of the kept
  /// rows is final before it has numbered them all; the table's own count gives way to it
  /// meanwhile, and shows its statistics' estimate (≈).
  var matchCountText: String {
    let exact = source !== baseSource && !source.isComplete ? source.exactRecordCount : nil
    let shown = (exact ?? dataSource.index.totalCount).groupedDigits(separator: ",")
    var total = baseSource.recordCount.groupedDigits(separator: ",")
    if !baseSource.isComplete, let estimate = baseSource.estimatedRecordCount,
      estimate > baseSource.recordCount
    {
      total = "≈" + estimate.groupedDigits(separator: ",")
    }
    return "\(shown) of \(total)" + (arranger.isComplete || exact != nil ? "" : "+")
  }
}
