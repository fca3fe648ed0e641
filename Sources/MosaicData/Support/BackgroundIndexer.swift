import Foundation

/// A file format's record scanner, driven by a `BackgroundIndexer`.
protocol RecordScanning: AnyObject {
  /// Appends the end offsets of up to `limit` records starting at byte `position` to the
  /// indexer's offsets (blank lines are skipped, not records); returns the position reached and
  /// the error that stops indexing there, if any. Called on one thread at a time.
  func scanRecords(from position: Int, limit: Int) -> (position: Int, error: DataError?)

  /// Makes what the last batch learned visible to readers; called with the indexer's lock held.
  func publishBatch()
}

extension RecordScanning {
  func publishBatch() {}
}

/// The record offsets of a memory-mapped file, indexed in batches: the first at once, the rest
/// on a background thread, publishing offsets and progress after each batch and handing the
/// scanned pages back to the kernel. Shared by the CSV/TSV and JSON Lines tables, which differ
/// only in how they find a record's end. No UIKit counterpart.
final class BackgroundIndexer: @unchecked Sendable {
  /// Bytes at the start of the file that indexing leaves resident (the first screen's records).
  static let residentPrefix = 1 << 20

  /// The mapped file.
  let file: MappedFile
  /// Record i spans offsets[i]..<offsets[i + 1] (before trimming line breaks).
  let offsets: OffsetTable

  private let state = NSCondition()
  private var finished = false
  private var cancelled = false
  private var bytesIndexed = 0
  private var backgroundError: DataError?
  /// The next byte to scan; the indexing thread's alone once it runs.
  private var scanPosition: Int

  /// An index whose first record starts at byte `firstRecord`.
  init(file: MappedFile, firstRecord: Int) {
    self.file = file
    offsets = OffsetTable(maxOffset: file.count, capacity: file.count + 2)
    offsets.append(firstRecord)
    scanPosition = firstRecord
  }

  /// Indexes the first `synchronousRecords` records, then the rest in batches of `batchSize` on
  /// a background thread, which keeps `scanner` alive until it is done.
  ///
  /// - Throws: The error found among the first records.
  func start(_ scanner: RecordScanning, synchronousRecords: Int, batchSize: Int) throws {
    let (position, error) = scanner.scanRecords(from: scanPosition, limit: synchronousRecords)
    if let error { throw error }
    scanPosition = position
    offsets.publish()
    locked { scanner.publishBatch() }
    bytesIndexed = position
    if position >= file.count {
      finished = true
    } else {
      Thread.detachNewThread { [self] in indexRemaining(scanner, batchSize: batchSize) }
    }
  }

  private func indexRemaining(_ scanner: RecordScanning, batchSize: Int) {
    while true {
      state.lock()
      let stop = cancelled
      state.unlock()
      if stop { break }
      let before = scanPosition
      let (position, error) = scanner.scanRecords(from: before, limit: batchSize)
      scanPosition = error == nil ? position : file.count
      offsets.publish()
      file.release(from: max(before, Self.residentPrefix), to: scanPosition)
      state.lock()
      scanner.publishBatch()
      bytesIndexed = scanPosition
      if let error { backgroundError = error }
      state.unlock()
      if error != nil || scanPosition >= file.count { break }
    }
    state.lock()
    finished = true
    state.broadcast()
    state.unlock()
  }

  /// Runs `body` with the indexer's lock held, to read what `publishBatch` wrote.
  func locked<T>(_ body: () -> T) -> T {
    state.lock()
    defer { state.unlock() }
    return body()
  }

  /// The number of records indexed so far.
  var recordCount: Int { offsets.count - 1 }

  /// Whether indexing has finished (or stopped at an error or `cancel()`).
  var isComplete: Bool { locked { finished } }

  /// Bytes indexed divided by the file's size.
  var progress: Double {
    locked { file.count == 0 || finished ? 1 : Double(bytesIndexed) / Double(file.count) }
  }

  /// The error that stopped background indexing, if any.
  var indexingError: DataError? { locked { backgroundError } }

  /// Blocks until indexing has finished, then throws the indexing error if there is one.
  func waitUntilComplete() throws {
    state.lock()
    while !finished { state.wait() }
    let error = backgroundError
    state.unlock()
    if let error { throw error }
  }

  /// Stops background indexing; the records indexed so far stay available.
  func cancel() {
    state.lock()
    cancelled = true
    state.unlock()
  }

  /// Releases the mapped pages of `records`, except those of the first screen.
  func releasePages(of records: Range<Int>) {
    guard !records.isEmpty else { return }
    file.release(
      from: max(offsets[records.lowerBound], Self.residentPrefix), to: offsets[records.upperBound])
  }
}
