import Foundation

// @unchecked: the published index and flags live under `state`; the rest is the worker's alone.
/// Groups and sorts a record source into a `SectionedIndex`, following the source while it is
/// still being indexed.
///
/// Groups appear in order of first appearance in the file (so a growing file only ever appends
/// groups, and the first screen stays put); records keep file order within a group unless a sort
/// field is given. Sorting is stable: numbers (values that parse as finite numbers) first in
/// numeric order, then text compared case- and diacritic-insensitively, then empty values. The
/// UI polls `index` (and `version`, which changes whenever `index` does) on each run-loop tick.
/// No UIKit counterpart; its output feeds a collection view's data source.
public final class Arranger: @unchecked Sendable {
  /// The field whose values name the groups, or nil.
  public let groupField: Int?
  /// The field to sort by within each group, or nil.
  public let sortField: Int?
  /// Whether the sort is descending. SEAM (issue 10): the `arrange` branch honours it.
  public let sortDescending: Bool
  /// The records kept, or nil for all. SEAM (issue 10): the `arrange` branch honours it.
  public let filter: RecordFilter?
  private let source: any RecordSource
  private let state = NSCondition()
  private var current: SectionedIndex
  private var published = 0
  private var finished = false
  private var cancelled = false

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
      for section in defined {
        titles.append(section.title)
        lists.append(section.records.map { Int32($0) })
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
    groupField == nil && sortField == nil
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
        let last = complete && done == available
        if !last || sortField == nil { publish(snapshot(), final: last && sortField == nil) }
      } else if !complete {
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
    guard let field = groupField else {
      if lists.isEmpty {
        titles.append(nil)
        lists.append([])
      }
      lists[0].append(contentsOf: records.lazy.map { Int32($0) })
      return
    }
    for record in records {
      var key = source.value(record, field)
      if key.isEmpty { key = "(empty)" }
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
  }

  private func sortGroups() {
    guard let field = sortField else { return }
    let keys = SortKeys(source: source, field: field, count: source.recordCount) { chunk in
      (source as? PageReleasing)?.releasePages(of: chunk)
    }
    for g in lists.indices { keys.sort(&lists[g]) }
  }
}
