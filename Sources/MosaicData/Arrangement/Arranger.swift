import Foundation

// @unchecked: the published index and flags live under `state`; the rest is the worker's alone.
/// Filters, groups and sorts a record source into a `SectionedIndex`, following the source while
/// it is still being indexed.
///
/// Groups appear in order of first appearance in the file (so a growing file only ever appends
/// groups, and the first screen stays put); records keep file order within a group unless a sort
/// field is given. Sorting is stable: numbers (values that parse as finite numbers) first in
/// numeric order, then text compared case- and diacritic-insensitively, then empty values
/// (descending reverses numbers and text, empty values staying last). A filter keeps the records
/// it matches (`FilterMatcher`). Filtering and sorting use every core. The UI polls `index` (and
/// `version`, which changes whenever `index` does, and `progress`) on each run-loop tick.
/// No UIKit counterpart; its output feeds a collection view's data source.
public final class Arranger: @unchecked Sendable {
  /// The field whose values name the groups, or nil.
  public let groupField: Int?
  /// The field to sort by within each group, or nil.
  public let sortField: Int?
  /// Whether the sort is descending.
  public let sortDescending: Bool
  /// The records kept, or nil for all.
  public let filter: RecordFilter?
  private let source: any RecordSource
  private let state = NSCondition()
  private var current: SectionedIndex
  private var published = 0
  private var finished = false
  private var cancelled = false
  private var fraction = 0.0

  // Worker state.
  private var groupOf: [String: Int] = [:]
  private var titles: [String?] = []
  private var lists: [[Int32]] = []
  private var done = 0

  /// Arranges `source`. Sources already complete with up to `synchronousLimit` records are
  /// arranged before `init` returns; others on a background thread.
  public init(
    source: any RecordSource, groupBy groupField: Int? = nil, sortBy sortField: Int? = nil,
    descending sortDescending: Bool = false, filter: RecordFilter? = nil,
    synchronousLimit: Int = 50_000
  ) {
    self.source = source
    self.groupField = groupField
    self.sortField = sortField
    self.sortDescending = sortDescending
    self.filter = filter
    current = .identity(count: 0)
    if isPassThrough {
      // A file's own sections are fixed (JSON is loaded whole): build them once.
      if let defined = source.definedSections {
        current = SectionedIndex(
          sections: defined.map { .init(title: $0.title, items: .range($0.records)) })
      }
      return
    }
    if let defined = source.definedSections, groupField == nil {
      let matcher = filter.map { FilterMatcher($0, source: source) }
      for section in defined {
        var kept: [Int32] = []
        if let matcher {
          matcher.appendKept(section.records, to: &kept)
        } else {
          kept = section.records.map { Int32($0) }
        }
        titles.append(section.title)
        lists.append(kept)
      }
      done = source.recordCount
    }
    if source.isComplete && source.recordCount <= synchronousLimit {
      work()
    } else {
      // Group what is already indexed so the first screen has its sections at once.
      let available = min(source.recordCount, done + 5000)
      if done < available {
        group(done..<available)
        done = available
      }
      current = snapshot()
      Thread.detachNewThread { [self] in work() }
    }
  }

  /// Whether the index is the source's own order (no grouping, no sorting): then it is computed
  /// on each read and needs no worker.
  private var isPassThrough: Bool {
    groupField == nil && sortField == nil && filter == nil
  }

  /// The current arrangement.
  public var index: SectionedIndex {
    if isPassThrough && source.definedSections == nil {
      return .identity(count: source.recordCount)
    }
    state.lock()
    defer { state.unlock() }
    return current
  }

  /// A number that changes whenever `index` changes.
  public var version: Int {
    if isPassThrough { return source.recordCount * 2 + (source.isComplete ? 1 : 0) }
    state.lock()
    defer { state.unlock() }
    return published * 2 + (finished ? 1 : 0)
  }

  /// Whether the arrangement is final (the source is complete and grouping and sorting are done).
  public var isComplete: Bool {
    if isPassThrough { return source.isComplete }
    state.lock()
    defer { state.unlock() }
    return finished
  }

  /// Blocks until the arrangement is final.
  public func waitUntilComplete() {
    if isPassThrough {
      try? source.waitUntilComplete()
      return
    }
    state.lock()
    while !finished { state.wait() }
    state.unlock()
  }

  /// How far the work has come, 0...1: the records filtered and grouped so far (as a share of
  /// those indexed), then the sort.
  public var progress: Double {
    if isPassThrough { return source.progress }
    state.lock()
    defer { state.unlock() }
    return finished ? 1 : fraction
  }

  /// The part of the work filtering and grouping count for; sorting is the rest.
  private var scanShare: Double {
    sortField == nil ? 1 : (filter == nil && groupField == nil ? 0.05 : 0.4)
  }

  private func setProgress(_ value: Double) {
    state.lock()
    fraction = max(fraction, min(1, value))
    state.unlock()
  }

  private var isCancelled: Bool {
    state.lock()
    defer { state.unlock() }
    return cancelled
  }

  /// Stops the background worker; `index` keeps its last snapshot.
  public func cancel() {
    state.lock()
    cancelled = true
    state.unlock()
  }

  private func publish(_ index: SectionedIndex, final: Bool) {
    state.lock()
    current = index
    published += 1
    if final {
      finished = true
      state.broadcast()
    }
    state.unlock()
  }

  private func snapshot() -> SectionedIndex {
    SectionedIndex(
      sections: zip(titles, lists).map { .init(title: $0, items: .list($1)) })
  }

  /// When the last intermediate snapshot was published (uptime nanoseconds; 0: none yet).
  private var lastSnapshot: UInt64 = 0
  /// Whether records were grouped since the last snapshot.
  private var unpublished = false

  private func work() {
    while true {
      state.lock()
      let stop = cancelled
      state.unlock()
      if stop {
        publish(current, final: true)
        return
      }
      let complete = source.isComplete
      let available = source.recordCount
      if available > done {
        // Chunks keep snapshots coming and let the mapped pages go as grouping passes them.
        let to = min(available, done + 65_536)
        group(done..<to)
        (source as? PageReleasing)?.releasePages(of: done..<to)
        done = to
        setProgress(scanShare * Double(done) / Double(max(1, available)))
        let last = complete && done == available
        // A snapshot copies every group: with a million of them, one per chunk would cost more
        // than the grouping, so between the first and the last they come at most 4 times a second.
        let now = DispatchTime.now().uptimeNanoseconds
        let due = lastSnapshot == 0 || now - lastSnapshot >= 250_000_000
        if (!last && due) || (last && sortField == nil) {
          lastSnapshot = now
          unpublished = false
          publish(snapshot(), final: last && sortField == nil)
        } else {
          unpublished = !last
        }
      } else if !complete {
        // Waiting for the source (a stream): what was grouped meanwhile is shown now.
        if unpublished {
          unpublished = false
          lastSnapshot = DispatchTime.now().uptimeNanoseconds
          publish(snapshot(), final: false)
        }
        Thread.sleep(forTimeInterval: 0.02)
      }
      if complete && done >= available {
        if sortField != nil {
          sortGroups()
          publish(snapshot(), final: true)
        } else if !isFinished {
          publish(snapshot(), final: true)
        }
        return
      }
    }
  }

  private var isFinished: Bool {
    state.lock()
    defer { state.unlock() }
    return finished
  }

  private func group(_ records: Range<Int>) {
    // Matching and reading group names run on every core; placing in groups, in file order.
    let pieces = ParallelWork.map(records) { range -> (kept: [Int32], names: [String]) in
      var kept: [Int32] = []
      if let filter {
        FilterMatcher(filter, source: source).appendKept(range, to: &kept)
      } else {
        kept = range.map { Int32($0) }
      }
      guard let field = groupField else { return (kept, []) }
      return (kept, kept.map { source.value(Int($0), field) })
    }
    guard groupField != nil else {
      if lists.isEmpty {
        titles.append(nil)
        lists.append([])
      }
      for piece in pieces { lists[0].append(contentsOf: piece.kept) }
      return
    }
    for piece in pieces {
      for (record, name) in zip(piece.kept, piece.names) { place(Int(record), name) }
    }
  }

  /// Puts `record` in the group named `name`, opening the group on its first record.
  private func place(_ record: Int, _ name: String) {
    let key = name.isEmpty ? "(empty)" : name
    let g: Int
    if let known = groupOf[key] {
      g = known
    } else {
      g = titles.count
      groupOf[key] = g
      titles.append(key)
      lists.append([])
    }
    lists[g].append(Int32(record))
  }

  private func sortGroups() {
    guard let field = sortField else { return }
    let share = scanShare
    _ = SortKeys.sort(
      &lists, source: source, field: field, descending: sortDescending,
      progress: { [weak self] done in self?.setProgress(share + (1 - share) * done * 0.9) },
      isCancelled: { [weak self] in self?.isCancelled ?? true })
  }
}
