import Foundation
import MosaicLayout

/// The registered view classes and the queues of views waiting for reuse: cells by reuse
/// identifier, supplementary views by kind and identifier, decoration views by kind.
///
/// UIKit: the reuse queues behind `register(_:forCellWithReuseIdentifier:)` and
/// `dequeueReusableCell(withReuseIdentifier:for:)`. It knows nothing of index paths or the
/// screen: the collection view asks it for a view and gives views back; it also remembers which
/// views it handed out since `beginVending()`, so a view a data source returns can be checked to
/// come from here.
@MainActor
struct ReusePool {
  /// A view handed out: a recycled one (to be prepared for reuse) or a new one.
  struct Vended<View> {
    /// The view.
    let view: View
    /// Whether it was made just now rather than taken from a queue.
    let isNew: Bool
    /// Whether it is the cell on screen being configured again (`reconfigureItems(at:)`): not
    /// taken from a queue, not to be prepared for reuse.
    var isReconfigured = false
  }

  /// Registered cell classes, by reuse identifier.
  private(set) var cellClasses: [String: CollectionViewCell.Type] = [:]
  /// Registered supplementary view classes.
  private(set) var supplementaryClasses: [SupplementaryReuseKey: ReusableView.Type] = [:]
  /// The kinds of supplementary view registered.
  var supplementaryKinds: [String] { supplementaryClasses.keys.map(\.kind) }
  /// Registered decoration view classes, by kind.
  private(set) var decorationClasses: [String: ReusableView.Type] = [:]
  /// Recycled cells, by reuse identifier.
  private(set) var cellQueues: [String: [CollectionViewCell]] = [:]
  /// Recycled supplementary views, by kind and reuse identifier.
  private(set) var supplementaryQueues: [SupplementaryReuseKey: [ReusableView]] = [:]
  /// Recycled decoration views, by kind.
  private(set) var decorationQueues: [String: [ReusableView]] = [:]
  /// The views handed out since `beginVending()`.
  private var vended: Set<ObjectIdentifier> = []

  /// How many views wait in the queues.
  private(set) var queuedCount = 0
  /// The cell on screen that `reconfigureItems(at:)` is configuring again: the next dequeue for
  /// its reuse identifier hands it out, as UIKit's does.
  var reconfiguring: CollectionViewCell?

  // MARK: Registering

  /// Registers `cellClass` for `identifier`; returns how many queued cells of a replaced class
  /// were dropped.
  mutating func register(
    _ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String
  )
    -> Int
  {
    let dropped = Self.register(
      cellClass, for: identifier, in: &cellClasses, emptying: &cellQueues)
    queuedCount -= dropped
    return dropped
  }

  /// Registers `viewClass` for supplementary views of `key`; returns how many queued views of a
  /// replaced class were dropped.
  mutating func register(
    _ viewClass: ReusableView.Type, forSupplementary key: SupplementaryReuseKey
  )
    -> Int
  {
    let dropped = Self.register(
      viewClass, for: key, in: &supplementaryClasses, emptying: &supplementaryQueues)
    queuedCount -= dropped
    return dropped
  }

  /// Registers `viewClass` for decoration views of `kind`; returns how many queued views of a
  /// replaced class were dropped.
  mutating func register(_ viewClass: ReusableView.Type, forDecorationViewOfKind kind: String)
    -> Int
  {
    let dropped = Self.register(
      viewClass, for: kind, in: &decorationClasses, emptying: &decorationQueues)
    queuedCount -= dropped
    return dropped
  }

  /// Registers `viewClass` for `key` in `classes`; a different class registered before has its
  /// queued views dropped from `queues` (they are of the old class), and their number returned.
  private static func register<Key: Hashable, View: ReusableView>(
    _ viewClass: View.Type, for key: Key, in classes: inout [Key: View.Type],
    emptying queues: inout [Key: [View]]
  ) -> Int {
    var dropped = 0
    if let old = classes[key], old != viewClass {
      dropped = queues.removeValue(forKey: key)?.count ?? 0
    }
    classes[key] = viewClass
    return dropped
  }

  // MARK: Handing out

  /// A cell for `identifier`: the last one queued, else a new one of the registered class; nil
  /// when no class is registered for it.
  mutating func dequeueCell(withReuseIdentifier identifier: String)
    -> Vended<CollectionViewCell>?
  {
    let result: Vended<CollectionViewCell>
    if let cell = reconfiguring, cell.reuseIdentifier == identifier {
      reconfiguring = nil
      result = Vended(view: cell, isNew: false, isReconfigured: true)
    } else if let recycled = cellQueues[identifier]?.popLast() {
      queuedCount -= 1
      result = Vended(view: recycled, isNew: false)
    } else {
      guard let cellClass = cellClasses[identifier] else { return nil }
      let cell = cellClass.init()
      cell.reuseIdentifier = identifier
      result = Vended(view: cell, isNew: true)
    }
    vended.insert(ObjectIdentifier(result.view))
    return result
  }

  /// A supplementary view for `key`: the last one queued, else a new one of the registered
  /// class; nil when no class is registered for it.
  mutating func dequeueSupplementaryView(for key: SupplementaryReuseKey) -> Vended<ReusableView>? {
    let result: Vended<ReusableView>
    if let recycled = supplementaryQueues[key]?.popLast() {
      queuedCount -= 1
      result = Vended(view: recycled, isNew: false)
    } else {
      guard let viewClass = supplementaryClasses[key] else { return nil }
      let view = viewClass.init()
      view.reuseIdentifier = key.identifier
      result = Vended(view: view, isNew: true)
    }
    vended.insert(ObjectIdentifier(result.view))
    return result
  }

  /// A decoration view of `kind`: the last one queued, else a new one of `viewClass` (the class
  /// registered for the kind on the layout or on the view, which the caller looks up).
  mutating func dequeueDecorationView(ofKind kind: String, viewClass: ReusableView.Type)
    -> Vended<ReusableView>
  {
    if let recycled = decorationQueues[kind]?.popLast() {
      queuedCount -= 1
      return Vended(view: recycled, isNew: false)
    }
    let view = viewClass.init()
    view.reuseIdentifier = kind
    return Vended(view: view, isNew: true)
  }

  // MARK: Giving back

  /// Queues a view that left the screen, by its element's category and kind; false (and the
  /// view dropped) when it has no reuse identifier, having been made outside the pool.
  @discardableResult
  mutating func enqueue(_ view: ReusableView, category: ElementCategory, kind: String?) -> Bool {
    guard let identifier = view.reuseIdentifier else { return false }
    if category == .cell, let cell = view as? CollectionViewCell {
      cellQueues[identifier, default: []].append(cell)
    } else if category == .decorationView {
      decorationQueues[identifier, default: []].append(view)
    } else {
      let key = SupplementaryReuseKey(kind: kind ?? "", identifier: identifier)
      supplementaryQueues[key, default: []].append(view)
    }
    queuedCount += 1
    return true
  }

  // MARK: Checking where a view came from

  /// Starts a new round of handing out: the views handed out before are forgotten.
  mutating func beginVending() { vended.removeAll(keepingCapacity: true) }

  /// Whether `view` was handed out since `beginVending()`.
  func hasVended(_ view: ReusableView) -> Bool { vended.contains(ObjectIdentifier(view)) }
}
