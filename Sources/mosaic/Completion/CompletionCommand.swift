import ArgumentParser
import Foundation

/// What a shell may complete for one `mosaic` command: its options and its positional argument.
///
/// Read from ArgumentParser's own description of the commands (`--experimental-dump-help`), so
/// the scripts offer exactly the options the binary parses; only what ArgumentParser cannot
/// say (that browsing is the default, which values come from a database) is added here.
struct CompletionCommand {
  /// The subcommand's name (`browse`, `demo`, …).
  let name: String
  /// Its first line of help, shown beside the name where the shell shows descriptions.
  let summary: String
  /// Its flags and options.
  let options: [CompletionOption]
  /// What its positional argument completes to, or nil when it takes none.
  let positional: CompletionValues?
  /// Whether the positional argument may be given more than once.
  let positionalRepeats: Bool

  /// The options that take a value: a shell skips the word after them when counting arguments.
  var valueOptionNames: [String] { options.filter(\.takesValue).flatMap(\.names) }

  /// `mosaic`'s subcommands in help order, the default (browse) first, from the commands'
  /// own help description.
  static func all() -> [CompletionCommand] {
    guard let tool = try? JSONDecoder().decode(DumpedTool.self, from: Data(dumpedHelp().utf8))
    else { return [] }
    let names = tool.command.subcommands.map(\.commandName)
    return tool.command.subcommands.map { command in
      let arguments = (command.arguments ?? []).filter { $0.shouldDisplay ?? true }
      let positional = arguments.first { $0.kind == "positional" }
      var positionalValues = positional.map { CompletionValues($0.completionKind) }
      if command.commandName == "help" { positionalValues = .list(names + ["keys"]) }
      return CompletionCommand(
        name: command.commandName,
        summary: CompletionOption.firstSentence(of: command.abstract ?? ""),
        options: arguments.filter { $0.kind != "positional" }.map(CompletionOption.init),
        positional: positionalValues,
        positionalRepeats: positional?.isRepeating ?? false)
    }
  }

  /// ArgumentParser's JSON description of the command tree, asked for in-process.
  private static func dumpedHelp() -> String {
    do {
      _ = try Mosaic.parseAsRoot(["--experimental-dump-help"])
      return ""
    } catch {
      return Mosaic.fullMessage(for: error)
    }
  }
}

/// The parts of ArgumentParser's tool description that completion reads.
struct DumpedTool: Decodable {
  struct Command: Decodable {
    let commandName: String
    let abstract: String?
    let arguments: [Argument]?
    let subcommands: [Command]
  }
  struct Argument: Decodable {
    struct Name: Decodable {
      let kind: String
      let name: String
    }
    let kind: String
    let names: [Name]?
    let abstract: String?
    let isRepeating: Bool?
    let shouldDisplay: Bool?
    let valueName: String?
    let completionKind: CompletionKind?
  }
  /// ArgumentParser's completion kinds, each a one-key object (`{"list": {"values": […]}}`).
  struct CompletionKind: Decodable {
    struct Values: Decodable { let values: [String]? }
    let list: Values?
    let file: Values?
    let directory: Values?
    let custom: Values?
  }
  let command: Command
}

extension DumpedTool.Command {
  init(from decoder: Decoder) throws {
    let container = try decoder.container(keyedBy: Keys.self)
    commandName = try container.decode(String.self, forKey: .commandName)
    abstract = try container.decodeIfPresent(String.self, forKey: .abstract)
    arguments = try container.decodeIfPresent([DumpedTool.Argument].self, forKey: .arguments)
    subcommands =
      try container.decodeIfPresent([DumpedTool.Command].self, forKey: .subcommands) ?? []
  }
  private enum Keys: String, CodingKey { case commandName, abstract, arguments, subcommands }
}
