import Foundation

/// Splits bulk work over records (filtering, reading sort keys, sorting) across the machine's
/// cores. No UIKit counterpart.
enum ParallelWork {
  /// How many pieces to split work into: one per core.
  static let width = max(1, ProcessInfo.processInfo.activeProcessorCount)

  /// `range` cut into at most `width` consecutive pieces of at least `minimumPiece` elements.
  static func pieces(of range: Range<Int>, minimumPiece: Int = 4096) -> [Range<Int>] {
    let count = min(width, max(1, range.count / max(1, minimumPiece)))
    guard count > 1 else { return [range] }
    return (0..<count).map { i in
      (range.lowerBound + range.count * i / count)..<(range.lowerBound + range.count * (i + 1)
        / count)
    }
  }

  /// `body` applied to each piece of `range`, the pieces run at once, the results in order.
  static func map<T>(
    _ range: Range<Int>, minimumPiece: Int = 4096, _ body: (Range<Int>) -> T
  ) -> [T] {
    let parts = pieces(of: range, minimumPiece: minimumPiece)
    guard parts.count > 1 else { return parts.map(body) }
    var results = [T?](repeating: nil, count: parts.count)
    withoutActuallyEscaping(body) { body in
      results.withUnsafeMutableBufferPointer { buffer in
        // Each iteration writes its own slot only, and `body` reads shared state only (the
        // callers' contract), so the pieces may run at once.
        let work = Unchecked(slots: buffer, body: body)
        DispatchQueue.concurrentPerform(iterations: parts.count) { i in
          work.slots[i] = work.body(parts[i])
        }
      }
    }
    return results.map { $0! }
  }

  /// Sorts `elements` by `less`: the pieces are sorted at once, then merged.
  static func sort<T>(_ elements: inout [T], by less: (T, T) -> Bool) {
    let parts = pieces(of: 0..<elements.count, minimumPiece: 65_536)
    guard parts.count > 1 else {
      elements.sort(by: less)
      return
    }
    var sorted = map(0..<parts.count, minimumPiece: 1) { which -> [T] in
      var piece = Array(elements[parts[which.lowerBound]])
      piece.sort(by: less)
      return piece
    }
    while sorted.count > 1 {
      var next: [[T]] = []
      var i = 0
      while i < sorted.count {
        if i + 1 < sorted.count {
          next.append(merge(sorted[i], sorted[i + 1], by: less))
        } else {
          next.append(sorted[i])
        }
        i += 2
      }
      sorted = next
    }
    elements = sorted[0]
  }

  /// The sorted `a` and `b` merged; on ties `a`'s element first (so a stable order stays stable).
  private static func merge<T>(_ a: [T], _ b: [T], by less: (T, T) -> Bool) -> [T] {
    var out: [T] = []
    out.reserveCapacity(a.count + b.count)
    var i = 0
    var j = 0
    while i < a.count && j < b.count {
      if less(b[j], a[i]) {
        out.append(b[j])
        j += 1
      } else {
        out.append(a[i])
        i += 1
      }
    }
    out.append(contentsOf: a[i...])
    out.append(contentsOf: b[j...])
    return out
  }

  /// What the concurrent iterations share: disjoint slots and a body that only reads.
  private struct Unchecked<T>: @unchecked Sendable {
    let slots: UnsafeMutableBufferPointer<T?>
    let body: (Range<Int>) -> T
  }
}
