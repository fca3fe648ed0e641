import ArgumentParser
import MosaicApp
import MosaicLayout
import MosaicTerminal

/// The `mosaic` command: browse data as cards, run demos, inspect layouts.
@main
struct Mosaic: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "mosaic",
    abstract: "A grid browser and collection-view toolkit for the terminal.",
    subcommands: [])
}
