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
      Changes animate: layout switches, card sizes, paging and jumps glide. \
      --no-animation (on browse, demo and inspect) or \(ReducedMotion.environmentVariable)=1 in \
      the environment makes every change at once.
      """,
    subcommands: [BrowseCommand.self, LayoutCommand.self, DemoCommand.self, InspectCommand.self],
    defaultSubcommand: BrowseCommand.self)

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
    do {
      var command = try parseAsRoot(arguments)
      try command.run()
      return 0
    } catch let exitCode as ExitCode {
      // The command has already reported why.
      return exitCode.rawValue
    } catch {
      if exitCode(for: error) == .success {
        // Help can echo what was typed (`mosaic help NAME`): escaped like every message.
        print(VisibleText.escapedLines(fullMessage(for: error)))
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

  /// `mosaic SUBCOMMAND --help` when the arguments name a subcommand, else `mosaic --help`.
  private static func helpCommand(for arguments: [String]) -> String {
    let names = configuration.subcommands.compactMap { $0.configuration.commandName }
    if let first = arguments.first, names.contains(first) {
      return "mosaic \(first) --help"
    }
    return "mosaic --help"
  }
}
