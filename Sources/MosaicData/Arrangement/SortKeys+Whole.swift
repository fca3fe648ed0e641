import Foundation

extension SortKeys {
  /// Sorts one group of records in file order (the first sort of a whole file) in 13 bytes a
  /// record at its peak, where the general path takes 40: the keys are read into an array of
  /// 64-bit words (the first 8 bytes of a text's key; a number's whole key) and a byte of kind
  /// each, text's second word only where there is text; the numbers' keys are then packed in
  /// place beside their positions and put in order in place (`flagSort`), no second buffer.
  /// Same order, ties and cancellation as the general path.
  ///
  /// With `provisional`, the first and last `endLimit` records of the order are picked out as
  /// the keys are read (a bounded heap per core, `KeySelection`) and handed to it before the
  /// rest is put in order: a sorted first screen of 10M records need not wait for the sort.
  static func sortWhole(
    _ records: inout [Int32], source: any RecordSource, field: Int, descending: Bool,
    missing: MissingValues = .empty, asText: Bool = false,
    progress: @escaping @Sendable (Double) -> Void,
    isCancelled: @escaping @Sendable () -> Bool,
    findsTies: Bool, ties: inout [Int32],
    provisional: ((ProvisionalOrder) -> Void)? = nil
  ) -> Bool {
    let total = records.count
    // Small sorts are over before the ends would be worth showing on their own.
    let endLimit = provisional != nil && total >= 32 * Self.endLimit ? Self.endLimit : 0
    // Every record in file order (no filter) is 0, 1, 2, …: the list need not be kept while
    // the keys are, which saves 4 bytes a record at the peak. Strictly ascending, as a first
    // sort's list is, from 0 to total - 1 means exactly that.
    let isEveryRecord = records.first == 0 && records.last == Int32(total - 1)
    let flat = isEveryRecord ? [] : records
    if isEveryRecord { records = [] }
    /// The list as it was, for a cancelled sort to leave behind.
    func restored() -> Bool {
      if isEveryRecord { records = Array(0..<Int32(total)) }
      return false
    }
    @inline(__always) func record(at position: Int) -> Int32 {
      isEveryRecord ? Int32(position) : flat[position]
    }
    let counter = ProgressCounter(total: total, report: progress)
    let releasing = source.capabilities.pageReleasing
    let fast = source.capabilities.fieldBytes
    // A large allocation's untouched pages cost no memory: `low` is written only for text.
    var high = [UInt64](unsafeUninitializedCapacity: total) { _, count in count = total }
    var low = [UInt64](unsafeUninitializedCapacity: total) { _, count in count = total }
    var kinds = [UInt8](unsafeUninitializedCapacity: total) { _, count in count = total }
    let pieces = high.withUnsafeMutableBufferPointer { highs in
      low.withUnsafeMutableBufferPointer { lows in
        kinds.withUnsafeMutableBufferPointer { kindSlots in
          let (highs, lows, kindSlots) = (highs, lows, kindSlots)
          return ParallelWork.map(0..<total) { range -> Piece? in
            var long: [Int: String] = [:]
            var first = KeySelection(limit: endLimit, fromEnd: false)
            var last = KeySelection(limit: endLimit, fromEnd: true)
            func precedes(_ a: Key, _ b: Key) -> Bool {
              Self.precedes(a, b, descending: descending) { long[Int($0)] }
            }
            var start = range.lowerBound
            while start < range.upperBound {
              if isCancelled() { return nil }
              let end = min(range.upperBound, start + 16_384)
              for position in start..<end {
                let record = isEveryRecord ? position : Int(flat[position])
                let (key, text) = Self.key(
                  of: record, field, source: source, fast: fast, descending: descending,
                  missing: missing, asText: asText)
                let isLong = text != nil
                if let text { long[position] = text }
                highs[position] = key.high
                if key.kind == Self.text { lows[position] = key.low }
                kindSlots[position] = key.kind | (isLong ? Self.longFlag : 0)
                if endLimit > 0 {
                  let whole = Key(
                    high: key.high, low: key.kind == Self.text ? key.low : 0, kind: key.kind,
                    isLong: isLong, position: Int32(position))
                  first.offer(whole, precedes: precedes)
                  last.offer(whole, precedes: precedes)
                }
              }
              let firstRecord = isEveryRecord ? start : Int(flat[start])
              let lastRecord = isEveryRecord ? end - 1 : Int(flat[end - 1])
              releasing?.releasePages(of: firstRecord..<(lastRecord + 1))
              counter.add(end - start)
              start = end
            }
            return Piece(long: long, first: first.heap, last: last.heap)
          }
        }
      }
    }
    var longTexts: [Int: String] = [:]
    for piece in pieces {
      guard let piece else { return restored() }
      longTexts.merge(piece.long) { a, _ in a }
    }
    if isCancelled() { return restored() }
    if let provisional, endLimit > 0 {
      // Each core's ends hold the whole order's: its first (last) keys are among theirs.
      let less = Self.order(long: longTexts, descending: descending)
      let firsts = pieces.flatMap { $0?.first ?? [] }.sorted(by: less).prefix(endLimit)
      let lasts = pieces.flatMap { $0?.last ?? [] }.sorted(by: less).suffix(endLimit)
      provisional(
        ProvisionalOrder(
          firstPositions: firsts.map(\.position), lastPositions: lasts.map(\.position),
          list: flat, count: total))
    }
    var numberCount = 0
    var textCount = 0
    for kind in kinds {
      switch kind & ~Self.longFlag {
      case Self.number: numberCount += 1
      case Self.text: textCount += 1
      default: break
      }
    }
    // Text: keys with their positions, compared as the general path compares them.
    var texts: [Key] = []
    texts.reserveCapacity(textCount)
    var empties: [Int32] = []
    empties.reserveCapacity(total - numberCount - textCount)
    if textCount > 0 || numberCount < total {
      for position in 0..<total {
        let kind = kinds[position] & ~Self.longFlag
        if kind == Self.text {
          texts.append(
            Key(
              high: high[position], low: low[position], kind: Self.text,
              isLong: kinds[position] & Self.longFlag != 0, position: Int32(position)))
        } else if kind != Self.number {
          empties.append(Int32(position))
        }
      }
    }
    low = []
    let less = Self.order(long: longTexts, descending: descending)
    ParallelWork.sort(&texts, by: less)
    // The numbers' keys packed to the front of `high`, in place, beside their positions.
    var positions = [Int32](unsafeUninitializedCapacity: numberCount) { _, count in
      count = numberCount
    }
    var packed = 0
    high.withUnsafeMutableBufferPointer { highs in
      positions.withUnsafeMutableBufferPointer { positions in
        for position in 0..<total where kinds[position] == Self.number {
          highs[packed] = highs[position]
          positions[packed] = Int32(position)
          packed += 1
        }
      }
    }
    kinds = []
    if isCancelled() { return restored() }
    high.withUnsafeMutableBufferPointer { highs in
      positions.withUnsafeMutableBufferPointer { positions in
        flagSort(
          keys: highs.baseAddress!, positions: positions.baseAddress!, range: 0..<numberCount,
          shift: 56)
      }
    }
    if findsTies {
      Self.appendRuns(to: &ties, start: 0, count: numberCount) { high[$0 - 1] == high[$0] }
      let same = Self.sameValue(long: longTexts)
      Self.appendRuns(to: &ties, start: numberCount, count: texts.count) {
        same(texts[$0 - 1], texts[$0])
      }
      if empties.count > 1 {
        ties.append(Int32(numberCount + texts.count))
        ties.append(Int32(total))
      }
    }
    high = []
    if isCancelled() { return restored() }
    // The order as records: the positions become records in place when numbers are all there
    // is (the common case of a numeric column), else one array of them all.
    if numberCount == total {
      positions.withUnsafeMutableBufferPointer { positions in
        if !isEveryRecord {
          for i in 0..<total { positions[i] = flat[Int(positions[i])] }
        }
      }
      records = positions
      return true
    }
    var sorted = [Int32]()
    sorted.reserveCapacity(total)
    for position in positions { sorted.append(record(at: Int(position))) }
    positions = []
    for key in texts { sorted.append(record(at: Int(key.position))) }
    for position in empties { sorted.append(record(at: Int(position))) }
    records = sorted
    return true
  }

  /// What one core read of the keys: its long texts, and its first and last keys when the ends
  /// are picked out.
  private struct Piece {
    var long: [Int: String]
    var first: [Key]
    var last: [Key]
  }

  /// How many records at each end of a whole sort are picked out ahead of it: a first screen,
  /// the pages around it and the last pages (End), on the tallest terminals.
  static let endLimit = 2048

  /// A kind byte's flag: the text is longer than its key holds.
  static let longFlag: UInt8 = 0x80

  /// Puts `keys[range]` in ascending order, each position moving with its key, and equal keys
  /// in ascending position: an American flag sort (most significant 8 bits first, each bucket
  /// permuted in place by following cycles), buckets of a few sorted by comparison.
  ///
  /// - Complexity: O(n) passes of 8 bits, at most 8 deep; no memory but 256 counters a level.
  static func flagSort(
    keys: UnsafeMutablePointer<UInt64>, positions: UnsafeMutablePointer<Int32>,
    range: Range<Int>, shift: Int
  ) {
    let count = range.count
    guard count > 1 else { return }
    if count <= 48 || shift < 0 {
      // Insertion sort by (key, position): few, or keys all equal (shift < 0).
      if shift < 0 {
        var equal = UnsafeMutableBufferPointer(start: positions + range.lowerBound, count: count)
        equal.sort()
        return
      }
      for i in (range.lowerBound + 1)..<range.upperBound {
        let key = keys[i]
        let position = positions[i]
        var j = i
        while j > range.lowerBound
          && (keys[j - 1] > key || (keys[j - 1] == key && positions[j - 1] > position))
        {
          keys[j] = keys[j - 1]
          positions[j] = positions[j - 1]
          j -= 1
        }
        keys[j] = key
        positions[j] = position
      }
      return
    }
    let digitShift = UInt64(shift)
    withUnsafeTemporaryAllocation(of: Int.self, capacity: 512) { counters in
      let counts = counters.baseAddress!
      let heads = counts + 256
      for bucket in 0..<256 { counts[bucket] = 0 }
      for i in range { counts[Int((keys[i] >> digitShift) & 0xFF)] += 1 }
      // Every key shares this digit: look at the next without moving anything.
      if counts[Int((keys[range.lowerBound] >> digitShift) & 0xFF)] == count {
        flagSort(keys: keys, positions: positions, range: range, shift: shift - 8)
        return
      }
      var sum = range.lowerBound
      for bucket in 0..<256 {
        heads[bucket] = sum
        sum += counts[bucket]
      }
      // Each bucket's end, kept in `counts` from here on.
      for bucket in 0..<256 { counts[bucket] += heads[bucket] }
      for bucket in 0..<256 {
        while heads[bucket] < counts[bucket] {
          let i = heads[bucket]
          var key = keys[i]
          var position = positions[i]
          var digit = Int((key >> digitShift) & 0xFF)
          while digit != bucket {
            let j = heads[digit]
            heads[digit] += 1
            swap(&key, &keys[j])
            swap(&position, &positions[j])
            digit = Int((key >> digitShift) & 0xFF)
          }
          keys[i] = key
          positions[i] = position
          heads[bucket] += 1
        }
      }
      var start = range.lowerBound
      for bucket in 0..<256 {
        let end = counts[bucket]
        if end - start > 1 {
          flagSort(keys: keys, positions: positions, range: start..<end, shift: shift - 8)
        }
        start = end
      }
    }
  }
}
