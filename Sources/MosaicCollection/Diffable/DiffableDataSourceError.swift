/// A change a snapshot refuses: what UIKit traps on (an identifier given twice, an identifier the
/// snapshot does not hold, items with no section to go to), with the message the trap prints.
///
/// UIKit: the `NSInternalInconsistencyException` messages of `NSDiffableDataSourceSnapshot`. The
/// public methods stop the program with `description`; the `checked…` methods throw it, so
/// tests can see the rule without a crash.
@usableFromInline
enum DiffableDataSourceError: Error, Equatable, CustomStringConvertible {
  /// Items already in the snapshot, or given twice in one call.
  case duplicateItems([String], method: String)
  /// Sections already in the snapshot, or given twice in one call.
  case duplicateSections([String], method: String)
  /// An item the snapshot does not hold.
  case missingItem(String, method: String)
  /// A section the snapshot does not hold.
  case missingSection(String, method: String)
  /// Items appended to no section in a snapshot that has none.
  case noSections(method: String)
  /// An item or section placed before or after itself.
  case relativeToItself(String, method: String)

  /// `identifiers` as the message shows them: each described, at most five, then how many more.
  @usableFromInline static func names(_ identifiers: some Sequence<some Any>) -> [String] {
    identifiers.map { String(describing: $0) }
  }

  /// The problem, its culprits and the method, on one line.
  @usableFromInline var description: String {
    func list(_ names: [String]) -> String {
      let shown = names.prefix(5).joined(separator: ", ")
      return names.count > 5 ? "\(shown) and \(names.count - 5) more" : shown
    }
    switch self {
    case .duplicateItems(let names, let method):
      return "Mosaic: \(method): item identifiers must be unique in a snapshot; given twice or "
        + "already present: \(list(names))"
    case .duplicateSections(let names, let method):
      return "Mosaic: \(method): section identifiers must be unique in a snapshot; given twice "
        + "or already present: \(list(names))"
    case .missingItem(let name, let method):
      return "Mosaic: \(method): the snapshot holds no item \(name)"
    case .missingSection(let name, let method):
      return "Mosaic: \(method): the snapshot holds no section \(name)"
    case .noSections(let method):
      return "Mosaic: \(method): the snapshot has no section to append items to; "
        + "call appendSections(_:) first"
    case .relativeToItself(let name, let method):
      return "Mosaic: \(method): \(name) cannot be placed relative to itself"
    }
  }

  /// A missing section, named.
  @usableFromInline static func missing(section: some Any, method: String) -> Self {
    .missingSection(String(describing: section), method: method)
  }

  /// A missing item, named.
  @usableFromInline static func missing(item: some Any, method: String) -> Self {
    .missingItem(String(describing: item), method: method)
  }
}
