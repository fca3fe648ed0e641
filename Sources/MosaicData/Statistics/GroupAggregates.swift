import Foundation

/// One field's numbers added up per section of a grouped view (`s`): each group's records,
/// numbers, sum, mean, minimum and maximum, for the group summary under `I`.
///
/// UIKit has no counterpart; it is a fetch request's `GROUP BY` with `sum:`, `average:`, `min:`
/// and `max:` expressions. Computed on a background thread (`start`), the sections read in
/// parallel; missing values (`MissingValues`) and text are no numbers.
public final class GroupAggregates: @unchecked Sendable {
  /// One group's figures.
  public struct Group: Equatable, Sendable {
    /// The section's title (nil for an untitled section).
    public var title: String?
    /// The records in the section.
    public var records: Int
    /// The values that read as numbers.
    public var numbers: Int
    /// Their sum (0 when none).
    public var sum: Double
    /// The smallest and largest, nil when there are no numbers.
    public var minimum: Double?
    /// The largest.
    public var maximum: Double?

    /// The mean, nil when there are no numbers.
    public var mean: Double? { numbers > 0 ? sum / Double(numbers) : nil }
  }

  /// The field added up.
  public let field: Int
  /// The thread, cancel flag and result.
  private let job = BackgroundJob<[Group]>()

  /// Starts adding up `field` of each section of `index` (records of `source`) in the
  /// background, at most `limit` sections (the first ones).
  public init(
    source: any RecordSource, index: SectionedIndex, field: Int,
    missing: MissingValues = .empty, limit: Int = 10_000
  ) {
    self.field = field
    job.start { control in
      Self.compute(
        source: source, index: index, field: field, missing: missing, limit: limit,
        cancellation: control.cancellation)
    }
  }

  /// The groups' figures once computed, nil before (and after `cancel()`).
  public var result: [Group]? { job.result }

  /// Stops the work; `result` stays nil.
  public func cancel() { job.cancel() }

  /// The groups' figures, now, on the calling thread (and the cores the work is split over);
  /// nil when cancelled.
  ///
  /// - Complexity: O(records × bytes of the record before the field).
  public static func compute(
    source: any RecordSource, index: SectionedIndex, field: Int, missing: MissingValues,
    limit: Int = 10_000, cancellation: Cancellation = Cancellation()
  ) -> [Group]? {
    let sections = index.sections.prefix(limit)
    var groups: [Group] = []
    groups.reserveCapacity(sections.count)
    for section in sections {
      if cancellation.isCancelled { return nil }
      let parts = ParallelWork.map(0..<section.count, minimumPiece: 16_384) { items -> Group in
        var group = Group(title: nil, records: items.count, numbers: 0, sum: 0)
        for item in items {
          let text = source.value(section.record(at: item), field)
          guard !missing.isMissing(text), let number = NumberText.value(text) else { continue }
          group.numbers += 1
          group.sum += number
          group.minimum = min(group.minimum ?? number, number)
          group.maximum = max(group.maximum ?? number, number)
        }
        return group
      }
      var group = Group(title: section.title, records: 0, numbers: 0, sum: 0)
      for part in parts {
        group.records += part.records
        group.numbers += part.numbers
        group.sum += part.sum
        if let low = part.minimum { group.minimum = min(group.minimum ?? low, low) }
        if let high = part.maximum { group.maximum = max(group.maximum ?? high, high) }
      }
      groups.append(group)
    }
    return cancellation.isCancelled ? nil : groups
  }
}
