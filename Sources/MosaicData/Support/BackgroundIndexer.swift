import Foundation

/// A file format's record scanner, driven by a `BackgroundIndexer`.
protocol RecordScanning: AnyObject, Sendable {
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

// @unchecked: shared flags live under `state`; `scanPosition` belongs to the indexing thread.
/// The record offsets of a memory-mapped file, indexed in batches: the first at once, the rest
/// on a background thread, publishing offsets and progress after each batch and handing the
/// scanned pages back to the kernel. Shared by the CSV/TSV and JSON Lines tables, which differ
/// only in how they find a record's end. No UIKit counterpart.
///
/// A spooled stream is indexed as it grows: a record without its end yet waits for more bytes.
/// Indexing stops when the file is found truncated (the records before its new end stay), and a
/// stream stops at `streamRecordLimit` records or at a record longer than `streamRecordLength`.
final class BackgroundIndexer: @unchecked Sendable {
  /// Bytes at the start of the file that indexing leaves resident (the first screen's records).
  static let residentPrefix = 1 << 20
  /// The most records read from a stream: 4 bytes of index each, so 40 MB at most.
  static let streamRecordLimit = 10_000_000
  /// The longest record a stream may send without ending it.
  static let streamRecordLength = 64 << 20

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
  /// How errors about a stream's records name the file.
  private let name: String

  /// An index whose first record starts at byte `firstRecord`; `name` is how errors name it.
  init(file: MappedFile, firstRecord: Int, name: String = "") {
    self.file = file
    self.name = name
    offsets = OffsetTable(maxOffset: file.capacity, capacity: file.capacity + 2)
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
    if position >= file.count && !file.isGrowing {
      finished = true
    } else {
      Thread.detachNewThread { [self] in indexRemaining(scanner, batchSize: batchSize) }
    }
  }

  private func indexRemaining(_ scanner: RecordScanning, batchSize: Int) {
    // A followed file is on disk and mapped like any file: the stream's record limit (which
    // bounds a spool's index) is not its.
    let isStream = file.isGrowing && !file.isFollowed
    while true {
      state.lock()
      let stop = cancelled
      state.unlock()
      if stop { break }
      let before = scanPosition
      // Read before scanning: if growth had ended, the scan saw every byte there will be.
      let wasGrowing = file.isGrowing
      let end = file.count
      var limit = batchSize
      if isStream { limit = min(limit, Self.streamRecordLimit + 1 - offsets.writtenCount) }
      var (position, error) = scanner.scanRecords(from: before, limit: limit)
      if file.checkForChange() == .truncated {
        // What this batch read past the new end is zeros, not records (nor a syntax error).
        offsets.dropUnpublished(above: file.count)
        finish(publishing: scanner, at: min(before, file.count), error: nil)
        return
      }
      if error == nil, wasGrowing, position == before, end - before > Self.streamRecordLength {
        error = DataError.malformed(
          file: name, line: file.position(of: before).line, column: nil,
          reason: "record longer than \(Self.streamRecordLength >> 20) MiB without an end")
      }
      if error == nil, isStream, offsets.writtenCount > Self.streamRecordLimit {
        error = DataError.unreadable(
          file: name,
          reason:
            "stopped after \(Self.streamRecordLimit / 1_000_000) million records (stream limit)")
      }
      scanPosition = position
      offsets.publish()
      file.release(from: max(before, Self.residentPrefix), to: scanPosition)
      if error != nil {
        file.finishGrowing()
        finish(publishing: scanner, at: scanPosition, error: error)
        return
      }
      state.lock()
      scanner.publishBatch()
      bytesIndexed = scanPosition
      state.unlock()
      if position < end && position > before { continue }
      if !wasGrowing {
        if position >= end || position == before { break }
        continue
      }
      // Caught up with the stream, or stuck on a record whose end has not come: wait for twice
      // its bytes, so a long record is rescanned a logarithmic number of times.
      file.waitForGrowth(beyond: end + max(0, end - position), timeout: 0.2)
    }
    finish(publishing: scanner, at: scanPosition, error: file.stopReason)
  }

  /// Ends indexing: publishes the last batch, the position reached and the error, if any.
  private func finish(publishing scanner: RecordScanning, at position: Int, error: DataError?) {
    offsets.publish()
    state.lock()
    scanner.publishBatch()
    bytesIndexed = position
    if let error, backgroundError == nil { backgroundError = error }
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
    let count = file.count
    return locked { count == 0 || finished ? 1 : min(1, Double(bytesIndexed) / Double(count)) }
  }

  /// Whether a stream is still arriving (its size, and so the progress, is not known yet).
  var isReadingInput: Bool { !isComplete && file.isGrowing }

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

  /// How the file changed on disk since it was opened, if it did (checked at most every 250 ms).
  func checkForChange() -> FileChange? { file.checkForChange() }

  /// Releases the mapped pages of `records`, except those of the first screen.
  func releasePages(of records: Range<Int>) {
    guard !records.isEmpty, offsets[records.upperBound] <= file.count else { return }
    file.release(
      from: max(offsets[records.lowerBound], Self.residentPrefix), to: offsets[records.upperBound])
  }
}
