import Foundation
import MosaicTestSupport
import Testing

/// The root command: help exits 0; every command-line error exits 2 with one line.
@Suite struct MosaicCommandTests {
  /// A command line and the exact line it must print on standard error.
  struct UsageError: Sendable, CustomTestStringConvertible {
    var arguments: [String]
    var line: String
    var testDescription: String { arguments.joined(separator: " ") }
  }

  static let usageErrors: [UsageError] = [
    UsageError(
      arguments: ["layout"],
      line: "mosaic: Missing expected argument '<spec>' (see mosaic layout --help)"),
    UsageError(
      arguments: ["layout", "a.json", "b.json"],
      line: "mosaic: Unexpected argument 'b.json' (see mosaic layout --help)"),
    UsageError(
      arguments: ["layout", "--pretty", "a.json"],
      line: "mosaic: Unknown option '--pretty' (see mosaic layout --help)"),
    UsageError(
      arguments: ["--bogus"], line: "mosaic: Unknown option '--bogus' (see mosaic --help)"),
    UsageError(
      arguments: ["browse", "--layout", "diagonal"],
      line:
        "mosaic: The value 'diagonal' is invalid for '--layout <layout>'. Please provide one of 'grid', 'list', 'table' or 'horizontal'. (see mosaic browse --help)"
    ),
    // Every numeric option says what is wrong with the value, negative ones included (which
    // ArgumentParser would otherwise read as an option and call a missing value).
    UsageError(
      arguments: ["browse", "--item-size", "0x3"],
      line:
        "mosaic: --item-size must be auto or WIDTHxHEIGHT in points, each a whole number from 1 to 10000, not 0x3 (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["--item-size", "-5x5"],
      line:
        "mosaic: --item-size must be auto or WIDTHxHEIGHT in points, each a whole number from 1 to 10000, not -5x5 (see mosaic --help)"
    ),
    UsageError(
      arguments: ["browse", "--item-size", "160x64x2"],
      line:
        "mosaic: --item-size must be auto or WIDTHxHEIGHT in points, each a whole number from 1 to 10000, not 160x64x2 (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["browse", "--item-size=99999999999999999999x1"],
      line:
        "mosaic: --item-size must be auto or WIDTHxHEIGHT in points, each a whole number from 1 to 10000, not 99999999999999999999x1 (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["browse", "--columns", "many"],
      line:
        "mosaic: --columns must be a whole number from 1 to 100, not many (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["browse", "--columns", "0"],
      line:
        "mosaic: --columns must be a whole number from 1 to 100, not 0 (see mosaic browse --help)"),
    UsageError(
      arguments: ["--columns", "-1"],
      line: "mosaic: --columns must be a whole number from 1 to 100, not -1 (see mosaic --help)"),
    UsageError(
      arguments: ["browse", "--columns=-1"],
      line:
        "mosaic: --columns must be a whole number from 1 to 100, not -1 (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["browse", "--columns", "9223372036854775807"],
      line:
        "mosaic: --columns must be a whole number from 1 to 100, not 9223372036854775807 (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["browse", "--columns"],
      line: "mosaic: Missing value for '--columns <N>' (see mosaic browse --help)"),
    UsageError(
      arguments: ["browse", "--title"],
      line: "mosaic: Missing value for '--title <title>' (see mosaic browse --help)"),
    UsageError(
      arguments: ["inspect"],
      line: "mosaic: Missing expected argument '<spec>' (see mosaic inspect --help)"),
  ]

  @Test(arguments: usageErrors)
  func usageErrorsExitTwoWithOneLine(_ usage: UsageError) throws {
    let result = try MosaicExecutable.run(usage.arguments)
    #expect(result.status == 2, "\(result)")
    #expect(result.stdout == "")
    #expect(result.stderrLines == [usage.line])
  }

  /// No terminal is the environment's fault, not bad input: one line naming the command, status 1.
  @Test func aDemoWithoutATerminalSaysSoAndExitsOne() throws {
    let result = try MosaicExecutable.run(["demo", "grid"])
    #expect(result.status == 1, "\(result)")
    #expect(result.stdout == "")
    #expect(
      result.stderrLines == [
        "mosaic demo: standard input is not a terminal; run mosaic in a terminal (or in tmux)"
      ])
  }

  @Test(arguments: [
    ["--help"], ["-h"], ["layout", "--help"], ["help", "layout"], ["browse", "--help"],
  ])
  func helpExitsZeroOnStandardOutput(_ arguments: [String]) throws {
    let result = try MosaicExecutable.run(arguments)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("USAGE: mosaic"))
    #expect(result.stderr == "")
  }

  @Test func rootHelpListsEverySubcommand() throws {
    let help = try MosaicExecutable.run(["--help"]).stdout
    for name in ["browse", "layout", "demo", "inspect"] {
      #expect(help.contains("  \(name) "), "\(name) missing from:\n\(help)")
    }
  }
}
