import Foundation

/// Everything a flow layout computes in `prepare()`: the sections along the scroll axis and, for
/// each, how its items are placed.
///
/// Built in one pass over the sections; a uniform section stores no per-item data. Queries find
/// the sections they need by binary search over the greatest span so far.
@MainActor
struct FlowGeometry {
  /// Which axis scrolls.
  var axes: FlowAxes
  /// The view's extent on the line axis, `D`.
  var lineExtent: Double
  /// The content's extent on the scroll axis: the sum of the sections.
  var scrollExtent: Double
  /// The sections, in order.
  var sections: [FlowSection]
  /// `spanMaxPrefix[i]` is the greatest `spanMax` of sections 0...i (never decreases); empty
  /// when the sections' spans already never decrease in order (no negative insets), as both
  /// arrays then repeat the sections' own values: 16 MB saved for a million sections.
  private var spanMaxPrefix: [Double]
  /// `spanMinSuffix[i]` is the least `spanMin` of sections i... (never decreases); empty with
  /// `spanMaxPrefix`.
  private var spanMinSuffix: [Double]

  /// The geometry of no content at all.
  init(axes: FlowAxes) {
    self.axes = axes
    lineExtent = 0
    scrollExtent = 0
    sections = []
    spanMaxPrefix = []
    spanMinSuffix = []
  }

  /// Computes the geometry of `layout`'s content, reading its data source and delegate.
  ///
  /// - Complexity: O(s + p) for s sections and p items in per-item sections; O(1) per
  ///   uniform section whatever its item count.
  init(layout: FlowLayout) {
    let axes = FlowAxes(isVertical: layout.scrollDirection == .vertical)
    self.init(axes: axes)
    let bounds = layout.visibleRectForPlacement
    lineExtent = flowCleanSize(axes.length(bounds.size))
    guard let dataSource = layout.dataSource else { return }
    let delegate = layout.delegate ?? dataSource.flowLayoutMetrics
    let sectionCount = max(0, dataSource.numberOfSections)
    sections.reserveCapacity(sectionCount)
    var cursor = 0.0
    var style: FlowSectionStyle?
    for section in 0..<sectionCount {
      let built = Self.section(
        section, count: max(0, dataSource.numberOfItems(inSection: section)), start: cursor,
        lineExtent: lineExtent, axes: axes, layout: layout, delegate: delegate, previous: style)
      sections.append(built)
      style = built.style
      cursor = built.end
    }
    scrollExtent = cursor
    indexSpans()
  }

  /// The greatest `spanMax` of sections 0...`index`.
  @inline(__always)
  func greatestSpanMax(through index: Int) -> Double {
    spanMaxPrefix.isEmpty ? sections[index].spanMax : spanMaxPrefix[index]
  }

  /// The least `spanMin` of sections `index`...
  @inline(__always)
  func leastSpanMin(from index: Int) -> Double {
    spanMinSuffix.isEmpty ? sections[index].spanMin : spanMinSuffix[index]
  }

  /// Fills the search arrays, or leaves them empty when the sections' spans never decrease in
  /// order (then each section's own values are the prefix maximum and suffix minimum).
  ///
  /// - Complexity: O(s) for s sections.
  private mutating func indexSpans() {
    spanMaxPrefix = []
    spanMinSuffix = []
    var ordered = true
    var previous = (min: -Double.infinity, max: -Double.infinity)
    for section in sections {
      let span = (min: section.spanMin, max: section.spanMax)
      if span.min < previous.min || span.max < previous.max {
        ordered = false
        break
      }
      previous = span
    }
    guard !ordered else { return }
    let count = sections.count
    spanMaxPrefix.reserveCapacity(count)
    var highest = -Double.infinity
    for section in sections {
      highest = max(highest, section.spanMax)
      spanMaxPrefix.append(highest)
    }
    spanMinSuffix = [Double](repeating: 0, count: count)
    var lowest = Double.infinity
    for index in stride(from: count - 1, through: 0, by: -1) {
      lowest = min(lowest, sections[index].spanMin)
      spanMinSuffix[index] = lowest
    }
  }

  /// Builds one section starting at `start` on the scroll axis (rules 1, 2, 8, 9), sharing
  /// `previous` (the section before's style) when its values are the same.
  private static func section(
    _ section: Int, count: Int, start: Double, lineExtent: Double, axes: FlowAxes,
    layout: FlowLayout, delegate: (any FlowLayoutMetrics)?, previous: FlowSectionStyle?
  ) -> FlowSection {
    let inset = delegate?.flowLayout(layout, insetForSectionAt: section) ?? layout.sectionInset
    let lineSpacing = flowCleanLength(
      delegate?.flowLayout(layout, minimumLineSpacingForSectionAt: section)
        ?? layout.minimumLineSpacing)
    let interitemSpacing = flowCleanLength(
      delegate?.flowLayout(layout, minimumInteritemSpacingForSectionAt: section)
        ?? layout.minimumInteritemSpacing)
    let header = flowCleanSize(
      axes.thickness(
        delegate?.flowLayout(layout, referenceSizeForHeaderInSection: section)
          ?? layout.headerReferenceSize))
    let footer = flowCleanSize(
      axes.thickness(
        delegate?.flowLayout(layout, referenceSizeForFooterInSection: section)
          ?? layout.footerReferenceSize))
    let begin = flowCleanLength(axes.isVertical ? inset.left : inset.top)
    let end = flowCleanLength(axes.isVertical ? inset.right : inset.bottom)
    let metrics = FlowSectionMetrics(
      before: flowCleanLength(axes.isVertical ? inset.top : inset.left),
      after: flowCleanLength(axes.isVertical ? inset.bottom : inset.right), begin: begin,
      room: lineExtent - begin - end, interitemSpacing: interitemSpacing,
      lineSpacing: lineSpacing)

    var linesStart = start
    linesStart += header
    linesStart += metrics.before
    var items = FlowSection.Items.none
    var estimated: (length: Double, thickness: Double)?
    if count > 0 {
      // A stated uniform size first; then item 0's: nil there means the layout's `itemSize`
      // (or its estimate) for the whole section, so neither path asks for each item.
      let uniformSize = delegate?.flowLayout(layout, uniformSizeForItemsInSection: section)
      let firstSize =
        uniformSize == nil
        ? delegate?.flowLayout(layout, sizeForItemAt: IndexPath(item: 0, section: section)) : nil
      if let uniformSize {
        items = .uniform(
          length: flowCleanSize(axes.length(uniformSize)),
          thickness: flowCleanSize(axes.thickness(uniformSize)))
      } else if let delegate, let firstSize {
        let sizes = collectSizes(
          section, count: count, first: firstSize, axes: axes, layout: layout, delegate: delegate)
        items = Self.items(
          values: sizes.values, allSame: sizes.allSame, fitsInFloat: sizes.fitsInFloat,
          count: count, metrics, linesStart)
      } else if let estimate = layout.activeEstimate {
        let size = (
          length: flowCleanSize(axes.length(estimate)),
          thickness: flowCleanSize(axes.thickness(estimate))
        )
        estimated = size
        items = Self.estimatedItems(
          count: count, estimate: size, measured: layout.measuredItemSizes[section], axes: axes,
          metrics, linesStart)
      } else {
        items = .uniform(
          length: flowCleanSize(axes.length(layout.itemSize)),
          thickness: flowCleanSize(axes.thickness(layout.itemSize)))
      }
    }
    var itemSize = (length: 0.0, thickness: 0.0)
    if case .uniform(let length, let thickness) = items { itemSize = (length, thickness) }
    let style =
      previous?.reused(
        metrics: metrics, headerThickness: header, footerThickness: footer, estimate: estimated,
        itemSize: itemSize)
      ?? FlowSectionStyle(
        metrics: metrics, headerThickness: header, footerThickness: footer, estimate: estimated,
        itemSize: itemSize)
    return FlowSection(itemCount: count, start: start, style: style, items: items)
  }

  /// The placement of items of the interleaved (length, thickness) sizes `values`, cleaned:
  /// the uniform path when they are all the same, else the per-item path (rule 2).
  private static func items(
    values: [Double], allSame: Bool, fitsInFloat: Bool, count: Int,
    _ metrics: FlowSectionMetrics, _ linesStart: Double
  ) -> FlowSection.Items {
    if allSame { return .uniform(length: values[0], thickness: values[1]) }
    return .perItem(
      FlowItemLines(
        sizes: FlowSizeStore(interleaved: values, fitsInFloat: fitsInFloat), count: count,
        begin: metrics.begin, room: metrics.room, interitemSpacing: metrics.interitemSpacing,
        lineSpacing: metrics.lineSpacing, linesStart: linesStart))
  }

  /// The placement of a self-sizing section's `count` items: the estimate for every item not
  /// in `measured` (points, by item). The fast path when it is exact, else the per-item path
  /// over every size, as a delegate answering those sizes would give (O(n)).
  static func estimatedItems(
    count: Int, estimate: (length: Double, thickness: Double), measured: [Int: Size]?,
    axes: FlowAxes, _ metrics: FlowSectionMetrics, _ linesStart: Double
  ) -> FlowSection.Items {
    var cleaned: [Int: (length: Double, thickness: Double)] = [:]
    if let measured {
      cleaned.reserveCapacity(measured.count)
      for (item, size) in measured where item >= 0 && item < count {
        cleaned[item] = (flowCleanSize(axes.length(size)), flowCleanSize(axes.thickness(size)))
      }
    }
    if let lines = FlowEstimatedLines(
      count: count, length: estimate.length, thickness: estimate.thickness, metrics: metrics,
      linesStart: linesStart, measured: cleaned)
    {
      return .estimated(lines)
    }
    var values = [Double]()
    values.reserveCapacity(2 * count)
    var allSame = true
    var fitsInFloat = true
    for item in 0..<count {
      let size = cleaned[item] ?? estimate
      values.append(size.length)
      values.append(size.thickness)
      if allSame && (size.length != values[0] || size.thickness != values[1]) { allSame = false }
      if fitsInFloat
        && (Double(Float(size.length)) != size.length
          || Double(Float(size.thickness)) != size.thickness)
      {
        fitsInFloat = false
      }
    }
    return items(
      values: values, allSame: allSame, fitsInFloat: fitsInFloat, count: count, metrics,
      linesStart)
  }

  /// Asks the delegate for every item's size, cleaned and interleaved (length, thickness).
  ///
  /// - Complexity: O(n), one delegate call per item.
  private static func collectSizes(
    _ section: Int, count: Int, first: Size, axes: FlowAxes, layout: FlowLayout,
    delegate: any FlowLayoutMetrics
  ) -> (values: [Double], allSame: Bool, fitsInFloat: Bool) {
    var values = [Double]()
    values.reserveCapacity(2 * count)
    let firstLength = flowCleanSize(axes.length(first))
    let firstThickness = flowCleanSize(axes.thickness(first))
    values.append(firstLength)
    values.append(firstThickness)
    var allSame = true
    var fitsInFloat =
      Double(Float(firstLength)) == firstLength && Double(Float(firstThickness)) == firstThickness
    let fallback = layout.itemSize
    for item in 1..<max(count, 1) {
      let size =
        delegate.flowLayout(layout, sizeForItemAt: IndexPath(item: item, section: section))
        ?? fallback
      let length = flowCleanSize(axes.length(size))
      let thickness = flowCleanSize(axes.thickness(size))
      values.append(length)
      values.append(thickness)
      if allSame && (length != firstLength || thickness != firstThickness) { allSame = false }
      if fitsInFloat
        && (Double(Float(length)) != length || Double(Float(thickness)) != thickness)
      {
        fitsInFloat = false
      }
    }
    return (values, allSame, fitsInFloat)
  }

  /// The bytes the geometry stores: the section records, the search arrays and every per-item
  /// section's arrays (array capacities, not the heap's bookkeeping).
  var storageBytes: Int {
    var bytes =
      sections.capacity * MemoryLayout<FlowSection>.stride
      + (spanMaxPrefix.capacity + spanMinSuffix.capacity) * MemoryLayout<Double>.stride
    var style: FlowSectionStyle?
    for section in sections {
      bytes += section.itemStorageBytes
      // Consecutive sections share their style: count each run's once.
      if section.style !== style { bytes += FlowSectionStyle.storageBytes }
      style = section.style
    }
    return bytes
  }

  // MARK: Self-sizing

  /// Whether `indexPath` is an item of a self-sizing section (one placed with estimates).
  func isEstimatedItem(_ indexPath: IndexPath) -> Bool {
    guard indexPath.count == 2, sections.indices.contains(indexPath.section) else { return false }
    let section = sections[indexPath.section]
    return section.estimate != nil && indexPath.item >= 0 && indexPath.item < section.itemCount
  }

  /// Takes the measured `size` of `item` in self-sizing section `index`; `measured` holds all
  /// the section's measurements, this one included. Returns whether the section's end or span
  /// changed; the sections after it are not moved: call `placeSections(after:)` then.
  ///
  /// - Complexity: O(log L + p) on the fast path (L lines of p items), else O(n) for the
  ///   section's n items.
  @discardableResult
  mutating func measure(item: Int, inSection index: Int, size: Size, measured: [Int: Size])
    -> Bool
  {
    var section = sections[index]
    guard let estimate = section.estimate, item >= 0, item < section.itemCount else {
      return false
    }
    let old = (end: section.end, spanMin: section.spanMin, spanMax: section.spanMax)
    let length = flowCleanSize(axes.length(size))
    let thickness = flowCleanSize(axes.thickness(size))
    if case .estimated(let lines) = section.items,
      lines.measure(item: item, length: length, thickness: thickness)
    {
      // Measured in place.
    } else {
      section.setItems(
        Self.estimatedItems(
          count: section.itemCount, estimate: estimate, measured: measured, axes: axes,
          section.metrics, section.linesStart(at: section.start)))
    }
    section.place(at: section.start)
    sections[index] = section
    return section.end != old.end || section.spanMin != old.spanMin
      || section.spanMax != old.spanMax
  }

  /// How a measurement would change the content, without taking it: the change of the scroll
  /// extent, and where the measured item's line ends now (nil when `item` is not in a
  /// self-sizing section).
  ///
  /// - Complexity: as `measure(item:inSection:size:measured:)`.
  func change(measuring item: Int, inSection index: Int, size: Size, measured: [Int: Size])
    -> (extent: Double, lineEnd: Double)?
  {
    guard sections.indices.contains(index) else { return nil }
    let section = sections[index]
    guard let estimate = section.estimate, item >= 0, item < section.itemCount else { return nil }
    let length = flowCleanSize(axes.length(size))
    let thickness = flowCleanSize(axes.thickness(size))
    let oldEnd = section.linesEnd
    let newEnd: Double
    if case .estimated(let lines) = section.items,
      let end = lines.linesEnd(measuring: item, length: length, thickness: thickness)
    {
      newEnd = end
    } else {
      var all = measured
      all[item] = size
      var moved = section
      moved.setItems(
        Self.estimatedItems(
          count: section.itemCount, estimate: estimate, measured: all, axes: axes,
          section.metrics, section.linesStart(at: section.start)))
      newEnd = moved.linesEnd
    }
    return (newEnd - oldEnd, section.lineEnd(ofItem: item))
  }

  /// Places every section after `index` again, from the end of the one before it, and the
  /// content's extent and search arrays with them.
  ///
  /// - Complexity: O(s) for s sections, plus O(n) for the n items of sections after it sized
  ///   per item (their lines are filled again at the new position).
  mutating func placeSections(after index: Int) {
    guard !sections.isEmpty else { return }
    var next = index + 1
    while next < sections.count {
      sections[next].place(at: sections[next - 1].end)
      next += 1
    }
    scrollExtent = sections[sections.count - 1].end
    indexSpans()
  }

  /// The index of the first section that may reach past `scrollMin`.
  ///
  /// - Complexity: O(log s) for s sections.
  func firstSection(reachingPast scrollMin: Double) -> Int {
    var low = 0
    var high = sections.count
    while low < high {
      let mid = (low + high) / 2
      if greatestSpanMax(through: mid) > scrollMin { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
