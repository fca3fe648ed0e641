import Foundation
import MosaicData

/// The line Ctrl-S opens to save the view: the path typed (a name beside the file to start
/// with), then, when the file exists, the question whether to replace it.
///
/// UIKit: a `UIDocumentPickerViewController` exporting to a chosen place, and its "Replace?"
/// alert.
struct SavePrompt: Equatable {
  /// The path typed so far.
  var path: String
  /// Whether the prompt asks to replace the existing file at `path` (y replaces).
  var asksToReplace = false
  /// Why the path cannot be saved to, or nil.
  var problem: String?

  /// A prompt offering `<name>-view.csv` for a source named `name` (its directory and extension
  /// kept when it is a CSV, TSV or JSON file).
  init(sourceName: String) {
    let url = URL(fileURLWithPath: sourceName)
    var base = url.deletingPathExtension().lastPathComponent
    if base.isEmpty || base.hasPrefix("<") { base = "records" }
    let known = ExportFormat(pathExtension: url.pathExtension) != nil
    let ext = known ? url.pathExtension : "csv"
    let directory = sourceName.contains("/") ? url.deletingLastPathComponent().path + "/" : ""
    path = directory + base + "-view." + ext
  }

  /// The format the path's extension names, or nil.
  var format: ExportFormat? {
    ExportFormat(pathExtension: URL(fileURLWithPath: path).pathExtension)
  }

  /// What Enter does: the format to save in, or nil when the prompt must stay (a problem said,
  /// or a question asked before replacing a file).
  mutating func confirm() -> ExportFormat? {
    problem = nil
    guard !path.isEmpty else {
      problem = "type a path"
      return nil
    }
    guard let format else {
      problem =
        "the extension chooses the format: " + ExportFormat.knownExtensions.joined(separator: " ")
      return nil
    }
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
      guard !isDirectory.boolValue else {
        problem = "\(path) is a directory"
        return nil
      }
      asksToReplace = true
      return nil
    }
    return format
  }
}
