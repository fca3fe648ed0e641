import Foundation
import MosaicData

/// `--sort` read against a file's fields: a comma-separated list of keys, the first deciding
/// and each next one breaking the ties left, `-FIELD` descending.
///
/// A whole argument that names a field (a CSV header can hold a comma, or start with `-`) is
/// that field, ascending; so is a piece that names one. `Arranger` takes a single key today:
/// `BrowseCommand.arrange(_:sortKeys:filter:)` is the one place the list reaches it.
struct SortArgument: Equatable {
  /// One key: a field, and which way its values run.
  struct Key: Equatable {
    /// The field's index in the source.
    var field: Int
    /// Whether the largest values come first.
    var descending: Bool
  }

  /// The keys, most significant first.
  var keys: [Key]

  /// The keys `text` names among `source`'s fields.
  ///
  /// - Throws: `DataError.unknownField` for the first name the source lacks, with the field it
  ///   most likely meant.
  init(_ text: String, source: any RecordSource) throws(DataError) {
    let names = source.fieldNames
    if let whole = FieldLookup.index(of: text, in: names) {
      keys = [Key(field: whole, descending: false)]
      return
    }
    var keys: [Key] = []
    for piece in text.split(separator: ",") {
      let name = piece.trimmingCharacters(in: .whitespaces)
      guard !name.isEmpty else { continue }
      if let field = FieldLookup.index(of: name, in: names) {
        keys.append(Key(field: field, descending: false))
      } else if name.hasPrefix("-"), name.count > 1,
        let field = FieldLookup.index(of: String(name.dropFirst()), in: names)
      {
        keys.append(Key(field: field, descending: true))
      } else {
        let wanted = name.hasPrefix("-") && name.count > 1 ? String(name.dropFirst()) : name
        throw DataError.unknownField(file: source.name, field: wanted, known: names)
      }
    }
    self.keys = keys
  }
}
