import Foundation

// @unchecked: matches and progress live under `state`, the thread and flags in `job`; the source
// and pattern are lets.
/// An incremental, case-insensitive search for a query across every field of a record source.
///
/// Create one per keystroke (cancel the previous one). The first records are searched before
/// `init` returns; the rest on a background thread, following the source while it is still being
/// indexed, so `matches` grows until `isComplete`. Roughly what `UISearchController` feeds a
/// collection view, without the UI.
public final class RecordSearch: @unchecked Sendable {
  /// The query as typed.
  public let query: String
  private let source: any RecordSource
  private let pattern: SearchPattern
  private let state = NSCondition()
  private var found: [Int] = []
  private var searched = 0
  /// The thread, cancel flag and end of the search (its result: the number of matches).
  private let job = BackgroundJob<Int>()
  private static let chunk = 32_768

  /// Starts searching `source` for `query`; an empty query matches nothing and is complete.
  public init(query: String, in source: any RecordSource) {
    self.query = query
    self.source = source
    pattern = SearchPattern(query)
    if pattern.isEmpty || searchWithinBudget() {
      job.run { [self] _ in matchCount }
    } else {
      job.start { [self] control in searchRest(control) }
    }
  }

  /// How long `init` may search on its caller's thread (the one that draws), in nanoseconds.
  static let synchronousBudget: UInt64 = 50_000_000

  /// Searches the first records in pieces that grow while they are quick, until the budget is
  /// spent or nothing is left to search now: a small file's matches are all there when `init`
  /// returns, fat records (250 KB values) never hold the screen. A database is searched in the
  /// background only. Returns whether every record has been searched.
  private func searchWithinBudget() -> Bool {
    // A database's rows come a window at a time from a query that cannot be cut short: one
    // window of fat rows (256 of 250 KB) takes longer than any frame, so its search starts in
    // the background, where the window is read without holding the screen.
    guard source.capabilities.arranging == nil else { return false }
    let start = DispatchTime.now().uptimeNanoseconds
    var piece = 16
    while true {
      let before = DispatchTime.now().uptimeNanoseconds
      guard before - start < Self.synchronousBudget else { return false }
      let step = step(upTo: piece)
      if step.isComplete { return true }
      guard step.searched else { return false }
      if DispatchTime.now().uptimeNanoseconds - before < Self.synchronousBudget / 10 {
        piece = min(piece * 2, Self.chunk)
      }
    }
  }

  /// Searches `source` for `query` to the end, waiting for indexing if it is still running.
  ///
  /// - Complexity: O(size of the file).
  public static func matches(of query: String, in source: any RecordSource) -> [Int] {
    let search = RecordSearch(query: query, in: source)
    search.waitUntilComplete()
    return search.matches
  }

  /// The matching records found so far, in record order.
  public var matches: [Int] {
    state.lock()
    defer { state.unlock() }
    return found
  }

  /// The number of matches found so far.
  public var matchCount: Int {
    state.lock()
    defer { state.unlock() }
    return found.count
  }

  /// The number of records searched so far.
  public var searchedCount: Int {
    state.lock()
    defer { state.unlock() }
    return searched
  }

  /// Whether every record has been searched (or the search was cancelled).
  public var isComplete: Bool { job.isDone }

  /// Stops the background search; the matches found so far stay.
  public func cancel() { job.cancel() }

  /// Blocks until the search is complete.
  public func waitUntilComplete() { job.waitUntilDone() }

  /// The first match after `record` in record order, wrapping to the first match; nil when there
  /// are none. With `record` nil, the first match.
  ///
  /// - Complexity: O(log of the match count).
  public func next(after record: Int?) -> Int? {
    let list = matches
    guard let first = list.first else { return nil }
    guard let record else { return first }
    let i = Self.partition(list) { $0 <= record }
    return i < list.count ? list[i] : first
  }

  /// The last match before `record` in record order, wrapping to the last match; nil when there
  /// are none. With `record` nil, the last match.
  ///
  /// - Complexity: O(log of the match count).
  public func previous(before record: Int?) -> Int? {
    let list = matches
    guard let last = list.last else { return nil }
    guard let record else { return last }
    let i = Self.partition(list) { $0 < record }
    return i > 0 ? list[i - 1] : last
  }

  /// The number of leading elements of sorted `list` satisfying `isBefore`.
  private static func partition(_ list: [Int], _ isBefore: (Int) -> Bool) -> Int {
    var low = 0
    var high = list.count
    while low < high {
      let mid = (low + high) / 2
      if isBefore(list[mid]) { low = mid + 1 } else { high = mid }
    }
    return low
  }

  /// Searches one chunk of newly available records. Returns whether it found records to
  /// search, and whether the source is complete and every record has been searched.
  private func step(upTo limit: Int = RecordSearch.chunk) -> (searched: Bool, isComplete: Bool) {
    state.lock()
    let from = searched
    state.unlock()
    // Read completeness before the count so a complete source's count is final.
    let complete = source.isComplete
    let available = source.recordCount
    let to = min(available, from + min(limit, Self.chunk))
    if from >= to { return (false, complete) }
    var pieces: [[Int]] = []
    if let fast = source.capabilities.byteSearch {
      // Over the mapped bytes on every core: the pieces only read, their hits join in order.
      let pattern = pattern
      pieces = ParallelWork.map(from..<to) { piece -> [Int] in
        var found: [Int] = []
        fast.appendMatches(pattern, in: piece, to: &found)
        return found
      }
    } else {
      let fields = source.fieldNames.count
      pieces = [
        (from..<to).filter { record in
          (0..<fields).contains(where: { pattern.matches(source.value(record, $0)) })
        }
      ]
    }
    source.capabilities.pageReleasing?.releasePages(of: from..<to)
    let hits = pieces.reduce(0) { $0 + $1.count }
    state.lock()
    if found.count + hits > found.capacity, complete {
      // Room for the matches the rest of the file holds at this rate, so a query that hits
      // most records does not copy its matches again at each doubling.
      let rate = Double(found.count + hits) / Double(to)
      found.reserveCapacity(max(2 * found.count, Int(rate * 1.1 * Double(available)) + 1024))
    }
    for piece in pieces { found.append(contentsOf: piece) }
    searched = to
    state.unlock()
    return (true, complete && to == available)
  }

  /// Searches the records left, following the source while it is indexed; the number of
  /// matches, or nil when cancelled.
  private func searchRest(_ control: BackgroundJob<Int>.Control) -> Int? {
    while !control.isCancelled {
      let step = step()
      if step.isComplete { return matchCount }
      if !step.searched {
        // Caught up with the indexing: woken when it publishes more (the timeout only bounds
        // how late a cancel is noticed).
        source.waitForRecords(beyond: searchedCount, timeout: 0.25)
      } else if source.recordCount > 0 {
        control.report(
          fraction: Double(searchedCount) / Double(source.recordCount), count: searchedCount)
      }
    }
    return nil
  }
}
