import MosaicData

/// The demo data compiled into `mosaic`, which it opens when given no file.
///
/// The data is part of the binary (`BundledData+Elements.swift`, generated from
/// `Resources/elements.json` by `scripts/embed-bundled-data.py`), not a SwiftPM resource: a
/// resource bundle is found through a path compiled in at build time, and a copied binary
/// whose build folder is gone would die looking for it.
///
/// UIKit: files in the app bundle, found with `Bundle.main.path(forResource:ofType:)`.
public enum BundledData {
  /// The bundled periodic table's name, as the status bar and errors show it.
  public static let elementsName = "elements.json"

  /// Opens the bundled periodic table: 118 elements in sections by category, as JSON.
  ///
  /// - Throws: `DataError` only if the embedded text were malformed, which a test rules out.
  public static func openElements() throws -> any RecordSource {
    try DataFile.open(text: elementsText, name: elementsName, format: .json)
  }
}
