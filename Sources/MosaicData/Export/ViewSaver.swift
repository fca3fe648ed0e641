import Foundation

// @unchecked: the progress, outcome and flags live under `state`; the writer is the worker's.
/// Writes the records of a view (a source and the arrangement on show) to a file on a background
/// thread: the browser's save key. Progress while it runs, the number written or why it failed
/// when done; `cancel()` stops it and leaves any old file as it was.
///
/// UIKit has no counterpart; it is the `Progress`-reporting operation behind a share sheet's
/// "Save to Files".
public final class ViewSaver: @unchecked Sendable {
  /// How a save ended.
  public enum Outcome: Equatable, Sendable {
    /// Every record was written; this many.
    case saved(Int)
    /// The file could not be written, in one line.
    case failed(String)
    /// `cancel()` stopped it.
    case cancelled
  }

  /// Where the records go.
  public let path: String
  private let state = NSCondition()
  private var fraction = 0.0
  private var ended: Outcome?
  private var cancelled = false

  /// Starts writing the records of `index` (in its order) from `source`, `fields` (every field
  /// when nil) in that order, in `format`, to `path`, which is replaced when complete.
  public init(
    source: any RecordSource, index: SectionedIndex, format: ExportFormat, path: String,
    fields: [Int]? = nil
  ) {
    self.path = path
    Thread.detachNewThread { [self] in
      let outcome = run(source: source, index: index, format: format, fields: fields)
      state.lock()
      ended = outcome
      state.broadcast()
      state.unlock()
      BackgroundWork.didFinish()
    }
  }

  /// The share of the records written, 0...1.
  public var progress: Double {
    state.lock()
    defer { state.unlock() }
    return fraction
  }

  /// How the save ended, or nil while it runs.
  public var outcome: Outcome? {
    state.lock()
    defer { state.unlock() }
    return ended
  }

  /// Stops the save; the file is left as it was.
  public func cancel() {
    state.lock()
    cancelled = true
    state.unlock()
  }

  /// Blocks until the save has ended, and returns how (for tests and the headless path).
  @discardableResult
  public func waitUntilDone(timeout: TimeInterval = 600) -> Outcome? {
    let deadline = Date().addingTimeInterval(timeout)
    state.lock()
    defer { state.unlock() }
    while ended == nil, state.wait(until: deadline) {}
    return ended
  }

  private var isCancelled: Bool {
    state.lock()
    defer { state.unlock() }
    return cancelled
  }

  private func run(
    source: any RecordSource, index: SectionedIndex, format: ExportFormat, fields: [Int]?
  ) -> Outcome {
    do {
      let file = try ReplacedFile(path: path, removingOnSignal: false)
      defer { file.discard() }
      var writer = RecordWriter(
        format: format, source: source, fields: fields, output: file.output)
      writer.begin()
      let total = max(1, index.totalCount)
      for section in index.sections {
        for item in 0..<section.count {
          writer.write(section.record(at: item))
          if writer.recordCount % 4096 == 0 {
            if isCancelled { return .cancelled }
            state.lock()
            fraction = Double(writer.recordCount) / Double(total)
            state.unlock()
          }
        }
      }
      try writer.finish()
      try file.commit()
      return .saved(writer.recordCount)
    } catch {
      return .failed(error.description)
    }
  }
}
