extension SortKeys {
  /// Sorts each group of `records` (group g being `records[groups[g]..<groups[g + 1]]`) by
  /// `keys`: by the first as `sort(_:groups:source:field:descending:progress:isCancelled:)` does,
  /// then each run of records that key leaves tied by the next key, and so on; the ties left keep
  /// list order. Reports the fraction done to `progress` and returns false, leaving `records` as
  /// they were, when `isCancelled` turns true.
  ///
  /// Only the records a key leaves tied have the next key's values read, so a first key with
  /// few ties (an amount, a date) costs the following keys next to nothing, and the memory held
  /// is at most that of one single-key sort.
  ///
  /// `provisional` is given the order's ends ahead of the rest when there is one key and one
  /// group in file order (`sortWhole`); with more keys the first one's ends may be tied.
  ///
  /// - Complexity: a single-key sort of the records, plus one of the tied records per further
  ///   key.
  static func sort(
    _ records: inout [Int32], groups: [Int32], source: any RecordSource, keys: [SortKey],
    progress: @escaping @Sendable (Double) -> Void = { _ in },
    isCancelled: @escaping @Sendable () -> Bool = { false },
    provisional: ((ProvisionalOrder) -> Void)? = nil
  ) -> Bool {
    // A later key on a field already sorted by has no ties of that field's to break.
    var distinct: [SortKey] = []
    for key in keys where !distinct.contains(where: { $0.field == key.field }) {
      distinct.append(key)
    }
    guard let first = distinct.first else { return true }
    guard distinct.count > 1 else {
      return sort(
        &records, groups: groups, source: source, field: first.field,
        descending: first.descending, missing: first.missing, asText: first.sortsAsText,
        progress: progress, isCancelled: isCancelled, provisional: provisional)
    }
    // The first key reads every record; the others share what is left of the bar.
    let firstShare = 0.6
    let laterShare = (1 - firstShare) / Double(distinct.count - 1)
    var working = records
    // As the first key's sort: only records in file order, and not in groups, give their pages
    // back.
    let releasing = groups.count == 2 ? source.capabilities.pageReleasing : nil
    var ties: [Int32] = []
    guard
      sort(
        &working, groups: groups, source: source, field: first.field,
        descending: first.descending, missing: first.missing, asText: first.sortsAsText,
        progress: { progress($0 * firstShare) },
        isCancelled: isCancelled, inFileOrder: true, findsTies: true, ties: &ties)
    else { return false }
    for (level, key) in distinct.dropFirst().enumerated() {
      guard !ties.isEmpty else { break }
      // The tied runs, gathered end to end, are the groups of the next sort.
      var tied: [Int32] = []
      var offsets: [Int32] = [0]
      offsets.reserveCapacity(ties.count / 2 + 1)
      for pair in stride(from: 0, to: ties.count, by: 2) {
        tied.append(contentsOf: working[Int(ties[pair])..<Int(ties[pair + 1])])
        offsets.append(Int32(tied.count))
      }
      var next: [Int32] = []
      let findsTies = key != distinct.last
      let from = firstShare + Double(level) * laterShare
      guard
        sort(
          &tied, groups: offsets, source: source, field: key.field, descending: key.descending,
          missing: key.missing, asText: key.sortsAsText,
          progress: { progress(from + $0 * laterShare) }, isCancelled: isCancelled,
          inFileOrder: false, findsTies: findsTies, ties: &next)
      else { return false }
      // Back in place; the runs still tied are renumbered from `tied` to `working`.
      var nextTies: [Int32] = []
      nextTies.reserveCapacity(next.count)
      var run = 0
      for pair in stride(from: 0, to: ties.count, by: 2) {
        let start = Int(ties[pair])
        let offset = Int(offsets[pair / 2])
        let count = Int(offsets[pair / 2 + 1]) - offset
        working.replaceSubrange(start..<(start + count), with: tied[offset..<(offset + count)])
        // `next` lists runs in order, each inside one group.
        while run < next.count && Int(next[run]) < offset + count {
          nextTies.append(Int32(start + Int(next[run]) - offset))
          nextTies.append(Int32(start + Int(next[run + 1]) - offset))
          run += 2
        }
      }
      ties = nextTies
      // The tied runs interleave through the file, so their pages cannot go chunk by chunk as
      // the first key's do; they go once the key is read (a city then an amount would otherwise
      // leave the whole file resident).
      if let releasing, let low = tied.min(), let high = tied.max() {
        releasing.releasePages(of: Int(low)..<(Int(high) + 1))
      }
    }
    if isCancelled() { return false }
    records = working
    return true
  }
}
