import Foundation
import MosaicLayout

/// What a view answered the last time it was measured: the size the layout proposed, the size
/// the view preferred, and whether the layout took it. A view is measured again when the layout
/// proposes another size than its answer (a new width; an estimate again, after the layout
/// dropped its measurements), unless the layout turned that answer down for this very proposal;
/// a view that is dequeued starts with none.
struct SelfSizingRecord {
  /// The size of the attributes the view was given.
  var proposed: Size
  /// The size of the attributes the view answered.
  var answered: Size
  /// Whether the layout took the answer (said yes to it, or it was the proposal).
  var taken: Bool

  /// Whether a view with this record need not be measured at `proposal`.
  func isSettled(at proposal: Size) -> Bool {
    answered == proposal || (!taken && proposed == proposal)
  }
}

extension CollectionView {
  /// The most measuring passes in one visible-set update. Each pass measures the cells that
  /// arrived in the previous one (cards that shrank let more in); a screen of cells that keep
  /// changing their minds cannot stall a frame, and cells shown by the last pass are measured
  /// on the next frame.
  static let maximumSelfSizingPasses = 8

  /// Measures the visible cells that need it and hands their sizes to the layout, then
  /// recomputes the visible set, until nothing changes or `maximumSelfSizingPasses` is reached.
  ///
  /// UIKit: the self-sizing part of `layoutSubviews()`. A cell is measured when it is
  /// configured and when its proposed size changes; its
  /// `preferredLayoutAttributesFitting(_:)` is asked with a copy of its attributes, and an
  /// answer of another size is offered to the layout through
  /// `shouldInvalidateLayout(forPreferredLayoutAttributes:withOriginalAttributes:)` and
  /// applied with `invalidationContext(forPreferredLayoutAttributes:withOriginalAttributes:)`,
  /// whose `contentOffsetAdjustment` moves the stored offset directly (not a scroll: the layout
  /// is not asked about a bounds change), so cells above the viewport that change size do not
  /// move what is on screen. An item that was whole on screen before is kept in view (End
  /// shows the true last item at the bottom once its neighbours have measured).
  /// - Complexity: O(k) measurements per pass, k the visible cells; nothing off screen is
  ///   measured.
  func sizeVisibleCells() {
    var focus = FocusBeforeSizing.unknown
    var passes = 0
    while measureVisibleCells(focus: &focus) {
      passes += 1
      statistics.selfSizingPasses += 1
      if case .whole(let item) = focus { keepInView(item) }
      placeVisibleElements()
      if passes == Self.maximumSelfSizingPasses {
        // The cells the last pass showed are measured on the next frame.
        placement.setNeedsUpdate()
        return
      }
    }
  }

  /// Whether the focused item was whole on screen before this update's first correction;
  /// learned lazily, so views whose cells keep their sizes never look it up.
  enum FocusBeforeSizing {
    case unknown
    case whole(IndexPath)
    case notWhole
  }

  /// Measures the visible cells not yet measured at their proposed size, invalidating the layout
  /// for each that prefers another; returns whether any did.
  ///
  /// The content offset moves once, after all the pass's corrections, by the sum of their
  /// adjustments: each was computed against the same, unmoved bounds.
  func measureVisibleCells(focus: inout FocusBeforeSizing) -> Bool {
    var adjustment = Point.zero
    var corrected = false
    // The layout's answer for the section last looked at, so a frame looks the cache up once per
    // section, not once per cell.
    var section = -1
    var selfSizes = false
    // A loop, not a closure: this runs every frame (see DECISIONS.md on executor checks).
    for element in placement.drawingOrder where element.key.category == .cell {
      let (key, view) = (element.key, element.view)
      // The section's answer first, from the key alone: a view whose layout does not self-size
      // costs a comparison, not the dynamic exclusivity checks of reading its properties.
      if key.section != section {
        guard let attributes = view.layoutAttributes else { continue }
        section = key.section
        selfSizes = layoutSelfSizes(inSection: section, probing: attributes)
      }
      guard selfSizes, let attributes = view.layoutAttributes else { continue }
      let proposed = attributes.frame.size
      if let record = view.selfSizing, record.isSettled(at: proposed) { continue }
      statistics.selfSizingMeasurements += 1
      let preferred = view.preferredLayoutAttributesFitting(attributes.runtimeCopy())
      let answered = preferred.frame.size
      let taken =
        answered == proposed
        || collectionViewLayout.shouldInvalidateLayout(
          forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
      view.selfSizing = SelfSizingRecord(proposed: proposed, answered: answered, taken: taken)
      guard answered != proposed, taken else { continue }
      if case .unknown = focus { focus = focusBeforeSizing() }
      let context = collectionViewLayout.invalidationContext(
        forPreferredLayoutAttributes: preferred, withOriginalAttributes: attributes)
      adjustment.x += context.contentOffsetAdjustment.x
      adjustment.y += context.contentOffsetAdjustment.y
      collectionViewLayout.invalidateLayout(with: context)
      statistics.selfSizingInvalidations += 1
      corrected = true
    }
    guard corrected else { return false }
    placement.setNeedsUpdate()
    viewport.offset.x += adjustment.x
    viewport.offset.y += adjustment.y
    // Cells that shrank may leave the offset past the end: clamped as any offset is.
    setContentOffset(viewport.offset)
    return true
  }

  /// Whether the layout takes preferred sizes in `section`: asked with `attributes` and a copy
  /// one cell larger each way, once per section after each preparation of the layout (the
  /// answers are kept in `layoutSelfSizing`). A layout that answers no (every layout by default,
  /// a flow layout without `estimatedItemSize`, a section its delegate sizes) costs its cells no
  /// measurement at all.
  ///
  /// UIKit asks every cell of a custom layout; Mosaic probes the layout instead, so views whose
  /// layout does not self-size pay nothing per cell.
  func layoutSelfSizes(inSection section: Int, probing attributes: LayoutAttributes) -> Bool {
    if let known = data.layoutSelfSizing[section] { return known }
    let probe = attributes.runtimeCopy()
    probe.frame.size.width += cellMetrics.pointsPerColumn
    probe.frame.size.height += cellMetrics.pointsPerRow
    let answer = collectionViewLayout.shouldInvalidateLayout(
      forPreferredLayoutAttributes: probe, withOriginalAttributes: attributes)
    data.layoutSelfSizing[section] = answer
    return answer
  }

  /// The focused item if the layout, as it is before any correction, puts it whole inside the
  /// bounds.
  func focusBeforeSizing() -> FocusBeforeSizing {
    guard let item = focusedItem,
      let frame = collectionViewLayout.layoutAttributesForItem(at: item)?.frame,
      bounds.contains(frame)
    else { return .notWhole }
    return .whole(item)
  }

  /// Scrolls the least that shows `item` whole, after sizes changed around it.
  func keepInView(_ item: IndexPath) {
    guard isValidItem(item) else { return }
    prepareLayoutIfNeeded()
    guard let frame = collectionViewLayout.layoutAttributesForItem(at: item)?.frame,
      !bounds.contains(frame)
    else { return }
    scrollToItem(at: item, at: .nearest)
  }
}
