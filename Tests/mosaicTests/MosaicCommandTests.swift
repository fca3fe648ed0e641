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
        "mosaic: --layout diagonal: no layout \"diagonal\"; the layouts are grid, list, table, horizontal and cards (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["--layout", "tabel"],
      line:
        "mosaic: --layout tabel: no layout \"tabel\" (did you mean table?); the layouts are grid, list, table, horizontal and cards (see mosaic --help)"
    ),
    // Every numeric option says what is wrong with the value, negative ones included (which
    // ArgumentParser would otherwise read as an option and call a missing value).
    UsageError(
      arguments: ["browse", "--item-size", "0x3"],
      line:
        "mosaic: --item-size must be auto or WIDTHxHEIGHT in points, each a whole number from 1 to 10000: the width 0 is less than 1 (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["--item-size", "-5x5"],
      line:
        "mosaic: --item-size must be auto or WIDTHxHEIGHT in points, each a whole number from 1 to 10000: the width -5 is less than 1 (see mosaic --help)"
    ),
    UsageError(
      arguments: ["browse", "--item-size", "160x64x2"],
      line:
        "mosaic: --item-size must be auto or WIDTHxHEIGHT in points, each a whole number from 1 to 10000: 160x64x2 is not two numbers joined by x (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["browse", "--item-size=99999999999999999999x1"],
      line:
        "mosaic: --item-size must be auto or WIDTHxHEIGHT in points, each a whole number from 1 to 10000: the width 99999999999999999999 is more than 10000 (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["browse", "--columns", "many"],
      line:
        "mosaic: --columns must be a whole number from 1 to 100: many is not a whole number (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["browse", "--columns", "0"],
      line:
        "mosaic: --columns must be a whole number from 1 to 100: 0 is less than 1 (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["--columns", "-1"],
      line:
        "mosaic: --columns must be a whole number from 1 to 100: -1 is less than 1 (see mosaic --help)"
    ),
    UsageError(
      arguments: ["browse", "--columns=-1"],
      line:
        "mosaic: --columns must be a whole number from 1 to 100: -1 is less than 1 (see mosaic browse --help)"
    ),
    UsageError(
      arguments: ["browse", "--columns", "9223372036854775807"],
      line:
        "mosaic: --columns must be a whole number from 1 to 100: 9223372036854775807 is more than 100 (see mosaic browse --help)"
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
    UsageError(
      arguments: ["--columns", "-3"],
      line:
        "mosaic: --columns must be a whole number from 1 to 100: -3 is less than 1 (see mosaic --help)"
    ),
    UsageError(
      arguments: ["--columns", "1.5"],
      line:
        "mosaic: --columns must be a whole number from 1 to 100: 1.5 is not a whole number (see mosaic --help)"
    ),
    UsageError(
      arguments: ["--item-size", "160x"],
      line:
        "mosaic: --item-size must be auto or WIDTHxHEIGHT in points, each a whole number from 1 to 10000: 160x has no height (see mosaic --help)"
    ),
    UsageError(
      arguments: ["--item-size", "160x20000"],
      line:
        "mosaic: --item-size must be auto or WIDTHxHEIGHT in points, each a whole number from 1 to 10000: the height 20000 is more than 10000 (see mosaic --help)"
    ),
    // `mosaic help NAME` for a name that is no command is an error, not the root help.
    UsageError(
      arguments: ["help", "nosuch"],
      line:
        "mosaic: no command 'nosuch' to explain; mosaic help knows browse, describe, layout, demo and inspect (see mosaic --help)"
    ),
    UsageError(
      arguments: ["help", "demo", "grid"],
      line:
        "mosaic: mosaic help takes one command name, not 2: browse, describe, layout, demo and inspect (see mosaic --help)"
    ),
    UsageError(
      arguments: ["demo", "--bogus"],
      line: "mosaic: Unknown option '--bogus' (see mosaic demo --help)"),
  ]

  /// The option a usage error is about, when it is one the program has (not `--bogus`).
  static func option(in line: String) -> String? {
    guard !line.contains("Unknown option"), let match = line.firstMatch(of: /--[a-z-]+/),
      match.output != "--help"
    else { return nil }
    return String(match.output)
  }

  /// Every hint names a help that lists the option the line complains about.
  @Test(arguments: usageErrors.filter { option(in: $0.line) != nil })
  func theHintedHelpListsTheOption(_ usage: UsageError) throws {
    let option = try #require(Self.option(in: usage.line))
    let hint = try #require(usage.line.firstMatch(of: /\(see (mosaic[a-z ]*) --help\)$/)).output.1
    let words = hint.split(separator: " ").dropFirst().map(String.init)
    let help = try MosaicExecutable.run(words + ["--help"]).stdout
    #expect(
      help.contains("  \(option) ") || help.contains("  \(option)\n"),
      "\(hint) --help lacks \(option)")
  }

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

  @Test func versionPrintsTheProgramAndItsRelease() throws {
    let result = try MosaicExecutable.run(["--version"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == "mosaic 0.10.0\n")
    #expect(result.stderr == "")
  }

  /// `mosaic --help` is the help of what `mosaic` does alone: browsing, its usage and options
  /// first, then the subcommands.
  @Test func rootHelpShowsTheBrowsingOptionsBeforeTheSubcommands() throws {
    let help = try MosaicExecutable.run(["--help"]).stdout
    // ArgumentParser folds a long list of options into `[<options>]`.
    let usage = try #require(help.range(of: "USAGE: mosaic ["), "\(help)")
    let subcommands = try #require(help.range(of: "SUBCOMMANDS:"), "\(help)")
    for option in [
      "--group-by", "--sort", "--title", "--fields", "--layout", "--item-size", "--columns",
      "--delimiter", "--no-header", "--follow", "--table", "--query", "--stats", "--no-animation",
      "--version",
      "-h, --help",
    ] {
      let place = try #require(help.range(of: "  \(option) "), "\(option) missing from:\n\(help)")
      #expect(place.lowerBound > usage.lowerBound && place.lowerBound < subcommands.lowerBound)
      #expect(help.components(separatedBy: "  \(option) ").count == 2, "\(option) listed twice")
    }
    #expect(!help.contains("mosaic browse ["), "the usage is mosaic's own, not browse's")
  }

  /// Every way of asking for the root help gives the same text.
  @Test(arguments: [["-h"], ["help"], ["help", "--help"], ["data.csv", "--help"]])
  func everyRootHelpRequestIsTheSame(_ arguments: [String]) throws {
    let expected = try MosaicExecutable.run(["--help"]).stdout
    let result = try MosaicExecutable.run(arguments)
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout == expected)
  }

  @Test func helpForASubcommandIsItsOwn() throws {
    let result = try MosaicExecutable.run(["help", "demo"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stdout.contains("USAGE: mosaic demo [<name>]"))
  }

  /// An option the chosen layout does not use is reported on standard error before the browser
  /// opens (here it opens no further than asking for a terminal), one line per option.
  @Test func optionsTheLayoutIgnoresAreReported() throws {
    let result = try MosaicExecutable.run([
      "--layout", "list", "--columns", "3", "--item-size", "160x64",
    ])
    #expect(result.status == 1, "\(result)")
    #expect(
      result.stderrLines == [
        "mosaic: note: --layout list ignores --columns, which sets the grid's columns (v switches to the grid)",
        "mosaic: note: --layout list ignores --item-size, whose rows span the screen; the grid and horizontal layouts use it (v switches)",
        "mosaic: standard input is not a terminal; run mosaic in a terminal (or in tmux)",
      ])
    let horizontal = try MosaicExecutable.run(["--layout", "horizontal", "--item-size", "auto"])
    #expect(
      horizontal.stderrLines.first
        == "mosaic: note: --layout horizontal ignores --item-size auto, which sizes the grid's cards (v switches to the grid)"
    )
  }

  @Test(arguments: [
    ["--columns", "3"], ["--item-size", "auto"],
    ["--layout", "horizontal", "--item-size", "160x64"],
  ])
  func optionsTheLayoutUsesAreNotReported(_ arguments: [String]) throws {
    let result = try MosaicExecutable.run(arguments)
    #expect(
      result.stderrLines == [
        "mosaic: standard input is not a terminal; run mosaic in a terminal (or in tmux)"
      ], "\(result)")
  }

  @Test func rootHelpListsEverySubcommand() throws {
    let help = try MosaicExecutable.run(["--help"]).stdout
    for name in ["browse", "layout", "demo", "inspect"] {
      #expect(help.contains("  \(name) "), "\(name) missing from:\n\(help)")
    }
  }
}
