import ArgumentParser
import MosaicData

/// `--filter`, `--output` and `--output-format`: the conditions the view opens with, and what
/// makes `mosaic FILE` write the view (the records the filters keep, in `--sort` order, with the
/// `--fields`) instead of browsing it.
struct ExportOptions: ParsableArguments {
  @Option(
    name: .customLong("filter"), parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "Keep only the records meeting EXPR, in the & prompt's language "
        + "(carrier = 'UA' and arr_delay > 60; plain text: any field contains it); repeated, "
        + "every one must hold: the browser opens with them on show (| lists them), and "
        + "--output writes only their records.",
      valueName: "EXPR"))
  var filters: [String] = []

  @Option(
    help: ArgumentHelp(
      "Write the view to PATH instead of browsing: the records the filters keep, in sort "
        + "order, with the chosen fields (default: all). The format follows PATH's extension (.csv, "
        + ".tsv, .jsonl, .ndjson, .json); - writes JSON Lines to standard output. An existing "
        + "file is replaced, only once the whole view is written.",
      valueName: "PATH|-"),
    completion: .file())
  var output: String?

  @Option(
    name: .customLong("output-format"),
    help: ArgumentHelp(
      "Write --output as csv, tsv, jsonl or json, whatever its extension.",
      valueName: "FORMAT"),
    completion: .list(["csv", "tsv", "jsonl", "json"]))
  var outputFormatText: String?

  /// The format `--output` is written in: `--output-format`, else the extension, else JSON Lines
  /// for standard output; nil without `--output` (and before `validate()` for a bad value).
  var format: ExportFormat? {
    guard let output else { return nil }
    if let outputFormatText { return ExportFormat(rawValue: outputFormatText.lowercased()) }
    if output == "-" { return .jsonl }
    return ExportFormat(pathExtension: Self.pathExtension(of: output))
  }

  func validate() throws {
    if let outputFormatText {
      guard output != nil else {
        throw ValidationError("--output-format goes with --output PATH|-, which was not given")
      }
      guard ExportFormat(rawValue: outputFormatText.lowercased()) != nil else {
        throw ValidationError(
          "--output-format must be csv, tsv, jsonl or json, not '\(outputFormatText)'")
      }
    }
    if let output {
      if output.isEmpty { throw ValidationError("--output needs a PATH, or - for standard output") }
      if format == nil {
        let ext = Self.pathExtension(of: output)
        let known = ExportFormat.knownExtensions.joined(separator: " ")
        throw ValidationError(
          "--output \(output): "
            + (ext.isEmpty ? "no extension" : "unknown extension .\(ext)")
            + " to choose the format by (\(known)); add --output-format csv|tsv|jsonl|json")
      }
    }
  }

  /// The extension of the last component of `path`, without the dot ("" for none).
  static func pathExtension(of path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
    return String(name[name.index(after: dot)...])
  }
}
