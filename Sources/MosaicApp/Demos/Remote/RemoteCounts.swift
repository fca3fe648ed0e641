/// What `mosaic demo remote` has asked of its simulated server, for its counters line.
struct RemoteCounts: Equatable {
  /// Records asked for ahead of time, through `collectionView(_:prefetchItemsAt:)`.
  var prefetched = 0
  /// Records asked for by `cellForItemAt` because no prefetch had asked (a jump, the first
  /// screen, prefetching off).
  var onDemand = 0
  /// Records that arrived.
  var loaded = 0
  /// Prefetches withdrawn through `collectionView(_:cancelPrefetchingForItemsAt:)`.
  var cancelled = 0

  /// "prefetched 12 · on demand 6 · loaded 15 · cancelled 3 · in flight 0".
  func line(inFlight: Int) -> String {
    "prefetched \(prefetched.groupedDigits()) · on demand \(onDemand.groupedDigits())"
      + " · loaded \(loaded.groupedDigits()) · cancelled \(cancelled.groupedDigits())"
      + " · in flight \(inFlight.groupedDigits())"
  }
}
