import Foundation

/// Writes the records of a view (a source and the arrangement on show) to a file on a background
/// thread: the browser's save key. Progress while it runs, the number written or why it failed
/// when done; `cancel()` stops it and leaves any old file as it was.
///
/// UIKit has no counterpart; it is the `Progress`-reporting operation behind a share sheet's
/// "Save to Files".
public final class ViewSaver: Sendable {
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
  /// The thread, cancel flag, progress and outcome.
  private let job = BackgroundJob<Outcome>()

  /// Starts writing the records of `index` (in its order) from `source`, `fields` (every field
  /// when nil) in that order, in `format`, to `path`, which is replaced when complete.
  public init(
    source: any RecordSource, index: SectionedIndex, format: ExportFormat, path: String,
    fields: [Int]? = nil
  ) {
    self.path = path
    job.start { [path] control in
      Self.save(
        source: source, index: index, format: format, fields: fields, path: path,
        control: control)
    }
  }

  /// The share of the records written, 0...1.
  public var progress: Double { job.progress }

  /// How the save ended, or nil while it runs.
  public var outcome: Outcome? {
    if let saved = job.result { return saved }
    return job.isDone ? .cancelled : nil
  }

  /// Stops the save; the file is left as it was.
  public func cancel() { job.cancel() }

  /// Blocks until the save has ended, and returns how (for tests and the headless path).
  @discardableResult
  public func waitUntilDone(timeout: TimeInterval = 600) -> Outcome? {
    job.waitUntilDone(timeout: timeout)
    return outcome
  }

  private static func save(
    source: any RecordSource, index: SectionedIndex, format: ExportFormat, fields: [Int]?,
    path: String, control: BackgroundJob<Outcome>.Control
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
            if control.isCancelled { return .cancelled }
            control.report(
              fraction: Double(writer.recordCount) / Double(total), count: writer.recordCount)
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
