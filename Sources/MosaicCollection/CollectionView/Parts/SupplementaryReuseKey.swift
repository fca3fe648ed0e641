/// A supplementary view's registration: its kind and reuse identifier.
struct SupplementaryReuseKey: Hashable {
  /// The element kind, such as `"header"`.
  var kind: String
  /// The reuse identifier.
  var identifier: String
}
