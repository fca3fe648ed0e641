import ArgumentParser
import Foundation
import MosaicApp
import MosaicCollection
import MosaicData
import MosaicTerminal

/// `mosaic [FILE]`: browses a data file as a grid of cards (the default subcommand).
struct BrowseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract: "Browse a data file (CSV, TSV, JSON, JSON Lines) as cards; the default command.",
    discussion: """
      Without FILE, browses the bundled periodic table grouped by category. \
      Press ? in the browser for every key. Bad input prints one line \
      (mosaic: FILE:LINE: reason) and exits with status 2.
      """)

  @Argument(help: "The data file to browse; - for standard input; none for the bundled demo.")
  var file: String?

  @Option(name: .customLong("group-by"), help: "Group the cards into sections by this field.")
  var groupBy: String?

  @Option(
    help: "The field shown as each card's title (default: name, title or id, else the first).")
  var title: String?

  @Option(help: "The fields shown on each card, comma-separated (default: all, as many as fit).")
  var fields: String?

  @Option(help: "How the cards are laid out: grid, list or horizontal (v cycles them).")
  var layout: BrowserLayoutStyle = .grid

  @Option(
    name: .customLong("item-size"), parsing: .unconditional,
    help: ArgumentHelp(
      "Each card's size in points as WIDTHxHEIGHT, 8x16 points per cell (160x64 = 20x4 cells).",
      valueName: "WIDTHxHEIGHT")
  )
  var itemSizeText: String?

  @Option(
    name: .customLong("columns"), parsing: .unconditional,
    help: ArgumentHelp(
      "The number of columns of cards (1 to 100); the card width follows the terminal's.",
      valueName: "N"))
  var columnsText: String?

  /// The most `--columns` may ask for: more than any terminal fits at the smallest card.
  static let columnCounts = 1...100

  @Option(help: "Sort the cards by this field (within each group).")
  var sort: String?

  @Flag(help: "Print rendering statistics as JSON on standard error on exit.")
  var stats = false

  /// `--item-size`, parsed; `validate()` has rejected a bad value.
  var itemSize: CellSizeArgument? { try? itemSizeText.map(CellSizeArgument.init(parsing:)) }

  /// `--columns`, parsed; `validate()` has rejected a bad value.
  var columns: Int? {
    try? columnsText.map {
      try WholeNumberOption.parse($0, option: "--columns", in: Self.columnCounts)
    }
  }

  func validate() throws {
    if let columnsText {
      _ = try WholeNumberOption.parse(columnsText, option: "--columns", in: Self.columnCounts)
    }
    if let itemSizeText { _ = try CellSizeArgument(parsing: itemSizeText) }
  }

  func run() throws {
    let scene = try makeScene()
    let frames = try runInTerminal(scene)
    if let output = scene.output {
      var stream = StandardOutputStream()
      stream.write(output)
      guard stream.flush() else {
        StandardError.writeLine("mosaic: cannot write to standard output")
        throw ExitCode.failure
      }
    }
    if stats {
      StandardError.writeLine(
        RunStatistics(frames: frames, collection: scene.statistics).jsonLine)
    }
  }

  /// Opens the data and resolves the options against it, or reports why not and exits 2.
  func makeScene() throws -> BrowserScene {
    do {
      let source: any RecordSource
      var groupBy = groupBy
      if let file {
        source = try DataFile.open(
          path: file == "-" ? "/dev/stdin" : file, name: file == "-" ? "<stdin>" : file)
      } else {
        source = try BundledData.openElements()
        groupBy = groupBy ?? "category"
      }
      let configuration = try BrowserConfiguration(
        source: source, groupBy: groupBy, sort: sort, title: title,
        fields: fields.map(Self.fieldList), layoutStyle: layout,
        itemSize: itemSize.map { Size(width: Double($0.width), height: Double($0.height)) },
        columns: columns)
      return BrowserScene(source: source, configuration: configuration)
    } catch let error as DataError {
      StandardError.writeLine("mosaic: \(error)")
      throw ExitCode(Mosaic.usageErrorStatus)
    }
  }

  /// `--fields a, b,c` as names, spaces around commas ignored.
  static func fieldList(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
  }

  /// Runs the scene on the terminal; the terminal is the controlling one when standard input
  /// carries the data or standard output is redirected (so `y` can feed a pipe). Returns the
  /// number of frames drawn.
  func runInTerminal(_ scene: BrowserScene) throws -> Int {
    var opened: [Int32] = []
    defer { opened.forEach { close($0) } }
    func descriptor(_ standard: Int32, _ flags: Int32) throws -> Int32 {
      if isatty(standard) == 1 { return standard }
      let tty = open("/dev/tty", flags)
      guard tty >= 0 else {
        let stream = standard == STDIN_FILENO ? "standard input" : "standard output"
        StandardError.writeLine("mosaic: \(TerminalError.notATerminal(stream))")
        throw ExitCode.failure
      }
      opened.append(tty)
      return tty
    }
    let input = try descriptor(STDIN_FILENO, O_RDONLY)
    let output = try descriptor(STDOUT_FILENO, O_WRONLY)
    return try SceneRunner.run(
      scene, on: Terminal(inputDescriptor: input, outputDescriptor: output), command: "mosaic")
  }
}
