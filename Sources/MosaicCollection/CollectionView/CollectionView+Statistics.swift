extension CollectionView {
  /// Counters of the view recycling, for tests, benchmarks and `--stats`.
  ///
  /// UIKit has no counterpart. `viewsCreated` stays near the most elements ever visible at once
  /// however far the view scrolls; `configureCalls` grows only by the elements that arrive.
  public struct Statistics: Hashable, Sendable, Codable {
    /// Views created because no reuse queue could supply one.
    public var viewsCreated = 0
    /// Views on screen now.
    public var liveViews = 0
    /// Views waiting in reuse queues now.
    public var queuedViews = 0
    /// Times the data source was asked to configure a view (`cellForItemAt` and
    /// `viewForSupplementaryElementOfKind`).
    public var configureCalls = 0
    /// The most views ever on screen at once.
    public var maxLiveViews = 0
    /// The most elements ever visible at once.
    public var maxVisibleElements = 0
    /// Frames drawn.
    public var frames = 0
    /// Times a cell was asked `preferredLayoutAttributesFitting(_:)` (only when the layout
    /// self-sizes: once per configured cell, again when its proposed size changes).
    public var selfSizingMeasurements = 0
    /// Measured sizes the layout took (`invalidationContext(forPreferredLayoutAttributes:…)`).
    public var selfSizingInvalidations = 0
    /// Visible-set passes repeated because measured sizes changed the layout (at most
    /// `maximumSelfSizingPasses` a frame).
    public var selfSizingPasses = 0

    /// Creates zeroed counters.
    public init() {}
  }
}
