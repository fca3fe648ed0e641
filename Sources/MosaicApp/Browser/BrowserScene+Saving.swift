import MosaicCollection
import MosaicData

/// Ctrl-S: the view written to a file, as `--output` writes it (every field, the records on
/// show in their order), in the background; the status bar shows the progress, then what was
/// written. An existing file is replaced only when the user says so.
extension BrowserScene {
  /// Ctrl-S: asks where to save the view.
  func beginSaving() {
    if let viewSaver = jobs.saver {
      status.notice = "already saving to \(viewSaver.path)"
      return
    }
    // Half a view saved would be a wrong file that looks right.
    guard source.isComplete, arranger.isComplete, stagedArrangement == nil else {
      status.notice = "the view is still being worked out: save it when the count is final"
      return
    }
    mode = .saving(SavePrompt(sourceName: baseSource.name))
  }

  /// Keys while the path is typed: text edits it, Ctrl-U clears it, Enter saves (asking first
  /// before replacing a file: y replaces, any other key leaves the file as it was), Esc gives
  /// up; a path that cannot be saved to is said on the status bar and closes the line.
  func handleSaving(_ event: InputEvent, _ prompt: SavePrompt) -> SceneResponse {
    var prompt = prompt
    if prompt.asksToReplace {
      guard case .key(let key) = event else { return .continue }
      prompt.asksToReplace = false
      if key == .character("y"), let format = prompt.format {
        startSaving(to: prompt.path, format: format)
        return .continue
      }
      mode = .browsing
      status.notice = "not saved: \(prompt.path) is left as it was"
      return .continue
    }
    switch event {
    case .paste(let text):
      prompt.path += String(
        String.UnicodeScalarView(
          text.unicodeScalars.filter { $0.properties.generalCategory != .control }))
    case .key(.character(let character)): prompt.path.append(character)
    case .key(.backspace):
      if !prompt.path.isEmpty { prompt.path.removeLast() }
    case .key(.control("u")): prompt.path = ""
    case .key(.escape):
      mode = .browsing
      return .continue
    case .key(.enter):
      if let format = prompt.confirm() {
        startSaving(to: prompt.path, format: format)
        return .continue
      }
      // Enter always closes the line (as in every prompt); a problem is said and nothing saved.
      if let problem = prompt.problem {
        mode = .browsing
        status.notice = "not saved: " + problem
        return .continue
      }
    default: break
    }
    mode = .saving(prompt)
    return .continue
  }

  /// The fields `y` and Ctrl-S write: the table's columns on show, in their order, once the
  /// user hid, moved or pinned one; else nil, every field.
  var outputFields: [Int]? {
    table.columns.isRearranged ? table.fields : nil
  }

  /// Starts writing the records on show to `path`.
  private func startSaving(to path: String, format: ExportFormat) {
    mode = .browsing
    jobs.saver = ViewSaver(
      source: source, index: dataSource.index, format: format, path: path,
      fields: outputFields)
  }

  /// Says how a save ended, once it has; returns whether that changed the screen.
  func catchUpSaving() -> Bool {
    guard let viewSaver = jobs.saver, let outcome = viewSaver.outcome else { return false }
    jobs.saver = nil
    switch outcome {
    case .saved(let count):
      let records = count == 1 ? "record" : "records"
      status.notice = "saved \(count.groupedDigits(separator: ",")) \(records) to \(viewSaver.path)"
    case .failed(let reason): status.notice = "not saved: " + reason
    case .cancelled: status.notice = "save cancelled"
    }
    return true
  }
}
