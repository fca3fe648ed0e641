import Foundation
import MosaicCollection

// What the demo's keys do: each model change in one `performBatchUpdates` block, as UIKit code
// writes it, and the layout changes through `setCollectionViewLayout(_:animated:)`.
extension UpdatesDemo {
  /// The focused tile's section, or the first section when nothing has the focus (every
  /// section is empty); nil without sections.
  var focusedSection: Int? {
    if let focused = collectionView.indexPathForFocusedItem { return focused.section }
    return model.sections.isEmpty ? nil : 0
  }

  /// Makes `change` in one batch (the model changes inside the block, then the collection view
  /// is told what changed, in UIKit's terms) and says so in the status line; `undoable` keeps
  /// its inverse for `u`.
  func perform(_ change: UpdatesChange, undoable: Bool = true) {
    collectionView.performBatchUpdates(
      {
        model.apply(change)
        switch change {
        case .insertItems(let paths, _): collectionView.insertItems(at: paths)
        case .deleteItems(let paths, _): collectionView.deleteItems(at: paths)
        case .moveItem(let from, let to): collectionView.moveItem(at: from, to: to)
        case .reloadItem(let path, _, _): collectionView.reloadItems(at: [path])
        case .insertSection(let index, _): collectionView.insertSections(IndexSet(integer: index))
        case .deleteSection(let index, _): collectionView.deleteSections(IndexSet(integer: index))
        case .moveSection(let from, let to): collectionView.moveSection(from, toSection: to)
        case .reorderSection(let section, let order):
          for move in UpdatesChange.moves(section: section, order: order) {
            collectionView.moveItem(at: move.from, to: move.to)
          }
        }
      },
      completion: { [weak self] _ in self?.finishedBatches += 1 })
    lastChange = describe(change)
    guard undoable else { return }
    undoStack.append(change.inverse)
    if undoStack.count > Self.undoLimit { undoStack.removeFirst() }
  }

  /// "inserted 35 at A.4", "moved 12 to B.1", "shuffled section C": `change`, once made.
  func describe(_ change: UpdatesChange) -> String {
    func tiles(_ count: Int) -> String { "\(count) tile\(count == 1 ? "" : "s")" }
    switch change {
    case .insertItems(let paths, let numbers):
      guard paths.count == 1 else { return "inserted \(tiles(paths.count))" }
      return "inserted \(numbers[0]) at \(model.place(paths[0]))"
    case .deleteItems(let paths, let numbers):
      return paths.count == 1 ? "deleted \(numbers[0])" : "deleted \(tiles(paths.count))"
    case .moveItem(_, let to):
      return "moved \(model.number(at: to) ?? 0) to \(model.place(to))"
    case .reloadItem(_, let old, let new): return "renumbered \(old) as \(new)"
    case .insertSection(_, let section): return "inserted section \(section.name)"
    case .deleteSection(_, let section): return "deleted section \(section.name)"
    case .moveSection(let from, let to):
      return "moved section \(model.sections[to].name) \(to > from ? "down" : "up")"
    case .reorderSection(let index, _): return "shuffled section \(model.sections[index].name)"
    }
  }

  /// `i`: a new tile after the focused one (first in the first section when nothing has the
  /// focus), which takes the focus.
  func insertItem() {
    guard let section = focusedSection else {
      lastChange = "no section to insert into: s adds one"
      return
    }
    let focused = collectionView.indexPathForFocusedItem
    let path = IndexPath(item: focused.map { $0.item + 1 } ?? 0, section: section)
    perform(.insertItems([path], numbers: [model.makeNumber()]))
    collectionView.focusItem(at: path, animated: true)
  }

  /// `d`: deletes the selected tiles, or the focused one when none is selected.
  func deleteItems() {
    var paths = collectionView.indexPathsForSelectedItems.sorted()
    if paths.isEmpty, let focused = collectionView.indexPathForFocusedItem { paths = [focused] }
    let numbers = paths.compactMap(model.number(at:))
    guard !paths.isEmpty, numbers.count == paths.count else { return }
    perform(.deleteItems(paths, numbers: numbers))
  }

  /// `m`/`M`: the focused tile one place on (or back), into the next (or previous) section at
  /// a section's end; the focus goes with it.
  func moveItem(forward: Bool) {
    guard let from = collectionView.indexPathForFocusedItem else { return }
    let count = model.sections[from.section].items.count
    let to: IndexPath
    if forward {
      if from.item + 1 < count {
        to = IndexPath(item: from.item + 1, section: from.section)
      } else if from.section + 1 < model.sections.count {
        to = IndexPath(item: 0, section: from.section + 1)
      } else {
        return
      }
    } else {
      if from.item > 0 {
        to = IndexPath(item: from.item - 1, section: from.section)
      } else if from.section > 0 {
        // At the end of the previous section, as it is once the tile has left this one.
        to = IndexPath(
          item: model.sections[from.section - 1].items.count, section: from.section - 1)
      } else {
        return
      }
    }
    perform(.moveItem(from: from, to: to))
  }

  /// `e`: gives the focused tile a new number, a reload of its item.
  func renumberItem() {
    guard let path = collectionView.indexPathForFocusedItem, let old = model.number(at: path)
    else { return }
    perform(.reloadItem(path, old: old, new: model.makeNumber()))
  }

  /// `s`: a new section of four tiles after the focused one, its first tile focused.
  func insertSection() {
    let index = focusedSection.map { $0 + 1 } ?? 0
    perform(.insertSection(index, model.makeSection(count: 4)))
    collectionView.focusItem(at: IndexPath(item: 0, section: index), animated: true)
  }

  /// `S`: deletes the focused section, tiles and all.
  func deleteSection() {
    guard let index = focusedSection else { return }
    perform(.deleteSection(index, model.sections[index]))
  }

  /// `<`/`>`: the focused section one place up (or down).
  func moveSection(forward: Bool) {
    guard let index = focusedSection else { return }
    let to = index + (forward ? 1 : -1)
    guard model.sections.indices.contains(to) else { return }
    perform(.moveSection(from: index, to: to))
  }

  /// `r`: the focused section's tiles in a new order (a move per tile that changes place).
  func shuffleSection() {
    guard let index = focusedSection, model.sections[index].items.count > 1 else { return }
    perform(
      .reorderSection(index, order: model.shuffledOrder(count: model.sections[index].items.count)))
  }

  /// `u`: undoes the last change, with a batch of its own.
  func undo() {
    guard let inverse = undoStack.popLast() else {
      lastChange = "nothing to undo"
      return
    }
    perform(inverse, undoable: false)
    lastChange = "undid: " + lastChange
  }

  /// `v`: the grid becomes a list or the list a grid, every tile travelling to its new place.
  func switchLayout() {
    style = style == .grid ? .list : .grid
    collectionView.setCollectionViewLayout(makeLayout(), animated: true)
    lastChange = "layout: \(style.rawValue)"
  }

  /// `+`/`-`: bigger or smaller grid tiles (taller or shorter list lines), animated.
  func resizeTiles(larger: Bool) {
    switch style {
    case .grid:
      sizeStep = min(max(0, sizeStep + (larger ? 1 : -1)), Self.tileSizes.count - 1)
    case .list:
      listRows = larger ? 3 : 1
    }
    collectionView.setCollectionViewLayout(makeLayout(), animated: true)
    let cells = tileCells
    lastChange = "tiles \(cells.columns)×\(cells.rows)"
  }

  /// `a`: turns animations off or on, for every view.
  func toggleAnimations() {
    View.setAnimationsEnabled(!View.areAnimationsEnabled)
    lastChange = "animations \(View.areAnimationsEnabled ? "on" : "off")"
  }
}
