import MosaicLayout

/// A scene that shows one collection view over the whole screen and quits on `q` or Escape.
///
/// UIKit: `UICollectionViewController`. Subclass it to add a status line or keys of your own:
/// override `draw(into:)` and `handle(_:)` and call `super`. `contentInsets` leaves rows free
/// at the top and bottom of the screen for such chrome.
@MainActor
open class CollectionViewController: Scene {
  /// The collection view the controller shows.
  ///
  /// UIKit: `collectionView`.
  public let collectionView: CollectionView

  /// The collection view's layout.
  ///
  /// UIKit: `collectionViewLayout`, read-only on the controller as there; swap layouts through
  /// `collectionView`.
  public var collectionViewLayout: CollectionViewLayout { collectionView.collectionViewLayout }

  /// Rows left free above and below the collection view.
  public var contentInsets: (top: Int, bottom: Int) = (0, 0)

  /// Creates a controller whose collection view uses `layout`; a subclass that adopts
  /// `CollectionViewDataSource` or `CollectionViewDelegate` becomes the view's data source or
  /// delegate.
  ///
  /// UIKit: `init(collectionViewLayout:)`; UIKit's controller also assigns itself to whichever
  /// of the two roles is unset.
  public init(collectionViewLayout layout: CollectionViewLayout) {
    collectionView = CollectionView(collectionViewLayout: layout)
    if let source = self as? any CollectionViewDataSource { collectionView.dataSource = source }
    if let delegate = self as? any CollectionViewDelegate { collectionView.delegate = delegate }
  }

  /// Fits the collection view to the screen (less the insets) and draws it.
  open func draw(into surface: any Surface) {
    fit(columns: surface.columns, rows: surface.rows)
    collectionView.draw(into: surface)
  }

  /// Whether the collection view is animating, so the run loop keeps drawing frames.
  ///
  /// UIKit: none; a UIKit app's render server draws on its own (see `Scene.isAnimating`).
  open var isAnimating: Bool { collectionView.hasRunningAnimations }

  /// Whether the scene wants `tick()` a few times a second without input; false.
  ///
  /// UIKit: none (see `Scene.wantsTicks`). Open, so a subclass that follows work of its own
  /// overrides it (the protocol's default could not be overridden in a subclass).
  open var wantsTicks: Bool { false }

  /// Catches up with background work; nothing to catch up with here, so false. The terminal's
  /// run loop calls it when `BackgroundWork` wakes it, and at each tick.
  ///
  /// UIKit: none; the work a main-queue block would do when a background job hands back its
  /// result. A subclass whose data arrives from background work overrides it.
  open func tick() -> Bool { false }

  /// Quits on `q` or Escape; refits on a resize; hands everything else to the collection view.
  open func handle(_ event: InputEvent) -> SceneResponse {
    switch event {
    case .key(.character("q")), .key(.escape): return .quit
    case .resize(let columns, let rows): fit(columns: columns, rows: rows)
    default: collectionView.handle(event)
    }
    return .continue
  }

  /// Sets the collection view's frame to the screen less the insets.
  func fit(columns: Int, rows: Int) {
    let frame = CellRect(
      column: 0, row: contentInsets.top, columns: max(0, columns),
      rows: max(0, rows - contentInsets.top - contentInsets.bottom))
    if collectionView.frame != frame { collectionView.frame = frame }
  }
}
