import Foundation

/// A file format's record scanner, driven by a `BackgroundIndexer`.
protocol RecordScanning: AnyObject, Sendable {
  /// Appends the end offsets of up to `limit` records starting at byte `position` to the
  /// indexer's offsets (blank lines are skipped, not records); returns the position reached and
  /// the error that stops indexing there, if any. Called on one thread at a time.
  func scanRecords(from position: Int, limit: Int) -> (position: Int, error: DataError?)

  /// Makes what the last batch learned visible to readers; called with the indexer's lock held.
  func publishBatch()

  /// Finds the ends of the records starting from `position` (a record start, or a guess at one)
  /// while they start below `bound`, in a file that no longer grows, into `ends`; returns the
  /// position reached (the first record start at or past `bound`) and the error that stops
  /// there, if any. Nil when the format's records cannot be found piece by piece; may be called
  /// on several threads at once otherwise.
  func scanRecordEnds(
    from position: Int, below bound: Int, into ends: inout [Int]
  ) -> (position: Int, error: DataError?)?

  /// Where a scan of the piece of the file from `offset` on would start: the first position at
  /// or after it that is probably a record start.
  func firstLineStart(atOrAfter offset: Int) -> Int
}

extension RecordScanning {
  func publishBatch() {}

  func scanRecordEnds(
    from position: Int, below bound: Int, into ends: inout [Int]
  ) -> (position: Int, error: DataError?)? { nil }

  func firstLineStart(atOrAfter offset: Int) -> Int { offset }
}

// @unchecked: shared flags live under `state`, the thread and cancel flag in `job`; `scanPosition`
// belongs to the indexing thread.
/// The record offsets of a memory-mapped file, indexed in batches: the first at once, the rest
/// on a background thread, publishing offsets and progress after each batch and handing the
/// scanned pages back to the kernel. Shared by the CSV/TSV and JSON Lines tables, which differ
/// only in how they find a record's end. No UIKit counterpart.
///
/// A spooled stream is indexed as it grows: a record without its end yet waits for more bytes.
/// Indexing stops when the file is found truncated (the records before its new end stay), and a
/// stream stops at `streamRecordLimit` records or at a record longer than `streamRecordLength`.
/// The background part runs as a `BackgroundJob`, which wakes the run loop when it ends.
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
  /// The thread and cancel flag of the indexing after the first records.
  private let job = BackgroundJob<Bool>()
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
    offsets = OffsetTable(capacity: file.capacity + 2)
    offsets.append(firstRecord)
    scanPosition = firstRecord
  }

  /// Indexes the first `synchronousRecords` records, then the rest in batches of `batchSize` on
  /// a background thread, which keeps `scanner` alive until it is done.
  ///
  /// - Parameter paused: Index only the first records; the rest waits for `indexPaused()`
  ///   (tests of what happens before indexing reaches the end).
  /// - Throws: The error found among the first records.
  func start(
    _ scanner: RecordScanning, synchronousRecords: Int, batchSize: Int, paused: Bool = false
  ) throws {
    let (position, error) = scanner.scanRecords(from: scanPosition, limit: synchronousRecords)
    if let error { throw error }
    scanPosition = position
    offsets.publish()
    locked { scanner.publishBatch() }
    bytesIndexed = position
    if position >= file.count && !file.isGrowing {
      finished = true
    } else if paused {
      pausedWork = { [self] in
        job.run { _ in
          indexRemaining(scanner, batchSize: batchSize)
          return true
        }
      }
    } else {
      job.start { [self] _ in
        indexRemaining(scanner, batchSize: batchSize)
        return true
      }
    }
  }

  /// Seconds the indexer rests after each batch, from the environment's `MOSAIC_SLOW_INDEXING`
  /// (0 without it): lets the end-to-end tests see a file while it is still being indexed.
  static let restAfterBatch =
    ProcessInfo.processInfo.environment["MOSAIC_SLOW_INDEXING"].flatMap(Double.init) ?? 0

  /// The bytes each core scans per round of parallel indexing: large enough that a round's
  /// start-up is noise, small enough that the index grows (and is published) smoothly.
  static let parallelPiece = 1 << 20

  /// The indexing `start(paused: true)` left to do.
  private var pausedWork: (() -> Void)?

  /// Does the indexing `start(paused: true)` left, on the calling thread.
  func indexPaused() {
    let work = pausedWork
    pausedWork = nil
    work?()
  }

  private func indexRemaining(_ scanner: RecordScanning, batchSize: Int) {
    if !file.isGrowing, ParallelWork.width > 1,
      scanner.scanRecordEnds(from: scanPosition, below: scanPosition, into: &emptyEnds) != nil
    {
      indexInParallel(scanner)
      return
    }
    // A followed file is on disk and mapped like any file: the stream's record limit (which
    // bounds a spool's index) is not its.
    let isStream = file.isGrowing && !file.isFollowed
    while true {
      if isCancelled { break }
      let before = scanPosition
      // Read before scanning: if growth had ended, the scan saw every byte there will be.
      let wasGrowing = file.isGrowing
      let end = file.count
      var limit = batchSize
      if isStream { limit = min(limit, Self.streamRecordLimit + 1 - offsets.writtenCount) }
      var (position, error) = scanner.scanRecords(from: before, limit: limit)
      if endedByTruncation(scanner, batchFrom: before) { return }
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
      guard publish(scanner, batchFrom: before, to: position, error: error) else { return }
      restAfterBatchIfAsked()
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

  /// An empty list, to ask a scanner whether it scans in pieces.
  private var emptyEnds: [Int] = []

  /// Indexes the rest of a file that no longer grows in rounds: each round cuts the next bytes
  /// into one piece per core, and each piece is scanned at once from its first line start, a
  /// guess at a record start. A piece's guess is right when the scan of the piece before it
  /// ends exactly there (records are then found from a true record start, so the same ones a
  /// single scan finds); when it is not (the line break was inside a quoted field), the piece
  /// is scanned again from where the piece before it ended. So the index is exactly the
  /// sequential one, on every core.
  private func indexInParallel(_ scanner: RecordScanning) {
    let width = ParallelWork.width
    while true {
      if isCancelled { break }
      let before = scanPosition
      let end = file.count
      guard before < end else { break }
      let roundEnd = min(end, before + width * Self.parallelPiece)
      // Piece k covers bounds[k]..<bounds[k + 1]; its scan starts at the first line start.
      let bounds = (0...width).map { before + (roundEnd - before) * $0 / width }
      let starts = (0..<width).map {
        $0 == 0 ? before : min(scanner.firstLineStart(atOrAfter: bounds[$0]), bounds[$0 + 1])
      }
      let pieces = ParallelWork.map(0..<width, minimumPiece: 1) { which in
        let k = which.lowerBound
        var ends: [Int] = []
        ends.reserveCapacity((bounds[k + 1] - bounds[k]) / 64)
        let (position, error) =
          scanner.scanRecordEnds(from: starts[k], below: bounds[k + 1], into: &ends)
          ?? (starts[k], nil)
        return (ends: ends, position: position, error: error)
      }
      var position = before
      var error: DataError?
      for k in 0..<width {
        if position == starts[k] {
          offsets.append(contentsOf: pieces[k].ends)
          (position, error) = (pieces[k].position, pieces[k].error)
        } else {
          // The guess was inside a quoted field: scan this piece from where the last ended.
          var ends: [Int] = []
          (position, error) =
            scanner.scanRecordEnds(from: position, below: bounds[k + 1], into: &ends)
            ?? (position, nil)
          offsets.append(contentsOf: ends)
        }
        if error != nil { break }
      }
      if endedByTruncation(scanner, batchFrom: before) { return }
      guard publish(scanner, batchFrom: before, to: position, error: error) else { return }
      if position >= end || position == before { break }
      restAfterBatchIfAsked()
    }
    // A spooled stream that ended before indexing began is indexed here: say why it ended.
    finish(publishing: scanner, at: scanPosition, error: file.stopReason)
  }

  /// Whether `cancel()` was called.
  private var isCancelled: Bool { job.isCancelled }

  /// Ends indexing when the file was truncated under the batch scanned from `before`: what the
  /// batch read past the new end is zeros, not records (nor a syntax error).
  private func endedByTruncation(_ scanner: RecordScanning, batchFrom before: Int) -> Bool {
    guard file.checkForChange() == .truncated else { return false }
    offsets.dropUnpublished(above: file.count)
    finish(publishing: scanner, at: min(before, file.count), error: nil)
    return true
  }

  /// Publishes the records a batch found between `before` and `position` and lets the pages
  /// behind it go; false when `error` ended indexing there.
  private func publish(
    _ scanner: RecordScanning, batchFrom before: Int, to position: Int, error: DataError?
  ) -> Bool {
    scanPosition = position
    offsets.publish()
    file.release(from: max(before, Self.residentPrefix), to: scanPosition)
    if error != nil {
      file.finishGrowing()
      finish(publishing: scanner, at: scanPosition, error: error)
      return false
    }
    state.lock()
    scanner.publishBatch()
    bytesIndexed = scanPosition
    // Work that follows the indexing (`waitForRecords`) goes on with the new records.
    state.broadcast()
    state.unlock()
    return true
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

  /// Blocks until more than `count` records are indexed, indexing has finished, or `timeout`
  /// seconds have passed.
  func waitForRecords(beyond count: Int, timeout: TimeInterval) {
    let deadline = Date().addingTimeInterval(timeout)
    state.lock()
    defer { state.unlock() }
    while !finished, recordCount <= count, state.wait(until: deadline) {}
  }

  /// Rests `restAfterBatch` seconds (the tests' knob), waking at once when indexing is
  /// cancelled.
  private func restAfterBatchIfAsked() {
    guard Self.restAfterBatch > 0 else { return }
    let deadline = Date().addingTimeInterval(Self.restAfterBatch)
    state.lock()
    defer { state.unlock() }
    while !job.isCancelled, state.wait(until: deadline) {}
  }

  /// Stops background indexing; the records indexed so far stay available.
  func cancel() {
    job.cancel()
    // Wakes the rest after a batch (`restAfterBatchIfAsked`), which waits on `state`.
    state.lock()
    state.broadcast()
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
