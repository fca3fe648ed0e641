import Foundation

extension CollectionView {
  /// A cell class and how to configure it for an item, registered with the collection view the
  /// first time a cell is dequeued with it.
  ///
  /// UIKit: `UICollectionView.CellRegistration` (iOS 14). Create it once (a property of the
  /// controller, not inside the cell provider) and dequeue with
  /// `dequeueConfiguredReusableCell(using:for:item:)`; each registration has its own reuse
  /// identifier, generated, so two registrations of one class keep separate queues.
  public struct CellRegistration<Cell: CollectionViewCell, Item> {
    /// Configures `cell` for `item`, shown at `indexPath`.
    ///
    /// UIKit: `CellRegistration.Handler`.
    public typealias Handler =
      @MainActor (_ cell: Cell, _ indexPath: IndexPath, _ item: Item) ->
      Void

    /// The reuse identifier the class is registered under: unique to this registration.
    let reuseIdentifier: String
    /// Configures each dequeued cell.
    let handler: Handler

    /// Creates a registration of `Cell` whose cells `handler` configures.
    ///
    /// UIKit: `init(handler:)`.
    public init(handler: @escaping Handler) {
      reuseIdentifier = "CellRegistration<\(Cell.self), \(Item.self)>#" + UUID().uuidString
      self.handler = handler
    }
  }

  /// A cell of `registration`'s class for `indexPath`, from the reuse queue or new, configured by
  /// its handler for `item`; the class is registered on first use.
  ///
  /// UIKit: `dequeueConfiguredReusableCell(using:for:item:)`. Call it from the cell provider (or
  /// `collectionView(_:cellForItemAt:)`). A nil `item` stops the program with a message, as
  /// the handler has nothing to configure the cell with.
  public func dequeueConfiguredReusableCell<Cell: CollectionViewCell, Item>(
    using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
  ) -> Cell {
    let identifier = registration.reuseIdentifier
    if reusePool.cellClasses[identifier] == nil {
      register(Cell.self, forCellWithReuseIdentifier: identifier)
    }
    let cell = dequeueReusableCell(Cell.self, withReuseIdentifier: identifier, for: indexPath)
    guard let item else {
      preconditionFailure(
        "Mosaic: dequeueConfiguredReusableCell(using:for:item:) was given no item for "
          + "\(describe(indexPath)); pass the item the \(Cell.self) shows")
    }
    registration.handler(cell, indexPath, item)
    return cell
  }
}
