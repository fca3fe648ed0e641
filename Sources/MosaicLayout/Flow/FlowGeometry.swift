import Foundation

/// Everything a flow layout computes in `prepare()`: the sections along the scroll axis and, for
/// each, how its items are placed.
///
/// Built in one pass over the sections; a uniform section stores no per-item data. Queries find
/// the sections they need by binary search over `spanMaxPrefix`.
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
  /// `spanMaxPrefix[i]` is the greatest `spanMax` of sections 0...i (never decreases).
  var spanMaxPrefix: [Double]
  /// `spanMinSuffix[i]` is the least `spanMin` of sections i... (never decreases).
  var spanMinSuffix: [Double]

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
    let bounds = layout.visibleBounds
    lineExtent = flowCleanSize(axes.length(bounds.size))
    guard let dataSource = layout.dataSource else { return }
    let delegate = layout.delegate ?? dataSource.flowLayoutMetrics
    let sectionCount = max(0, dataSource.numberOfSections)
    sections.reserveCapacity(sectionCount)
    var cursor = 0.0
    for section in 0..<sectionCount {
      let built = Self.section(
        section, count: max(0, dataSource.numberOfItems(inSection: section)), start: cursor,
        lineExtent: lineExtent, axes: axes, layout: layout, delegate: delegate)
      sections.append(built)
      cursor = built.end
    }
    scrollExtent = cursor
    spanMaxPrefix.reserveCapacity(sectionCount)
    var highest = -Double.infinity
    for section in sections {
      highest = max(highest, section.spanMax)
      spanMaxPrefix.append(highest)
    }
    spanMinSuffix = [Double](repeating: 0, count: sectionCount)
    var lowest = Double.infinity
    for index in stride(from: sectionCount - 1, through: 0, by: -1) {
      lowest = min(lowest, sections[index].spanMin)
      spanMinSuffix[index] = lowest
    }
  }

  /// Builds one section starting at `start` on the scroll axis (rules 1, 2, 8, 9).
  private static func section(
    _ section: Int, count: Int, start: Double, lineExtent: Double, axes: FlowAxes,
    layout: FlowLayout, delegate: (any FlowLayoutMetrics)?
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
    let before = flowCleanLength(axes.isVertical ? inset.top : inset.left)
    let after = flowCleanLength(axes.isVertical ? inset.bottom : inset.right)
    let room = lineExtent - begin - end

    var cursor = start
    cursor += header
    cursor += before
    let linesStart = cursor
    var linesEnd = linesStart
    var itemSpan = (min: linesStart, max: linesStart)
    var items = FlowSection.Items.none
    if count > 0 {
      func uniform(_ length: Double, _ thickness: Double) -> FlowSection.Items {
        let grid = FlowUniformGrid(
          count: count, length: length, thickness: thickness, begin: begin, room: room,
          interitemSpacing: interitemSpacing, lineSpacing: lineSpacing, linesStart: linesStart)
        linesEnd = grid.linesEnd
        itemSpan = grid.scrollSpan
        return .uniform(grid)
      }
      // A stated uniform size first; then item 0's: nil there means the layout's `itemSize`
      // for the whole section, so neither path asks for each item.
      let uniformSize = delegate?.flowLayout(layout, uniformSizeForItemsInSection: section)
      let firstSize =
        uniformSize == nil
        ? delegate?.flowLayout(layout, sizeForItemAt: IndexPath(item: 0, section: section)) : nil
      if let uniformSize {
        items = uniform(
          flowCleanSize(axes.length(uniformSize)), flowCleanSize(axes.thickness(uniformSize)))
      } else if let delegate, let firstSize {
        let sizes = collectSizes(
          section, count: count, first: firstSize, axes: axes, layout: layout, delegate: delegate)
        if sizes.allSame {
          items = uniform(sizes.values[0], sizes.values[1])
        } else {
          let lines = FlowItemLines(
            sizes: FlowSizeStore(interleaved: sizes.values, fitsInFloat: sizes.fitsInFloat),
            count: count, begin: begin, room: room, interitemSpacing: interitemSpacing,
            lineSpacing: lineSpacing, linesStart: linesStart)
          linesEnd = lines.linesEnd
          itemSpan = lines.scrollSpan
          items = .perItem(lines)
        }
      } else {
        items = uniform(
          flowCleanSize(axes.length(layout.itemSize)),
          flowCleanSize(axes.thickness(layout.itemSize)))
      }
    }
    cursor = linesEnd
    cursor += after
    let footerStart = cursor
    cursor += footer
    return FlowSection(
      itemCount: count, start: start, headerThickness: header, footerStart: footerStart,
      footerThickness: footer, end: cursor,
      spanMin: min(start, itemSpan.min, footerStart),
      spanMax: max(cursor, itemSpan.max, start + header, footerStart + footer),
      items: items)
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
    for section in sections { bytes += section.itemStorageBytes }
    return bytes
  }

  /// The index of the first section that may reach past `scrollMin`.
  ///
  /// - Complexity: O(log s) for s sections.
  func firstSection(reachingPast scrollMin: Double) -> Int {
    var low = 0
    var high = sections.count
    while low < high {
      let mid = (low + high) / 2
      if spanMaxPrefix[mid] > scrollMin { high = mid } else { low = mid + 1 }
    }
    return low
  }
}
