import ArgumentParser

/// `mosaic inspect SPEC`: shows a layout spec's elements interactively in the terminal.
struct InspectCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "inspect",
    abstract: "Show a JSON layout spec's elements in the terminal (see mosaic layout).")

  @Argument(help: "The layout spec: a JSON file, or - for standard input.")
  var spec: String

  func run() throws {
    throw NotAvailable.error("inspect")
  }
}
