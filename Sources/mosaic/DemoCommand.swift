import ArgumentParser

/// `mosaic demo [NAME]`: runs one of the built-in collection-view demos.
struct DemoCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "demo",
    abstract: "Run a built-in demo; without NAME, list them.")

  @Argument(help: "The demo to run.")
  var name: String?

  @Flag(help: "Print rendering statistics on exit.")
  var stats = false

  func run() throws {
    throw NotAvailable.error("demo")
  }
}
