import Foundation
import MosaicLayout

extension CollectionView {
  /// The reuse identifier of the blank supplementary views a data source gets by default.
  static let blankIdentifier = "Mosaic.blank"

  /// Registers the class the view creates cells from for `identifier`.
  ///
  /// UIKit: `register(_:forCellWithReuseIdentifier:)`. Registering again replaces the class;
  /// queued cells of the old class are dropped.
  public func register(
    _ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String
  ) {
    if let old = cellClasses[identifier], old != cellClass {
      statistics.queuedViews -= cellQueues[identifier]?.count ?? 0
      cellQueues[identifier] = nil
    }
    cellClasses[identifier] = cellClass
  }

  /// Registers the class the view creates supplementary views of `kind` from for `identifier`.
  ///
  /// UIKit: `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`.
  public func register(
    _ viewClass: ReusableView.Type, forSupplementaryViewOfKind kind: String,
    withReuseIdentifier identifier: String
  ) {
    let key = SupplementaryReuseKey(kind: kind, identifier: identifier)
    if let old = supplementaryClasses[key], old != viewClass {
      statistics.queuedViews -= supplementaryQueues[key]?.count ?? 0
      supplementaryQueues[key] = nil
    }
    supplementaryClasses[key] = viewClass
  }

  /// A cell for the item at `indexPath`: a recycled one (after `prepareForReuse()`), else a new
  /// one of the registered class.
  ///
  /// UIKit: `dequeueReusableCell(withReuseIdentifier:for:)`. Stops the program with a message
  /// naming `identifier` when no class was registered for it, as UIKit does.
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell: CollectionViewCell
    if let recycled = cellQueues[identifier]?.popLast() {
      statistics.queuedViews -= 1
      cell = recycled
      resetState(of: cell, for: indexPath)
      cell.prepareForReuse()
    } else {
      guard let cellClass = cellClasses[identifier] else {
        preconditionFailure(
          "Mosaic: no cell class registered for reuse identifier \"\(identifier)\"; "
            + "call register(_:forCellWithReuseIdentifier:) first")
      }
      cell = cellClass.init()
      cell.reuseIdentifier = identifier
      statistics.viewsCreated += 1
      resetState(of: cell, for: indexPath)
    }
    return cell
  }

  /// A cell of type `Cell` for the item at `indexPath`, as `dequeueReusableCell(withReuseIdentifier:for:)`.
  ///
  /// Stops with a message when the class registered for `identifier` is not a `Cell`.
  public func dequeueReusableCell<Cell: CollectionViewCell>(
    _ type: Cell.Type, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> Cell {
    let cell = dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
    guard let typed = cell as? Cell else {
      preconditionFailure(
        "Mosaic: reuse identifier \"\(identifier)\" is registered for \(Swift.type(of: cell)), "
          + "not \(Cell.self)")
    }
    return typed
  }

  /// A supplementary view of `kind` for `indexPath`: a recycled one (after `prepareForReuse()`),
  /// else a new one of the registered class.
  ///
  /// UIKit: `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`. Stops the
  /// program with a message naming the kind and identifier when none was registered.
  public func dequeueReusableSupplementaryView(
    ofKind kind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
  ) -> ReusableView {
    let key = SupplementaryReuseKey(kind: kind, identifier: identifier)
    if let recycled = supplementaryQueues[key]?.popLast() {
      statistics.queuedViews -= 1
      recycled.prepareForReuse()
      return recycled
    }
    guard let viewClass = supplementaryClasses[key] else {
      preconditionFailure(
        "Mosaic: no view class registered for supplementary kind \"\(kind)\" and reuse "
          + "identifier \"\(identifier)\"; call "
          + "register(_:forSupplementaryViewOfKind:withReuseIdentifier:) first")
    }
    let view = viewClass.init()
    view.reuseIdentifier = identifier
    statistics.viewsCreated += 1
    return view
  }

  /// A typed supplementary view, as `dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)`.
  ///
  /// Stops with a message when the class registered is not a `View`.
  public func dequeueReusableSupplementaryView<View: ReusableView>(
    _ type: View.Type, ofKind kind: String, withReuseIdentifier identifier: String,
    for indexPath: IndexPath
  ) -> View {
    let view = dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: identifier, for: indexPath)
    guard let typed = view as? View else {
      preconditionFailure(
        "Mosaic: supplementary \"\(kind)\"/\"\(identifier)\" is registered for "
          + "\(Swift.type(of: view)), not \(View.self)")
    }
    return typed
  }

  /// A blank supplementary view of `kind`, for data sources that supply none.
  func dequeueBlankSupplementaryView(ofKind kind: String, for indexPath: IndexPath) -> ReusableView
  {
    let key = SupplementaryReuseKey(kind: kind, identifier: Self.blankIdentifier)
    if supplementaryClasses[key] == nil { supplementaryClasses[key] = ReusableView.self }
    return dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: Self.blankIdentifier, for: indexPath)
  }

  /// Puts a view that left the screen back in its queue; a view with no reuse identifier (made
  /// outside `dequeue…`) is dropped.
  func enqueue(_ view: ReusableView, for key: ElementKey) {
    view.layoutAttributes = nil
    guard let identifier = view.reuseIdentifier else { return }
    if key.category == .cell, let cell = view as? CollectionViewCell {
      cellQueues[identifier, default: []].append(cell)
    } else if key.category == .decorationView {
      decorationQueues[identifier, default: []].append(view)
    } else {
      let queueKey = SupplementaryReuseKey(kind: key.kind ?? "", identifier: identifier)
      supplementaryQueues[queueKey, default: []].append(view)
    }
    statistics.queuedViews += 1
  }

  /// Gives a dequeued cell the selection, focus and highlight of its item.
  func resetState(of cell: CollectionViewCell, for indexPath: IndexPath) {
    // Runs for every cell of every frame: an empty selection costs no hashing.
    cell.setState(
      isSelected: !selectedItems.isEmpty && selectedItems.contains(indexPath),
      isHighlighted: highlightedItem == indexPath, isFocused: focusedItem == indexPath)
  }
}
