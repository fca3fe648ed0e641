import ArgumentParser
import Foundation
import MosaicApp
import MosaicJSON

/// The `mosaic` command: browse data as cards, run demos, inspect layouts.
///
/// Every command-line error (unknown option, missing argument, bad value)
/// exits with status 2 and one line on standard error; help exits 0.
@main
struct Mosaic: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mosaic",
    abstract: "A grid browser and collection-view toolkit for the terminal.",
    discussion: """
      Layout switches, card sizes and the demos' updates animate; paging and jumps land at \
      once (--smooth-scroll makes them glide). --no-animation (on browse, demo and inspect) or \
      \(ReducedMotion.environmentVariable)=1 in the environment makes every change at once.
      """,
    version: "mosaic \(version)",
    subcommands: [
      BrowseCommand.self, DescribeCommand.self, LayoutCommand.self, DemoCommand.self,
      InspectCommand.self,
    ],
    defaultSubcommand: BrowseCommand.self)

  /// The release, as `mosaic --version` prints it after the program's name.
  static let version = "0.10.0"

  /// The exit status of a command-line error, and of any bad input.
  static let usageErrorStatus: Int32 = 2

  /// Parses the command line, runs the command and exits with its status.
  ///
  /// Replaces ArgumentParser's `main()`, which exits 64 on a usage error and
  /// may print several lines of usage; the contract is status 2 and one line.
  static func main() {
    Foundation.exit(run(arguments: Array(CommandLine.arguments.dropFirst())))
  }

  /// Runs the command line `arguments` (without the program name) and returns the exit status.
  static func run(arguments: [String]) -> Int32 {
    if arguments.first == "help" { return help(for: Array(arguments.dropFirst())) }
    if let status = CompletionScript.run(arguments) { return status }
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      return 0
    } catch let exitCode as ExitCode {
      // The command has already reported why.
      return exitCode.rawValue
    } catch {
      if exitCode(for: error) == .success {
        let text = fullMessage(for: error)
        if let first = arguments.first,
          ["--experimental-dump-help"].contains(
            first.split(separator: "=").first.map(String.init) ?? first)
        {
          // Scripts and JSON for the install step, written as generated.
          print(text)
        } else if subcommandName(in: arguments) == nil && text.hasPrefix("OVERVIEW:") {
          // The root's help, or the default browse command's: both are `mosaic --help`.
          print(MosaicHelp.rootText())
        } else {
          // Help can echo what was typed: escaped like every message.
          print(VisibleText.escapedLines(text))
        }
        return 0
      }
      let message = message(for: error)
        .split(whereSeparator: \.isNewline)
        .map { $0.trimmingCharacters(in: .whitespaces) }
        .filter { !$0.isEmpty }
        .joined(separator: "; ")
      StandardError.writeLine("mosaic: \(message) (see \(helpCommand(for: arguments)))")
      return usageErrorStatus
    }
  }

  /// `mosaic help [COMMAND]`: the root help, a subcommand's, or one line and status 2 for a
  /// name that is no command (ArgumentParser would show the root help and exit 0);
  /// `mosaic help keys` prints the browser's key table.
  private static func help(for path: [String]) -> Int32 {
    if path.first == "keys" { return KeyTableHelp.run(Array(path.dropFirst())) }
    if path.isEmpty || path == ["-h"] || path == ["--help"] {
      print(MosaicHelp.rootText())
      return 0
    }
    if path.count == 1,
      let command = configuration.subcommands.first(where: {
        $0.configuration.commandName == path[0]
      })
    {
      print(helpMessage(for: command))
      return 0
    }
    let names = subcommandNames
    let list = names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
    let problem =
      path.count == 1
      ? "no command '\(path[0])' to explain; mosaic help knows \(list)"
      : "mosaic help takes one command name, not \(path.count): \(list)"
    StandardError.writeLine("mosaic: \(problem) (see mosaic --help)")
    return usageErrorStatus
  }

  /// The subcommands' names, in the order `mosaic --help` lists them.
  private static var subcommandNames: [String] {
    configuration.subcommands.compactMap { $0.configuration.commandName }
  }

  /// The subcommand the arguments start with, or nil when they browse (the default).
  private static func subcommandName(in arguments: [String]) -> String? {
    guard let first = arguments.first, subcommandNames.contains(first) else { return nil }
    return first
  }

  /// `mosaic SUBCOMMAND --help` when the arguments name a subcommand, else `mosaic --help`,
  /// which lists the browsing options too.
  private static func helpCommand(for arguments: [String]) -> String {
    subcommandName(in: arguments).map { "mosaic \($0) --help" } ?? "mosaic --help"
  }
}
