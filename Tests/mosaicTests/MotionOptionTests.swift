import Foundation
import MosaicTestSupport
import Testing

/// `--no-animation` on every subcommand that draws, and the help that tells of it and of
/// `MOSAIC_REDUCED_MOTION`.
@Suite struct MotionOptionTests {
  @Test(
    "browse, demo and inspect take --no-animation",
    arguments: [
      ["demo", "updates"], ["browse"],
      ["inspect", MosaicExecutable.demoData.appendingPathComponent("layout-example.json").path],
    ])
  func everyDrawingCommandTakesTheFlag(_ command: [String]) throws {
    // Without a terminal each fails at the terminal (status 1), past the parsing (status 2).
    let result = try MosaicExecutable.run(command + ["--no-animation"])
    #expect(result.status != 2, "\(result)")
    #expect(!result.stderr.contains("Unknown option"), "\(result)")
    let help = try MosaicExecutable.run(command.prefix(1) + ["--help"]).stdout
    #expect(help.contains("--no-animation"), "\(help)")
    #expect(help.contains("MOSAIC_REDUCED_MOTION=1"), "\(help)")
  }

  @Test("layout draws nothing, so it has no --no-animation")
  func layoutRejectsTheFlag() throws {
    let result = try MosaicExecutable.run(["layout", "--no-animation", "-"])
    #expect(result.status == 2)
    #expect(result.stderr.contains("Unknown option '--no-animation'"), "\(result)")
  }

  @Test("mosaic --help says what animates and both ways to turn it off")
  func rootHelpTellsOfMotion() throws {
    let help = try MosaicExecutable.run(["--help"]).stdout
    #expect(help.contains("--no-animation"), "\(help)")
    #expect(help.contains("MOSAIC_REDUCED_MOTION=1"), "\(help)")
    let browse = try MosaicExecutable.run(["help", "browse"]).stdout
    /// The text with its line breaks and runs of blanks made single spaces.
    func words(_ text: String) -> String {
      text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
    #expect(
      words(help).components(separatedBy: "paging and jumps land at once").count == 2,
      "said once, in the overview:\n\(help)")
    #expect(browse.contains("--smooth-scroll/--no-smooth-scroll"), "\(browse)")
    #expect(words(browse).contains("(default: they land at once"), "\(browse)")
  }
}
