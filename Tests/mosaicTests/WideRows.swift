import Foundation

/// A CSV of 3,000 records whose values hold glyphs two columns wide (CJK) and letters with
/// combining marks, written to a temporary file: what the screen comparison must get right cell
/// for cell where a glyph is not one byte and one column.
///
/// No emoji: terminals and C libraries disagree on some of their widths, which is
/// TerminalWidthAgreementTests' subject, not this one's.
struct WideRows {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory
      .appendingPathComponent("mosaic-wide-\(getpid())-\(UUID().uuidString.prefix(8)).csv").path
    let cities = ["東京", "大阪", "서울", "北京", "台北", "Zürich", "São Paulo", "Reykjavík"]
    let words = ["漢字かな", "한국어", "ＡＢＣ全角", "cafe\u{301}", "n\u{303}and\u{FA}", "plain"]
    var text = "id,name,city,note\n"
    for record in 1...3_000 {
      let city = cities[record % cities.count]
      let word = words[record % words.count]
      text +=
        "\(record),\(word) \(record),\(city),\(words[(record / 7) % words.count]) 第\(record)\n"
    }
    try text.write(toFile: path, atomically: true, encoding: .utf8)
  }

  /// Removes the file.
  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}
