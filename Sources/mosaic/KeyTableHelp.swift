import MosaicApp
import MosaicJSON

/// `mosaic help keys`: the browser's key table (`KeyBindings`) printed for the documents made
/// from it. Markdown is the README's table, as pasted between its marker comments; `--json` is
/// what `scripts/make-man-page.py --keys` reads to write the man page's KEYS section.
///
/// A request for help rather than a subcommand, so it stays out of the completions and the
/// `--experimental-dump-help` JSON; and part of `mosaic` itself, so that `make install` makes
/// the page from the very binary it installs.
enum KeyTableHelp {
  /// Prints the table in the form `arguments` ask for (none, or `--markdown`, or `--json`);
  /// returns the exit status.
  static func run(_ arguments: [String]) -> Int32 {
    switch arguments {
    case [], ["--markdown"]:
      print(KeyBindings.markdown, terminator: "")
      return 0
    case ["--json"]:
      print(JSONWriter.compact(json))
      return 0
    default:
      StandardError.writeLine(
        "mosaic: mosaic help keys takes --markdown or --json, not \(arguments.joined(separator: " ")) (see mosaic --help)"
      )
      return Mosaic.usageErrorStatus
    }
  }

  /// The bindings as one JSON array: each binding's screen (and its heading), keys as the
  /// documents spell them, the help's label and summary, the description and when it holds.
  static var json: JSONValue {
    .array(
      KeyBindings.all.map { binding in
        .object([
          ("screen", .string(binding.screen.rawValue)),
          ("heading", .string(binding.screen.heading)),
          ("group", .string(binding.group)),
          ("label", .string(binding.label)),
          ("keys", .array(binding.keyNames.map { .string($0) })),
          ("summary", .string(binding.summary)),
          ("description", .string(binding.description)),
          ("availability", .string(binding.availability.rawValue)),
        ])
      })
  }
}
