import Foundation

// @unchecked: the published index lives under `state`, the thread, flags and progress in `job`; the
// rest is the worker's alone.
/// Filters, groups and sorts a record source into a `SectionedIndex`, following the source while
/// it is still being indexed.
///
/// Groups appear in order of first appearance in the file (so a growing file only ever appends
/// groups, and the first screen stays put); records keep file order within a group unless sort
/// keys are given. Sorting is stable: by each key's values, numbers (values that parse as finite
/// numbers) first in numeric order, then text compared case- and diacritic-insensitively, then
/// empty values (descending reverses numbers and text, empty values staying last); records equal
/// by one key go by the next, and those equal by all keep file order. A filter keeps the records
/// it matches (`FilterMatcher`). Filtering and sorting use every core, on a `BackgroundJob`
/// that wakes the run loop when the arrangement is final; the UI reads `index` (and `version`,
/// which changes whenever `index` does, and `progress`) when it draws.
/// No UIKit counterpart; its output feeds a collection view's data source.
public final class Arranger: @unchecked Sendable {
  /// The field whose values name the groups, or nil.
  public let groupField: Int?
  /// What each group is sorted by, most significant first; empty for file order.
  public let sortKeys: [SortKey]
  /// The field sorted by first within each group, or nil.
  public var sortField: Int? { sortKeys.first?.field }
  /// Whether the first sort key is descending.
  public var sortDescending: Bool { sortKeys.first?.descending ?? false }
  /// The records kept, or nil for all.
  public let filter: RecordFilter?
  private let source: any RecordSource
  private let state = NSCondition()
  private var current: SectionedIndex
  private var published = 0
  /// Whether `current` was read (`index`) since it was published: until it is, a newer
  /// intermediate snapshot would only be one more copy of the groups held at once (the one on
  /// show, the one published, the one being built: 8 MB each for a million groups).
  private var currentRead = false
  /// Whether the final index is published (under `state`, beside it).
  private var finished = false
  /// The thread, cancel flag and progress; done once the final index is published.
  private let job = BackgroundJob<Bool>()

  // Worker state: the records kept so far in file order, and beside each its group's number
  // (empty when there is one group), put in groups at each snapshot (`GroupedRecords.collect`).
  // Grouping without a filter keeps every record, so `kept` stays empty (`keepsAll`): record i
  // is the i-th of `groupOf` (4 MB less for a million records). The group numbers are as narrow
  // as the group count allows (`GroupNumbers`).
  private var kept: [Int32] = []
  private var groupOf = GroupNumbers()
  /// The groups of `groupField`.
  private var table = GroupTable()
  /// The titles of the file's own sections, when they are the groups.
  private var definedTitles: [String?]?
  /// Whether `group` has run (an ungrouped arrangement has its one section from then on).
  private var grouped = false
  private var done = 0

  /// Arranges `source`, sorting each group by `sortKeys` (none: file order). Sources already
  /// complete with up to `synchronousLimit` records are arranged before `init` returns; others
  /// on a background thread.
  public init(
    source: any RecordSource, groupBy groupField: Int? = nil, sortKeys: [SortKey],
    filter: RecordFilter? = nil, synchronousLimit: Int = 50_000
  ) {
    self.source = source
    self.groupField = groupField
    self.sortKeys = sortKeys
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
      for (s, section) in defined.enumerated() {
        let before = kept.count
        if let matcher {
          matcher.appendKept(section.records, to: &kept)
        } else {
          kept.append(contentsOf: section.records.lazy.map { Int32($0) })
        }
        groupOf.append(contentsOf: [Int32](repeating: Int32(s), count: kept.count - before))
      }
      definedTitles = defined.map(\.title)
      done = source.recordCount
    }
    // A small complete source is arranged before `init` returns, and the first records of any
    // other are grouped now so the first screen has its sections at once; but only for as
    // long as `synchronousBudget` allows: a filter over fat records (a regular expression
    // over thousands of characters each) must not hold the thread that draws. What is left is
    // done in the background, the screen answering meanwhile.
    let whole = source.isComplete && source.recordCount <= synchronousLimit
    let limit = whole ? source.recordCount : min(source.recordCount, done + 5000)
    groupWithinBudget(upTo: limit)
    if whole && done == source.recordCount {
      job.run { [self] _ in work() }
    } else {
      current = snapshot()
      job.start { [self] _ in work() }
    }
  }

  /// How long `init` may arrange on its caller's thread (the one that draws), in nanoseconds.
  static let synchronousBudget: UInt64 = 50_000_000

  /// Groups the records from `done` up to `limit` in pieces that grow while they are quick,
  /// stopping between two pieces once `synchronousBudget` is spent.
  private func groupWithinBudget(upTo limit: Int) {
    let start = DispatchTime.now().uptimeNanoseconds
    var piece = 16
    while done < limit {
      let before = DispatchTime.now().uptimeNanoseconds
      guard before - start < Self.synchronousBudget else { return }
      let to = min(limit, done + piece)
      group(done..<to)
      done = to
      // A piece that took under a tenth of the budget may double.
      if DispatchTime.now().uptimeNanoseconds - before < Self.synchronousBudget / 10 {
        piece = min(piece * 2, 65_536)
      }
    }
  }

  /// Arranges `source`, sorting each group by `sortField` when given (one sort key).
  public convenience init(
    source: any RecordSource, groupBy groupField: Int? = nil, sortBy sortField: Int? = nil,
    descending sortDescending: Bool = false, filter: RecordFilter? = nil,
    synchronousLimit: Int = 50_000
  ) {
    self.init(
      source: source, groupBy: groupField,
      sortKeys: sortField.map { [SortKey(field: $0, descending: sortDescending)] } ?? [],
      filter: filter, synchronousLimit: synchronousLimit)
  }

  /// Whether the index is the source's own order (no grouping, no sorting): then it is computed
  /// on each read and needs no worker.
  private var isPassThrough: Bool {
    groupField == nil && sortKeys.isEmpty && filter == nil
  }

  /// The current arrangement.
  public var index: SectionedIndex {
    if isPassThrough && source.definedSections == nil {
      return .identity(count: source.recordCount)
    }
    state.lock()
    defer { state.unlock() }
    currentRead = true
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
    return job.isDone
  }

  /// Blocks until the arrangement is final.
  public func waitUntilComplete() {
    if isPassThrough {
      try? source.waitUntilComplete()
      return
    }
    job.waitUntilDone()
  }

  /// Blocks until the arrangement is final or `timeout` seconds have passed (a progress line's
  /// pace); returns whether it is final.
  @discardableResult
  public func waitUntilComplete(timeout: TimeInterval) -> Bool {
    if isPassThrough {
      source.waitForRecords(beyond: source.recordCount, timeout: timeout)
      return source.isComplete
    }
    return job.waitUntilDone(timeout: timeout)
  }

  /// How far the work has come, 0...1: the records filtered and grouped so far (as a share of
  /// those indexed), then the sort.
  public var progress: Double {
    if isPassThrough { return source.progress }
    return job.isDone ? 1 : job.progress
  }

  /// The part of the work filtering and grouping count for; sorting is the rest.
  private var scanShare: Double {
    sortKeys.isEmpty ? 1 : (filter == nil && groupField == nil ? 0.05 : 0.4)
  }

  private func setProgress(_ value: Double) {
    job.control.report(fraction: value)
  }

  private var isCancelled: Bool { job.isCancelled }

  /// Stops the background worker; `index` keeps its last snapshot.
  public func cancel() { job.cancel() }

  private func publish(_ index: SectionedIndex, final: Bool) {
    state.lock()
    current = index
    currentRead = false
    published += 1
    if final { finished = true }
    state.unlock()
  }

  private func snapshot() -> SectionedIndex {
    SectionedIndex(groups: groups())
  }

  /// The records kept so far in their groups.
  private func groups() -> GroupedRecords {
    if groupField != nil {
      return groupOf.collect(
        keepsAll ? nil : kept, groupCount: table.count, titles: table.titles)
    }
    if let definedTitles {
      return groupOf.collect(
        kept, groupCount: definedTitles.count, titles: .strings(definedTitles))
    }
    guard grouped else { return .empty }
    return GroupedRecords(offsets: [0, Int32(kept.count)], records: kept, titles: .untitled)
  }

  /// Whether every record is kept and grouped by a field: then the records are 0, 1, 2… and
  /// need no list of their own.
  private var keepsAll: Bool { groupField != nil && filter == nil }

  /// When the last intermediate snapshot was published (uptime nanoseconds; 0: none yet).
  private var lastSnapshot: UInt64 = 0
  /// Whether records were grouped since the last snapshot.
  private var unpublished = false

  /// Groups, filters and sorts to the end, publishing snapshots on the way and the final
  /// index last (what `index` held when cancelled); returns when that is published.
  private func work() -> Bool {
    let started = DispatchTime.now().uptimeNanoseconds
    let doneAtStart = done
    while true {
      if isCancelled {
        publish(current, final: true)
        releaseTables()
        return true
      }
      let complete = source.isComplete
      let available = source.recordCount
      if available > done {
        // Chunks keep snapshots coming and let the mapped pages go as grouping passes them.
        let to = min(available, done + 65_536)
        group(done..<to)
        source.capabilities.pageReleasing?.releasePages(of: done..<to)
        done = to
        setProgress(scanShare * Double(done) / Double(max(1, available)))
        let last = complete && done == available
        // A snapshot copies every group: with a million of them, one per chunk would cost more
        // than the grouping, so between the first and the last they come at most 4 times a
        // second, only once the last one published was read, and not when the rest of a complete
        // source should be done within that quarter second anyway (at the pace so far): the
        // screen would reload a nearly whole grouping only to reload the whole one just after.
        let now = DispatchTime.now().uptimeNanoseconds
        let pace = Double(now - started) / Double(max(1, done - doneAtStart))
        let nearlyDone = complete && pace * Double(available - done) < 250_000_000
        let due =
          (lastSnapshot == 0 || now - lastSnapshot >= 250_000_000) && isCurrentRead && !nearlyDone
        if (!last && due) || (last && sortKeys.isEmpty) {
          lastSnapshot = now
          unpublished = false
          if last { table.releaseSlots() }
          publish(snapshot(), final: last && sortKeys.isEmpty)
        } else {
          unpublished = !last
        }
      } else if !complete {
        // Waiting for the source (a stream): what was grouped meanwhile is shown now.
        if unpublished && isCurrentRead {
          unpublished = false
          lastSnapshot = DispatchTime.now().uptimeNanoseconds
          publish(snapshot(), final: false)
        }
        // Woken by the indexer; the timeout only bounds how late a cancel is noticed.
        source.waitForRecords(beyond: available, timeout: 0.25)
      }
      if complete && done >= available {
        table.releaseSlots()
        if !sortKeys.isEmpty {
          publish(SectionedIndex(groups: sortedGroups()), final: true)
        } else if !isFinished {
          publish(snapshot(), final: true)
        }
        releaseTables()
        return true
      }
    }
  }

  /// Lets the worker's tables go once the final arrangement is published: it holds the records
  /// in their groups and shares the keys, and nothing is grouped after it, so the records kept,
  /// their group numbers and the hash slots (24 MB for a million groups) would only stay as long
  /// as the arranger.
  private func releaseTables() {
    kept = []
    groupOf = GroupNumbers()
    table.releaseSlots()
  }

  private var isCurrentRead: Bool {
    state.lock()
    defer { state.unlock() }
    return currentRead
  }

  private var isFinished: Bool {
    state.lock()
    defer { state.unlock() }
    return finished
  }

  /// The records kept from one piece of the file, each with its group key's hash and bytes.
  private struct Keyed {
    var kept: [Int32] = []
    var hashes: [UInt64] = []
    /// The keys end to end; key i ends at `ends[i]`.
    var bytes: [UInt8] = []
    var ends: [Int] = []
  }

  /// The records filtered between two looks at the cancel flag.
  static let cancelBatch = 1024

  private func group(_ records: Range<Int>) {
    grouped = true
    // Matching, reading the group keys and hashing them run on every core; numbering the groups
    // runs here, in file order, so groups come in order of first appearance.
    let pieces = ParallelWork.map(records) { range -> Keyed in
      var piece = Keyed()
      if let filter {
        // In batches, the cancel flag looked at between them: a replaced filter over fat
        // records stops within a batch, not at the end of its chunk.
        let matcher = FilterMatcher(filter, source: source)
        var from = range.lowerBound
        while from < range.upperBound, !isCancelled {
          let to = min(range.upperBound, from + Self.cancelBatch)
          matcher.appendKept(from..<to, to: &piece.kept)
          from = to
        }
      } else {
        piece.kept = range.map { Int32($0) }
      }
      if let field = groupField { readKeys(field, into: &piece) }
      return piece
    }
    guard groupField != nil else {
      for piece in pieces { kept.append(contentsOf: piece.kept) }
      return
    }
    // Worked on as locals, not through `self` (which checks each access for exclusivity); the
    // properties are emptied meanwhile so the locals hold the only reference and grow in place.
    var table = self.table
    var groupOf = self.groupOf
    self.table = GroupTable()
    self.groupOf = GroupNumbers()
    var numbers: [Int32] = []
    for piece in pieces {
      numbers.removeAll(keepingCapacity: true)
      numbers.reserveCapacity(piece.ends.count)
      piece.bytes.withUnsafeBytes { bytes in
        var start = 0
        for (i, end) in piece.ends.enumerated() {
          let key = UnsafeRawBufferPointer(rebasing: bytes[start..<end])
          numbers.append(table.group(of: key, hash: piece.hashes[i]))
          start = end
        }
      }
      groupOf.append(contentsOf: numbers)
      if !keepsAll { kept.append(contentsOf: piece.kept) }
    }
    self.table = table
    self.groupOf = groupOf
  }

  /// The group key of each record `piece` keeps: its value of `field` ("(empty)" for an empty
  /// value), non-ASCII text in its canonical composition, as Swift compares strings.
  private func readKeys(_ field: Int, into piece: inout Keyed) {
    piece.hashes.reserveCapacity(piece.kept.count)
    piece.ends.reserveCapacity(piece.kept.count)
    let fast = source.capabilities.fieldBytes
    for record in piece.kept {
      let start = piece.bytes.count
      let ascii: Bool
      if let fast {
        ascii = fast.withFieldBytes(Int(record), field) { value in
          piece.bytes.append(contentsOf: value)
          return !value.contains { $0 >= 0x80 }
        }
      } else {
        let value = source.value(Int(record), field)
        piece.bytes.append(contentsOf: value.utf8)
        ascii = !value.utf8.contains { $0 >= 0x80 }
      }
      if piece.bytes.count == start {
        piece.bytes.append(contentsOf: "(empty)".utf8)
      } else if !ascii {
        let text = String(decoding: piece.bytes[start...], as: UTF8.self)
        piece.bytes.removeSubrange(start...)
        piece.bytes.append(contentsOf: text.precomposedStringWithCanonicalMapping.utf8)
      }
      piece.bytes.withUnsafeBytes { bytes in
        piece.hashes.append(GroupTable.hash(UnsafeRawBufferPointer(rebasing: bytes[start...])))
      }
      piece.ends.append(piece.bytes.count)
    }
  }

  /// The records kept in their groups, each group sorted by `sortKeys` (as they were when the
  /// sort is cancelled).
  private func sortedGroups() -> GroupedRecords {
    var sorted = groups()
    guard !sortKeys.isEmpty else { return sorted }
    // The records are in `sorted` now, and nothing is grouped after the final sort: the
    // worker's own list would stay alive beside it through the sort (40 MB for 10M records).
    releaseTables()
    let share = scanShare
    // One untitled group: its first and last records are shown before the rest is sorted.
    var provisional: ((ProvisionalOrder) -> Void)?
    if groupField == nil && definedTitles == nil {
      provisional = { [weak self] order in
        self?.publish(.provisional(order), final: false)
        BackgroundWork.didFinish()
      }
    }
    _ = SortKeys.sort(
      &sorted.records, groups: sorted.offsets, source: source, keys: sortKeys,
      progress: { [weak self] done in self?.setProgress(share + (1 - share) * done * 0.9) },
      isCancelled: { [weak self] in self?.isCancelled ?? true }, provisional: provisional)
    return sorted
  }
}
