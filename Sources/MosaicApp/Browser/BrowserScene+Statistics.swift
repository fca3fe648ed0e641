import MosaicCollection
import MosaicData

/// The frequency table (`F`) and the field summary (`I`) of the focused field: both open at once
/// over the cards and fill in when the background count finishes. They count the records on show:
/// those the conditions keep (a store's filtered rows, or the file's records the same conditions
/// keep, counted again in the background), and say so in their title; Enter adds a condition, so
/// the counts it is chosen from are of the records it will choose among.
extension BrowserScene {
  /// `F`: opens the focused field's frequency table.
  func showFrequencies() {
    guard let name = focusedFieldName else { return }
    mode = .frequencies(FrequencyView(field: focusedField, fieldName: name, scope: scopeText))
    requestFocusedFieldCount()
  }

  /// `I`: opens the focused field's summary.
  func showSummary() {
    guard let name = focusedFieldName else { return }
    if case .summary(let open) = mode { open.cancelGroups() }
    let panel = SummaryPanel(field: focusedField, fieldName: name, scope: scopeText)
    // With sections, the field is added up per section too: the group summary, over the
    // sections of every record on show, so not before the arrangement (a filter, the grouping
    // itself) has settled: sections counted from a half-arranged index would undercount.
    panel.wantsGroups = pendingArrangement.groupField != nil
    mode = .summary(panel)
    startGroupsIfSettled(panel)
    requestFocusedFieldCount()
  }

  /// Starts the summary's per-section figures once every record on show is arranged into its
  /// section; returns whether they started.
  @discardableResult
  private func startGroupsIfSettled(_ panel: SummaryPanel) -> Bool {
    // The version check: the arranger may finish after this frame took its last index.
    guard panel.awaitsGroupsStart, stagedArrangement == nil, arranger.isComplete,
      arranger.version == arranging.version, source.isComplete
    else { return false }
    let index = dataSource.index
    guard index.numberOfSections > 0, index.sections.first?.title != nil else {
      panel.wantsGroups = false
      return true
    }
    panel.startGroups(source: source, index: index, missing: configuration.missingValues)
    return true
  }

  /// Asks for the focused field's count over the records on show, and shows what there is.
  private func requestFocusedFieldCount() {
    let scope = statisticsScope
    take(
      jobs.statistics.request(
        field: focusedField, of: scope.source, filter: scope.filter, records: scope.records,
        fileChange: fileWatch.change))
  }

  /// Under a filter, starts counting the field the focus rests on as soon as the records on
  /// show are known (the arrangement complete), so that `F` or `I` finds the count done or
  /// under way: a question asked of the filtered records answers as it is asked. Only the
  /// file's own kept records are counted ahead; a store's filtered rows would cost a query per
  /// focus move. Called before each frame; a count already kept or running is left be.
  func prefetchFocusedFieldCount() {
    guard case .browsing = mode, pendingArrangement.filter != nil, stagedArrangement == nil,
      source === baseSource, arranger.isComplete, source.isComplete, focusedFieldName != nil
    else { return }
    let scope = statisticsScope
    guard let records = scope.records else { return }
    jobs.statistics.prefetch(
      field: focusedField, of: scope.source, filter: scope.filter, records: records,
      fileChange: fileWatch.change)
  }

  /// What the counts count: the records on show. A store that filtered itself is counted whole;
  /// the file's records are counted from the arrangement's kept records once it is complete,
  /// else through the same conditions (evaluated again beside the count).
  var statisticsScope: (source: any RecordSource, filter: RecordFilter?, records: [Int32]?) {
    let filter = pendingArrangement.filter
    guard filter != nil else { return (baseSource, nil, nil) }
    if stagedArrangement == nil, source !== baseSource { return (source, nil, nil) }
    if let staged = stagedArrangement, staged.source !== baseSource {
      return (staged.source, nil, nil)
    }
    guard stagedArrangement == nil, arranger.isComplete, source.isComplete else {
      return (baseSource, filter, nil)
    }
    return (baseSource, filter, dataSource.index.recordList)
  }

  /// The conditions the counts are under, as the titles say them; nil when unfiltered.
  var scopeText: String? {
    guard !conditions.isEmpty else { return nil }
    let names = baseSource.fieldNames
    return conditions.map { $0.text(fieldNames: names) }.joined(separator: " and ")
  }

  /// The focused field's name, or nil when the file has no fields.
  private var focusedFieldName: String? {
    let names = baseSource.fieldNames
    return names.indices.contains(focusedField) ? names[focusedField] : nil
  }

  /// The field whose statistics are on show and not yet counted, or nil.
  private var awaitedStatisticsField: Int? {
    switch mode {
    case .frequencies(let view) where view.statistics == nil && view.problem == nil:
      return view.field
    case .summary(let panel) where panel.statistics == nil && panel.problem == nil:
      return panel.field
    default: return nil
    }
  }

  /// Whether a frequency table or summary is open and waiting for its count (or a summary for
  /// its per-section figures).
  var awaitsStatistics: Bool {
    if case .summary(let panel) = mode, panel.awaitsGroups { return true }
    return awaitedStatisticsField != nil
  }

  /// Gives the open table or summary what the count has come to; returns whether it changed.
  func catchUpStatistics() -> Bool {
    var grouped = false
    if case .summary(let panel) = mode {
      grouped = startGroupsIfSettled(panel)
      grouped = panel.catchUpGroups() || grouped
    }
    guard let field = awaitedStatisticsField else { return grouped }
    let scope = statisticsScope
    let counted = take(
      jobs.statistics.poll(
        field: field, of: scope.source, filter: scope.filter, fileChange: fileWatch.change))
    return counted || grouped
  }

  /// Shows `state` in the open table or summary; returns whether that changed what they show.
  @discardableResult
  private func take(_ state: FieldStatisticsCache.State) -> Bool {
    let stale = "the file changed on disk while counting: Esc, then r reloads"
    switch (mode, state) {
    case (.frequencies(let view), .counting(let progress)):
      defer { view.progress = progress }
      return Int(view.progress * 100) != Int(progress * 100)
    case (.frequencies(let view), .done(let statistics)): view.show(statistics)
    case (.frequencies(let view), .stale): view.problem = stale
    case (.summary(let panel), .counting(let progress)):
      defer { panel.progress = progress }
      return Int(panel.progress * 100) != Int(progress * 100)
    case (.summary(let panel), .done(let statistics)): panel.show(statistics)
    case (.summary(let panel), .stale): panel.problem = stale
    default: return false
    }
    if case .stale = state { jobs.statistics.cancel() }
    return true
  }

  /// The status bar's progress while a count is shown: "counting city… 42%".
  var statisticsProgress: String? {
    switch mode {
    case .frequencies(let view) where view.statistics == nil && view.problem == nil:
      return StatisticsText.counting(
        view.fieldName, progress: view.progress, note: jobs.statistics.task?.note)
    case .summary(let panel) where panel.statistics == nil && panel.problem == nil:
      return StatisticsText.counting(
        panel.fieldName, progress: panel.progress, note: jobs.statistics.task?.note)
    default: return nil
    }
  }

  /// The status bar's key hints over the table or the summary.
  var statisticsHints: [String] {
    // While counting, the progress is what the line is for.
    if awaitsStatistics { return ["Esc back"] }
    if case .frequencies(let view) = mode, view.statistics != nil {
      return ["Enter add condition", "Esc back", "Tab next field"]
    }
    return ["Esc back", "Tab next field"]
  }

  /// Closes the table or summary, stopping a count still running.
  func closeStatistics() {
    jobs.statistics.cancel()
    if case .summary(let panel) = mode { panel.cancelGroups() }
    mode = .browsing
  }

  /// Keys over the frequency table, as `KeyBindings.frequencies` binds them (Enter adds the
  /// focused value as a condition, Tab counts the next field, Esc goes back); the table's view
  /// moves for the rest.
  func handleFrequencies(_ event: InputEvent, in view: FrequencyView) -> SceneResponse {
    guard case .key = event else {
      view.handle(event)
      return .continue
    }
    return handleKey(event, on: .frequencies) { view.handle(event) }
  }

  /// Keys over the summary, as `KeyBindings.summary` binds them; any other key scrolls a
  /// summary taller than the screen, or goes back to the cards.
  func handleSummary(_ event: InputEvent, in panel: SummaryPanel) -> SceneResponse {
    guard case .key(let key) = event else { return .continue }
    return handleKey(event, on: .summary) {
      if !panel.handle(key) { closeStatistics() }
    }
  }
}
