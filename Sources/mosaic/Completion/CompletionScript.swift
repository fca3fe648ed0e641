import Foundation
import MosaicJSON

/// `mosaic --generate-completion-script SHELL`: the completion script for bash, zsh or fish,
/// and `mosaic ---complete NAME WORDS…`, the candidates those scripts ask the binary for.
///
/// The scripts complete file names and every browsing option at the top level (browsing is
/// the default command), option values (`--layout`'s names, `--table`'s tables), and the
/// subcommands' own arguments (`mosaic demo` the demo names).
enum CompletionScript {
  /// The shells a script is written for.
  static let shells = ["bash", "zsh", "fish"]

  /// The script for `shell`, or nil for a shell it is not written for.
  static func text(for shell: String) -> String? {
    let commands = CompletionCommand.all()
    switch shell {
    case "bash": return BashCompletionScript(commands: commands).text
    case "zsh": return ZshCompletionScript(commands: commands).text
    case "fish": return FishCompletionScript(commands: commands).text
    default: return nil
    }
  }

  /// Handles `--generate-completion-script[=]SHELL` and `---complete NAME WORDS…`; nil when
  /// `arguments` are neither, else the exit status.
  static func run(_ arguments: [String]) -> Int32? {
    guard let first = arguments.first else { return nil }
    if first == "---complete" {
      let words = Array(arguments.dropFirst())
      guard let name = words.first else { return 0 }
      for candidate in CompletionCandidates.candidates(named: name, line: Array(words.dropFirst()))
      {
        print(candidate)
      }
      return 0
    }
    let option = "--generate-completion-script"
    let shell: String?
    if first == option {
      shell = arguments.dropFirst().first
    } else if first.hasPrefix(option + "=") {
      shell = String(first.dropFirst(option.count + 1))
    } else {
      return nil
    }
    guard let shell, let text = text(for: shell) else {
      let list = shells.joined(separator: ", ")
      StandardError.writeLine(
        "mosaic: \(option) needs a shell: \(list)"
          + (shell.map { " (not \(VisibleText.escaped($0)))" } ?? ""))
      return Mosaic.usageErrorStatus
    }
    print(text, terminator: "")
    return 0
  }
}
