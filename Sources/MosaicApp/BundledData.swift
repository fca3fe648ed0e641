import Foundation

/// The demo data shipped inside the package, which `mosaic` opens when given no file.
///
/// UIKit: files in the app bundle, found with `Bundle.main.path(forResource:ofType:)`.
public enum BundledData {
  /// The bundled periodic table's name, as the status bar and errors show it.
  public static let elementsName = "elements.json"

  /// The path of the bundled periodic table (118 elements in sections by category), or nil when
  /// the resource bundle is missing.
  public static var elementsPath: String? {
    Bundle.module.path(forResource: "elements", ofType: "json", inDirectory: "Resources")
  }
}
