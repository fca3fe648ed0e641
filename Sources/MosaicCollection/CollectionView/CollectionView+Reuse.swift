import Foundation
import MosaicLayout

extension CollectionView {
  /// Registers the class the view creates cells from for `identifier`.
  ///
  /// UIKit: `register(_:forCellWithReuseIdentifier:)`. Registering again replaces the class;
  /// queued cells of the old class are dropped.
  public func register(
    _ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String
  ) {
    statistics.queuedViews -= reusePool.register(cellClass, forCellWithReuseIdentifier: identifier)
  }

  /// Registers the class the view creates supplementary views of `kind` from for `identifier`.
  ///
  /// UIKit: `register(_:forSupplementaryViewOfKind:withReuseIdentifier:)`.
  public func register(
    _ viewClass: ReusableView.Type, forSupplementaryViewOfKind kind: String,
    withReuseIdentifier identifier: String
  ) {
    let key = SupplementaryReuseKey(kind: kind, identifier: identifier)
    statistics.queuedViews -= reusePool.register(viewClass, forSupplementary: key)
  }

  /// A cell for the item at `indexPath`: a recycled one (after `prepareForReuse()`), else a new
  /// one of the registered class.
  ///
  /// UIKit: `dequeueReusableCell(withReuseIdentifier:for:)`. Stops the program with a message
  /// naming `identifier` when no class was registered for it, as UIKit does.
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> CollectionViewCell
  {
    guard let vended = reusePool.dequeueCell(withReuseIdentifier: identifier) else {
      preconditionFailure(
        "Mosaic: no cell class registered for reuse identifier \"\(identifier)\"; "
          + "call register(_:forCellWithReuseIdentifier:) first")
    }
    let cell = vended.view
    resetState(of: cell, for: indexPath)
    if vended.isReconfigured { return cell }
    if vended.isNew {
      statistics.viewsCreated += 1
    } else {
      statistics.queuedViews -= 1
      cell.prepareForReuse()
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
    guard let vended = reusePool.dequeueSupplementaryView(for: key) else {
      preconditionFailure(
        "Mosaic: no view class registered for supplementary kind \"\(kind)\" and reuse "
          + "identifier \"\(identifier)\"; call "
          + "register(_:forSupplementaryViewOfKind:withReuseIdentifier:) first")
    }
    if vended.isNew {
      statistics.viewsCreated += 1
    } else {
      statistics.queuedViews -= 1
      vended.view.prepareForReuse()
    }
    return vended.view
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

  /// Stops the program unless `view`, returned by the data source's `method`, was dequeued from
  /// this collection view since the data source was asked: a view made with `init()` or taken
  /// from another collection view would never be recycled here. UIKit raises the same way.
  func requireDequeued(_ view: ReusableView, by method: String, for indexPath: IndexPath) {
    guard reusePool.hasVended(view) else {
      let dequeue =
        view is CollectionViewCell
        ? "dequeueReusableCell(withReuseIdentifier:for:)"
        : "dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)"
      preconditionFailure(
        "Mosaic: the \(Swift.type(of: view)) returned by \(method) for \(describe(indexPath)) "
          + "was not dequeued from this collection view; get it from \(dequeue)")
    }
  }

  /// "item 3 of section 0", or "section 2" for a one-index path.
  func describe(_ indexPath: IndexPath) -> String {
    indexPath.count == 2
      ? "item \(indexPath.item) of section \(indexPath.section)" : "index path \(Array(indexPath))"
  }

  /// Puts a view that left the screen back in its queue; a view with no reuse identifier (made
  /// outside `dequeue…`) is dropped.
  func enqueue(_ view: ReusableView, for key: ElementKey) {
    view.layoutAttributes = nil
    if reusePool.enqueue(view, category: key.category, kind: key.kind) {
      statistics.queuedViews += 1
    }
  }

  /// Gives a dequeued cell the selection, focus and highlight of its item.
  func resetState(of cell: CollectionViewCell, for indexPath: IndexPath) {
    cell.setState(
      isSelected: selection.isSelected(indexPath),
      isHighlighted: selection.highlighted == indexPath,
      isFocused: focusedItem == indexPath)
  }
}
