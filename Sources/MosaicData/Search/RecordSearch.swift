import Foundation

// @unchecked: matches and progress live under `state`; the source and pattern are lets.
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
  private var finished = false
  private var cancelled = false
  private static let chunk = 32_768

  /// Starts searching `source` for `query`; an empty query matches nothing and is complete.
  public init(query: String, in source: any RecordSource) {
    self.query = query
    self.source = source
    pattern = SearchPattern(query)
    if pattern.isEmpty {
      finished = true
      return
    }
    searchWithinBudget()
    if !finished { Thread.detachNewThread { [self] in run() } }
  }

  /// How long `init` may search on its caller's thread (the one that draws), in nanoseconds.
  static let synchronousBudget: UInt64 = 50_000_000

  /// Searches the first records in pieces that grow while they are quick, until the budget is
  /// spent or nothing is left to search now: a small file's matches are all there when `init`
  /// returns, fat records (250 KB values) never hold the screen. A database is searched in the
  /// background only.
  private func searchWithinBudget() {
    // A database's rows come a window at a time from a query that cannot be cut short: one
    // window of fat rows (256 of 250 KB) takes longer than any frame, so its search starts in
    // the background, where the window is read without holding the screen.
    guard source.capabilities.arranging == nil else { return }
    let start = DispatchTime.now().uptimeNanoseconds
    var piece = 16
    while !finished {
      let before = DispatchTime.now().uptimeNanoseconds
      guard before - start < Self.synchronousBudget, step(upTo: piece) else { return }
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
  public var isComplete: Bool {
    state.lock()
    defer { state.unlock() }
    return finished
  }

  /// Stops the background search; the matches found so far stay.
  public func cancel() {
    state.lock()
    cancelled = true
    state.unlock()
  }

  /// Blocks until the search is complete.
  public func waitUntilComplete() {
    state.lock()
    while !finished { state.wait() }
    state.unlock()
  }

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

  /// Searches one chunk of newly available records; marks the search finished when the source
  /// is complete and everything has been searched. Returns whether it found records to search.
  @discardableResult
  private func step(upTo limit: Int = RecordSearch.chunk) -> Bool {
    state.lock()
    let from = searched
    let stop = cancelled
    state.unlock()
    if stop {
      finish()
      return false
    }
    // Read completeness before the count so a complete source's count is final.
    let complete = source.isComplete
    let available = source.recordCount
    let to = min(available, from + min(limit, Self.chunk))
    if from >= to {
      if complete { finish() }
      return false
    }
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
    if complete && to == available { finish() }
    return true
  }

  private func finish() {
    state.lock()
    finished = true
    state.broadcast()
    state.unlock()
    BackgroundWork.didFinish()
  }

  private func run() {
    while !isComplete {
      if !step() && !isComplete {
        // Caught up with the indexing: woken when it publishes more (the timeout only bounds
        // how late a cancel is noticed).
        state.lock()
        let searchedSoFar = searched
        state.unlock()
        source.waitForRecords(beyond: searchedSoFar, timeout: 0.25)
      }
    }
  }
}
