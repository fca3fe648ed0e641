import ArgumentParser

/// `mosaic [FILE]`: browses a data file as a grid of cards (the default subcommand).
struct BrowseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Browse a data file (CSV, JSON, JSON Lines) as cards; the default command.")

  @Argument(help: "The data file to browse; - for standard input.")
  var file: String?

  @Option(name: .customLong("group-by"), help: "Group the cards into sections by this field.")
  var groupBy: String?

  @Option(help: "The field shown as each card's title.")
  var title: String?

  @Option(help: "The fields shown on each card, comma-separated.")
  var fields: String?

  @Option(help: "How the cards are laid out: grid, list or horizontal.")
  var layout: BrowseLayoutStyle = .grid

  @Option(
    name: .customLong("item-size"), help: "Each card's size in terminal cells, as WIDTHxHEIGHT.")
  var itemSize: CellSizeArgument?

  @Option(help: "The number of columns of cards.")
  var columns: Int?

  @Option(help: "Sort the cards by this field.")
  var sort: String?

  @Flag(help: "Print rendering statistics on exit.")
  var stats = false

  func validate() throws {
    if let columns, columns < 1 {
      throw ValidationError("--columns must be at least 1, not \(columns)")
    }
  }

  func run() throws {
    throw NotAvailable.error("browse")
  }
}
