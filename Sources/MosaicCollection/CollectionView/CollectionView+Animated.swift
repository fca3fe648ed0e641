import MosaicLayout

// Motion: UIKit's `animated:` forms, batch updates and layout changes, drawn as frames
// interpolated on a clock (the parts: AnimationClock, AnimationCurve, AnimatedElement,
// AnimatedOffset, Animator, AnimationStart).
//
// The model lands at once and only what is drawn travels: `contentOffset`, the visible views'
// index paths, the layout's answers and every decision made on them (focus, scroll-to-show) are
// the unanimated result from the first moment, and each frame draws the elements at their
// presentation attributes and the viewport at its presentation offset.
extension CollectionView {
  /// The clock of the run loop driving the views, for collection views with no clock of their
  /// own: the terminal's run loop sets the system clock here for as long as it runs; nil
  /// otherwise, so a collection view nobody runs applies every change at once.
  ///
  /// UIKit: a view animates only in a window, whose run loop renders the frames; a view outside
  /// one (a unit test's) lands its changes at once.
  public static var runLoopAnimationClock: (any AnimationClock)?

  /// A collection view that started an animation, held weakly until its animations are over.
  struct AnimatingView {
    weak var view: CollectionView?
  }

  /// The collection views that started an animation and may still be running it.
  static var animatingViews: [AnimatingView] = []

  /// Whether any collection view has an animation whose last frame it has not drawn yet.
  ///
  /// The terminal's run loop keeps drawing frames while this is true, even for a scene that does
  /// not forward `hasRunningAnimations` as `Scene.isAnimating`. A view still counts for
  /// `endFrameGrace` after its animations' end, so a loaded machine that reaches the end before
  /// the loop asks still gets the frame that lands it; after that a view nobody draws no longer
  /// counts, so it cannot keep the loop awake.
  public static var hasAnimationsInProgress: Bool {
    guard !animatingViews.isEmpty else { return false }
    var kept: [AnimatingView] = []
    var inProgress = false
    for reference in animatingViews {
      guard let view = reference.view, !view.motion.animator.isIdle else { continue }
      kept.append(reference)
      if let clock = view.activeAnimationClock,
        clock.now < view.motion.animator.until + endFrameGrace
      {
        inProgress = true
      }
    }
    animatingViews = kept
    return inProgress
  }

  /// How long after its end an animation not yet drawn to its end still asks for frames.
  static let endFrameGrace = 0.5

  /// Notes that this view started an animation (see `hasAnimationsInProgress`).
  func noteAnimationStarted() {
    for reference in Self.animatingViews where reference.view === self { return }
    Self.animatingViews.append(AnimatingView(view: self))
  }

  /// The default length of the view's own animations, in seconds.
  public static let defaultAnimationDuration = 0.2

  /// The clock the view animates on: its own `animationClock`, else the run loop's.
  var activeAnimationClock: (any AnimationClock)? {
    animationClock ?? Self.runLoopAnimationClock
  }

  /// Whether a change made now animates: animations are enabled, a clock runs, and the view has
  /// been drawn (a view never shown has nothing to animate from).
  var animatesChanges: Bool {
    View.areAnimationsEnabled && activeAnimationClock != nil && statistics.frames > 0
      && animationDuration > 0
  }

  /// Whether anything is animating or waiting for an animation's end (a completion): the owner
  /// then keeps drawing frames until it turns false.
  ///
  /// UIKit: none; a UIKit app never asks, its render server draws. Scenes forward it as
  /// `Scene.isAnimating` so the terminal's run loop draws at up to 60 frames a second.
  public var hasRunningAnimations: Bool { !motion.animator.isIdle }

  /// The content offset drawn now: where an animated scroll has got to, else `contentOffset`.
  ///
  /// UIKit: the presentation layer's `bounds.origin`. Mosaic's `contentOffset` is the destination
  /// from the moment an animated scroll starts (see docs/runtime.md); this is the way there.
  public var presentationContentOffset: Point { presentationContentOffset(at: motion.frameTime) }

  /// The offset shown at `time`: the glide's while it runs toward the current offset.
  func presentationContentOffset(at time: Double) -> Point {
    guard let glide = motion.animator.offset, glide.to == viewport.offset else {
      return viewport.offset
    }
    return glide.offset(at: time)
  }

  /// The presentation offset in cells (what `viewportRect(for:)` subtracts).
  var presentationOffsetCells: (column: Int, row: Int) {
    guard motion.animator.offset != nil else { return offsetCells }
    let shown = presentationContentOffset
    return (cellMetrics.column(forX: shown.x), cellMetrics.row(forY: shown.y))
  }

  /// The rect of the content drawn now.
  var presentationBounds: Rect {
    guard motion.animator.offset != nil else { return bounds }
    return Rect(origin: presentationContentOffset, size: viewportSize)
  }

  // MARK: UIKit's animated forms

  /// Scrolls so the item at `indexPath` shows at `position`, gliding there when `animated`.
  ///
  /// UIKit: `scrollToItem(at:at:animated:)`. `contentOffset` is the destination at once; a
  /// scroll started while one glides retargets it from where it is drawn.
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
    guard let attributes = layoutAttributesForItem(at: indexPath) else { return }
    scrollToShow(
      attributes.frame, zIndex: attributes.zIndex, item: indexPath, at: position,
      animated: animated)
  }

  /// Sets the content offset, clamped to the content, gliding there when `animated`.
  ///
  /// UIKit: `setContentOffset(_:animated:)`. A glide already running is retargeted from where it
  /// is drawn, so a held key never queues a backlog.
  public func setContentOffset(_ contentOffset: Point, animated: Bool) {
    gliding(animated) { setContentOffset(contentOffset) }
  }

  /// Moves the keyboard focus to `indexPath` and scrolls it into view at `scrollPosition`,
  /// gliding there when `animated`: how a jump (a search match, a new item) moves, where the
  /// arrow keys move at once.
  ///
  /// UIKit: setting the focus, then `scrollToItem(at:at:animated:)`, in one call.
  public func focusItem(
    at indexPath: IndexPath?, scrollPosition: ScrollPosition = .nearest, animated: Bool
  ) {
    gliding(animated) { focusItem(at: indexPath, scrollPosition: scrollPosition) }
  }

  /// Runs `change`, which scrolls at once (perhaps more than once: a page, then the focus kept
  /// in view), then, when `animated`, glides from the offset on screen to where it ended, so
  /// the glide always lands on the final offset and a glide already running is retargeted from
  /// where it is drawn.
  func gliding(_ animated: Bool, _ change: () -> Void) {
    guard animated, animatesChanges, let clock = activeAnimationClock else {
      change()
      return
    }
    let now = clock.now
    let shown = presentationContentOffset(at: now)
    // The delegate hears the scroll frame by frame (`advanceAnimations`), not the jump.
    let deferring = motion.scrollReportsDeferred
    motion.scrollReportsDeferred = true
    change()
    motion.scrollReportsDeferred = deferring
    motion.glideStarts(from: shown)
    motion.animator.glide(
      from: Self.glideStart(from: shown, to: viewport.offset, within: viewportSize),
      to: viewport.offset, at: now, duration: animationDuration)
    noteAnimationStarted()
    placement.setNeedsUpdate()
  }

  /// Where a glide from `shown` to `destination` starts: no more than one viewport away on
  /// each axis. A longer jump (End in a million rows) glides only its last screen: the frames
  /// between would show rows passing too fast to read, each a full repaint of the terminal,
  /// while within one screen the frames are shifts of the content the terminal can scroll.
  static func glideStart(from shown: Point, to destination: Point, within viewport: Size)
    -> Point
  {
    func limited(_ start: Double, _ end: Double, _ extent: Double) -> Double {
      guard extent > 0, abs(end - start) > extent else { return start }
      return end - (end > start ? extent : -extent)
    }
    return Point(
      x: limited(shown.x, destination.x, viewport.width),
      y: limited(shown.y, destination.y, viewport.height))
  }

  /// Replaces the layout; when `animated`, every visible element travels from where the old
  /// layout drew it to where the new one puts it, and `completion` runs with true at the end.
  ///
  /// UIKit: `setCollectionViewLayout(_:animated:)` and `setCollectionViewLayout(_:animated:
  /// completion:)`. Elements new to the screen start where the old layout had them (on screen
  /// or off), else fade in; the focused item stays in view. Without animation the completion
  /// runs before this returns.
  public func setCollectionViewLayout(
    _ layout: CollectionViewLayout, animated: Bool, completion: ((Bool) -> Void)? = nil
  ) {
    guard animated, animatesChanges, layout !== collectionViewLayout,
      let start = captureAnimationStart()
    else {
      finishAnimationsNow()
      collectionViewLayout = layout
      completion?(true)
      return
    }
    motion.animator.stopGlide()
    collectionViewLayout = layout
    planAnimation(from: start, mapping: nil, gone: [])
    scheduleCompletion(completion, startedAt: start.time)
  }

  // MARK: Planning

  /// Captures what the screen shows before a change: the presentation attributes of every view
  /// and the old layout's elements around the viewport; nil when changes do not animate now.
  func captureAnimationStart() -> AnimationStart? {
    guard animatesChanges, let clock = activeAnimationClock else { return nil }
    let time = clock.now
    var start = AnimationStart(time: time, offset: viewport.offset)
    start.shown.reserveCapacity(placement.views.count)
    for (key, view) in placement.views {
      guard let attributes = view.layoutAttributes else { continue }
      start.shown[key] = motion.animator.attributes(of: key, current: attributes, at: time)
    }
    // An invalidated layout has already forgotten its old answers (a property changed before an
    // empty batch): only the views on screen then know where things were.
    if layoutIsPrepared {
      let viewport = bounds
      let around = Rect(
        x: viewport.minX - viewport.width, y: viewport.minY - viewport.height,
        width: viewport.width * 3, height: viewport.height * 3)
      for attributes in collectionViewLayout.elementAttributes(in: around)
      where !attributes.isHidden {
        start.layout[attributes.elementKey] = attributes
      }
    }
    return start
  }

  /// Starts the animations from `start` to what the layout shows now: elements on screen travel
  /// to their new attributes, arriving ones start where they were (else from the layout's
  /// initial attributes, else fading in), views still existing but leaving the screen travel to
  /// their new frames, and `gone` views (of deleted elements, by old key) go to the layout's
  /// final attributes (else fade out where they were). `mapping` turns old keys into new ones
  /// (nil: keys stay, as in a layout change).
  func planAnimation(
    from start: AnimationStart, mapping: UpdateMapping?, gone: [(ElementKey, ReusableView)]
  ) {
    let time = start.time
    let duration = animationDuration
    // Old frames are moved by the offset's change so each element starts where it was on screen.
    let shift = Point(
      x: viewport.offset.x - start.offset.x, y: viewport.offset.y - start.offset.y)
    var origins: [ElementKey: LayoutAttributes] = [:]
    origins.reserveCapacity(start.layout.count + start.shown.count)
    for (key, attributes) in start.layout {
      if let newKey = newKey(for: key, mapping) { origins[newKey] = attributes }
    }
    for (key, attributes) in start.shown {
      if let newKey = newKey(for: key, mapping) { origins[newKey] = attributes }
    }
    motion.animator.stopElements()
    noteAnimationStarted()
    prepareLayoutIfNeeded()
    var arrived: Set<ElementKey> = []
    let inserted = mapping == nil ? [] : insertedElements()
    // UIKit asks the layout where every item on screen after an update starts, inserted or not;
    // the default answers an item that existed with where it showed (`attributesBeforeUpdate`).
    motion.originsBeforeUpdate = mapping == nil ? nil : (origins, shift)
    defer { motion.originsBeforeUpdate = nil }
    for attributes in collectionViewLayout.elementAttributes(in: bounds)
    where !attributes.isHidden && attributes.alpha > 0 && isValidElement(attributes) {
      let key = attributes.elementKey
      arrived.insert(key)
      let known = inserted.contains(key) ? nil : origins[key]
      let asked =
        mapping != nil && key.category == .cell
        ? collectionViewLayout.initialLayoutAttributesForAppearingItem(at: key.indexPath) : nil
      let origin =
        asked ?? known.map { Self.shifted($0, by: shift) }
        ?? appearingAttributes(for: attributes)
      guard !origin.isEqual(attributes) else { continue }
      motion.animator.animate(
        key, AnimatedElement(from: origin, to: attributes, start: time, duration: duration))
    }
    for key in placement.views.keys where !arrived.contains(key) {
      guard let origin = origins[key], let destination = currentAttributes(of: key) else {
        continue
      }
      motion.animator.animate(
        key,
        AnimatedElement(
          from: Self.shifted(origin, by: shift), to: destination, start: time, duration: duration
        ))
    }
    // In index path order, so the departing elements' drawing order never depends on hashing.
    for (key, view) in gone.sorted(by: { Self.precedes($0.0, $1.0) }) {
      // A view of a reloaded section gives way to a new one at once; only deleted elements go.
      guard newKey(for: key, mapping) == nil, let shown = start.shown[key] else {
        recycle(view, for: key)
        continue
      }
      let origin = Self.shifted(shown, by: shift)
      let destination = disappearingAttributes(of: key) ?? Self.faded(origin)
      motion.animator.disappear(
        key, payload: view,
        AnimatedElement(from: origin, to: destination, start: time, duration: duration))
    }
    placement.setNeedsUpdate()
  }

  /// The supplementary and decoration elements the layout says a batch inserts
  /// (`indexPathsToInsertForSupplementaryView(ofKind:)` and the decoration variant), for every
  /// kind registered: they appear from their initial attributes, as in UIKit.
  func insertedElements() -> Set<ElementKey> {
    let layout = collectionViewLayout
    var keys: Set<ElementKey> = []
    for kind in Set(reusePool.supplementaryKinds) {
      for path in layout.indexPathsToInsertForSupplementaryView(ofKind: kind) {
        keys.insert(ElementKey(category: .supplementaryView, kind: kind, indexPath: path))
      }
    }
    for kind in layout.decorationViewClasses.keys {
      for path in layout.indexPathsToInsertForDecorationView(ofKind: kind) {
        keys.insert(ElementKey(category: .decorationView, kind: kind, indexPath: path))
      }
    }
    return keys
  }

  /// Where an element arriving without a known past starts: the layout's initial attributes for
  /// it, else its final attributes made transparent (it fades in where it lands).
  func appearingAttributes(for attributes: LayoutAttributes) -> LayoutAttributes {
    let path = attributes.indexPath
    let kind = attributes.representedElementKind ?? ""
    let initial: LayoutAttributes?
    switch attributes.representedElementCategory {
    case .cell: initial = collectionViewLayout.initialLayoutAttributesForAppearingItem(at: path)
    case .supplementaryView:
      initial = collectionViewLayout.initialLayoutAttributesForAppearingSupplementaryElement(
        ofKind: kind, at: path)
    case .decorationView:
      initial = collectionViewLayout.initialLayoutAttributesForAppearingDecorationElement(
        ofKind: kind, at: path)
    }
    return initial ?? Self.faded(attributes)
  }

  /// Where the item now at `indexPath` showed before the animated batch being planned, moved
  /// into today's content coordinates; nil outside the planning or for an item not shown near
  /// the screen (an inserted one).
  ///
  /// UIKit: none public (`LayoutDataSource`); what the flow layout's
  /// `initialLayoutAttributesForAppearingItem(at:)` answers for an item that existed.
  public func attributesBeforeUpdate(ofItemAt indexPath: IndexPath) -> LayoutAttributes? {
    motion.attributesBeforeUpdate(ofItemAt: indexPath)
  }

  /// The layout's final attributes for the element at old `key`, deleted by the batch.
  func disappearingAttributes(of key: ElementKey) -> LayoutAttributes? {
    let kind = key.kind ?? ""
    switch key.category {
    case .cell:
      return collectionViewLayout.finalLayoutAttributesForDisappearingItem(at: key.indexPath)
    case .supplementaryView:
      return collectionViewLayout.finalLayoutAttributesForDisappearingSupplementaryElement(
        ofKind: kind, at: key.indexPath)
    case .decorationView:
      return collectionViewLayout.finalLayoutAttributesForDisappearingDecorationElement(
        ofKind: kind, at: key.indexPath)
    }
  }

  /// The layout's attributes now for the element at `key`, wherever it is.
  func currentAttributes(of key: ElementKey) -> LayoutAttributes? {
    switch key.category {
    case .cell:
      return isValidItem(key.indexPath)
        ? collectionViewLayout.layoutAttributesForItem(at: key.indexPath) : nil
    case .supplementaryView:
      return collectionViewLayout.layoutAttributesForSupplementaryView(
        ofKind: key.kind ?? "", at: key.indexPath)
    case .decorationView:
      return collectionViewLayout.layoutAttributesForDecorationView(
        ofKind: key.kind ?? "", at: key.indexPath)
    }
  }

  /// The key after the update of the element at old `key` (unchanged without a mapping, as in a
  /// layout change); nil when it was deleted.
  func newKey(for key: ElementKey, _ mapping: UpdateMapping?) -> ElementKey? {
    guard let mapping else { return key }
    return mapping.newKey(for: key)
  }

  /// `attributes` moved by `shift`.
  static func shifted(_ attributes: LayoutAttributes, by shift: Point) -> LayoutAttributes {
    guard shift.x != 0 || shift.y != 0 else { return attributes }
    let moved = attributes.runtimeCopy()
    moved.frame = attributes.frame.offsetBy(dx: shift.x, dy: shift.y)
    return moved
  }

  /// `attributes` made transparent.
  static func faded(_ attributes: LayoutAttributes) -> LayoutAttributes {
    let copy = attributes.runtimeCopy()
    copy.alpha = 0
    return copy
  }

  /// Runs `completion` with true at the end of the animation started at `time`.
  func scheduleCompletion(_ completion: ((Bool) -> Void)?, startedAt time: Double) {
    guard let completion else { return }
    motion.animator.addCompletion(due: time + animationDuration, completion)
    noteAnimationStarted()
  }

  // MARK: Frames

  /// Moves the animations to the clock's time for the frame about to be drawn: whatever ended is
  /// removed, the views of elements that went are recycled, and due completions run (with true).
  func advanceAnimations() {
    guard !motion.animator.isIdle else { return }
    guard let clock = activeAnimationClock else {
      finishAnimationsNow()
      return
    }
    motion.frameTime = clock.now
    if let glide = motion.animator.offset, glide.to != viewport.offset {
      // An immediate change of the offset (an arrow key, a clamp) ends the glide where it lands.
      motion.animator.stopGlide()
    }
    let gliding = motion.animator.offset != nil
    let ended = motion.animator.advance(to: motion.frameTime)
    release(ended)
    placement.setNeedsUpdate()
    if gliding { reportGlideStep() }
  }

  /// Tells the delegate the offset moved, once a frame while a glide runs (its last frame
  /// included), as UIKit calls `scrollViewDidScroll(_:)` at each step of an animated scroll.
  func reportGlideStep() {
    guard motion.reports(presentationContentOffset(at: motion.frameTime)) else { return }
    delegate?.collectionViewDidScroll(self)
  }

  /// Ends every animation at once: views of elements that went are recycled, completions run.
  func finishAnimationsNow() {
    guard !motion.animator.isIdle else { return }
    release(motion.animator.finishAll())
    placement.setNeedsUpdate()
  }

  /// Recycles the views of elements whose way out is over, then runs the completions.
  private func release(_ ended: Animator<ReusableView>.Ended) {
    for (key, view) in ended.released { recycle(view, for: key) }
    for completion in ended.completions { completion(true) }
  }

  /// The animating elements the layout no longer shows in the viewport, at their destinations,
  /// appended to `shown` so their views stay while they travel off screen.
  func appendAnimatedElements(to shown: inout [LayoutAttributes]) {
    guard !motion.animator.elements.isEmpty else { return }
    var present: Set<ElementKey> = []
    present.reserveCapacity(shown.count)
    for attributes in shown { present.insert(attributes.elementKey) }
    var travelling: [LayoutAttributes] = []
    for (key, animation) in motion.animator.elements where !present.contains(key) {
      if isValidElement(animation.to) { travelling.append(animation.to) }
    }
    // In index path order, as the layout's own answers come: the drawing order of elements at
    // equal zIndex must not depend on a dictionary's hashing.
    travelling.sort { Self.precedes($0.elementKey, $1.elementKey) }
    shown += travelling
  }

  /// A fixed order of element keys: by index path, then category, then kind.
  static func precedes(_ a: ElementKey, _ b: ElementKey) -> Bool {
    if a.indexPath != b.indexPath { return a.indexPath < b.indexPath }
    func rank(_ category: ElementCategory) -> Int {
      switch category {
      case .decorationView: return 0
      case .cell: return 1
      case .supplementaryView: return 2
      }
    }
    if a.category != b.category { return rank(a.category) < rank(b.category) }
    return (a.kind ?? "") < (b.kind ?? "")
  }

  /// While elements animate, orders `shown` (the elements placed for this frame) for drawing at
  /// their presentation attributes (their zIndex decides the order), with the disappearing
  /// elements among them; `drawingAttributes` then holds, position for position, what each is
  /// drawn at.
  func updateAnimatedDrawing(_ shown: [PlacedElement], _ shownAttributes: [LayoutAttributes]) {
    let time = motion.frameTime
    var entries: [PlacedElement] = []
    var attributes: [LayoutAttributes] = []
    entries.reserveCapacity(shown.count + motion.animator.disappearing.count)
    attributes.reserveCapacity(shown.count + motion.animator.disappearing.count)
    // Elements on their way out first, so that at equal zIndex they pass under the others.
    for element in motion.animator.disappearing {
      entries.append(PlacedElement(key: element.key, view: element.payload))
      attributes.append(element.animation.attributes(at: time))
    }
    for (element, current) in zip(shown, shownAttributes) {
      entries.append(element)
      attributes.append(motion.animator.attributes(of: element.key, current: current, at: time))
    }
    setDrawingOrder(
      entries, attributes, carriedFrom: motion.animator.disappearing.count, keepingAttributes: true)
    let live = placement.views.count + motion.animator.disappearing.count
    placement.countLiveViews(live)
  }
}
