import ArgumentParser
import MosaicLayout
import MosaicLayoutSpec

/// `mosaic layout SPEC|-`: runs the flow layout on a JSON spec and prints every element's frame as JSON.
///
/// The input and output formats are a public contract (layout-spec.md).
struct LayoutCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "layout",
    abstract: "Print the frames a flow layout gives a JSON layout spec, as JSON.",
    discussion: """
      SPEC is a JSON file (or - for standard input) with bounds, sections and \
      optional flow-layout properties; see demo-data/layout-example.json. \
      Output: {"contentSize", "elements": [{kind, section, item, frame, cells}]}. \
      Bad input prints one line naming the key and exits with status 2.
      """)

  @Argument(help: "The layout spec: a JSON file, or - for standard input.")
  var spec: String

  func run() throws {
    // ArgumentParser calls run() synchronously from main(), on the main thread: the UI's actor.
    try MainActor.assumeIsolated { try runOnMainActor() }
  }

  @MainActor private func runOnMainActor() throws {
    let input = InputFile(path: spec)
    let report: LayoutReport
    do {
      report = LayoutReport(spec: try LayoutSpec(json: try input.contents()))
      try report.validate()
    } catch let error as InputFile.ReadError {
      StandardError.writeLine("mosaic layout: \(error)")
      throw ExitCode(Mosaic.usageErrorStatus)
    } catch {
      StandardError.writeLine("mosaic layout: \(input.displayName): \(error)")
      throw ExitCode(Mosaic.usageErrorStatus)
    }
    var output = StandardOutputStream()
    report.write(to: &output)
    guard output.flush() else {
      StandardError.writeLine("mosaic layout: cannot write to standard output")
      throw ExitCode.failure
    }
  }
}
