/// Every spelling of an ASCII text in upper and lower case (`lima`: `lima`, `Lima`, … `LIMA`),
/// which PostgreSQL compares to a value by one hash lookup, where lowercasing the value costs
/// an allocation and a pass over it.
///
/// UIKit has no counterpart; it is a case-insensitive predicate turned into an `IN` list a
/// store can hash.
struct CaseVariants {
  /// The spellings, the text itself among them.
  let spellings: [String]

  /// At most 2⁸ spellings: longer lists cost more to hash and to send than they save.
  static let maximumLetters = 8

  /// The spellings of `text`, lowercase ASCII; nil when it holds more than `maximumLetters`
  /// letters.
  init?(_ text: String) {
    let bytes = Array(text.utf8)
    let letters = bytes.indices.filter {
      bytes[$0] >= UInt8(ascii: "a") && bytes[$0] <= UInt8(ascii: "z")
    }
    guard letters.count <= Self.maximumLetters else { return nil }
    spellings = (0..<(1 << letters.count)).map { mask in
      var spelling = bytes
      for (bit, index) in letters.enumerated() where mask & (1 << bit) != 0 {
        spelling[index] -= 32
      }
      return String(decoding: spelling, as: UTF8.self)
    }
  }

  /// The spellings as a PostgreSQL array literal (`{"lima","Lima",…}`), each quoted.
  var arrayLiteral: String {
    "{"
      + spellings.map {
        "\""
          + $0.replacingOccurrences(of: "\\", with: "\\\\")
          .replacingOccurrences(of: "\"", with: "\\\"") + "\""
      }.joined(separator: ",") + "}"
  }
}
