import ArgumentParser
import Foundation
import MosaicApp
import MosaicCollection
import MosaicData
import MosaicLayout
import MosaicTerminal

/// `mosaic [FILE]`: browses a data file as a grid of cards (the default subcommand).
struct BrowseCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "browse",
    abstract:
      "Browse a data file (CSV, TSV, JSON, JSON Lines, SQLite) as a table or cards; the default "
      + "command.",
    discussion: """
      Without FILE, browses the bundled periodic table grouped by category. \
      Press ? in the browser for every key. CSV, TSV and SQLite open as a table, and so does \
      JSON whose records are flat with more than 4 fields; nested JSON, or records of 4 fields \
      or fewer, open as cards (v cycles the layouts). --layout, then MOSAIC_LAYOUT, then \
      layout in $XDG_CONFIG_HOME/mosaic/config (~/.config/mosaic/config) override that; \
      the file's lines are key = value: layout, smooth-scroll (true or false) and animation \
      (false is --no-animation). Bad input prints one line (mosaic: FILE:LINE: reason) and \
      exits with status 2.
      """)

  @Argument(
    help: "The data file to browse; - for standard input; none for the bundled demo.",
    completion: .file())
  var file: String?

  @Option(name: .customLong("group-by"), help: "Group the cards into sections by this field.")
  var groupBy: String?

  @Option(
    help: "The field shown as each card's title (default: name, title or id, else the first).")
  var title: String?

  @Option(help: "The fields shown on each card, comma-separated (default: all, as many as fit).")
  var fields: String?

  @Option(
    help: ArgumentHelp(
      "How the records are laid out: table, grid (or cards), list or horizontal (v cycles "
        + "them). Overrides MOSAIC_LAYOUT and the config file's layout, which override the "
        + "default: the table for CSV, TSV, SQLite and flat JSON of more than 4 fields, cards "
        + "for nested JSON or fewer fields.",
      valueName: "layout"),
    completion: .list(BrowserLayoutStyle.names))
  var layout: String?

  @Flag(
    inversion: .prefixedNo,
    help: ArgumentHelp(
      "Glide to where paging, g/G, Home/End, :N and search jumps go (default: they land at "
        + "once; also \(BrowserSettings.smoothScrollVariable)=1 or smooth-scroll = true in the "
        + "config file)."))
  var smoothScroll: Bool?

  @Option(
    name: .customLong("item-size"), parsing: .unconditional,
    help: ArgumentHelp(
      "Each card's size in points as WIDTHxHEIGHT, 8x16 points per cell (160x64 = 20x4 cells), "
        + "or auto: each card as tall as its record needs (empty fields left out, long values "
        + "wrapped on up to three rows).",
      valueName: "WIDTHxHEIGHT|auto")
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

  @Option(
    parsing: .unconditional,
    help: ArgumentHelp(
      "Sort the cards by this field (within each group); -FIELD sorts descending. A "
        + "comma-separated list sorts by several keys (-delay,name): ties on one go by the next.",
      valueName: "FIELD|-FIELD[,…]"))
  var sort: String?

  @Option(
    help: ArgumentHelp(
      "Read the file as delimited text split at this character: , ; | or tab (default: "
        + "detected from the first lines).",
      valueName: "CHAR"))
  var delimiter: String?

  @Flag(
    name: .customLong("no-header"),
    help: "The first row of a CSV or TSV file is a record: name the fields 1, 2, 3, …")
  var noHeader = false

  @Flag(
    help: ArgumentHelp(
      "Follow the file as it grows, like less +F: new records appear as they are appended, "
        + "the view follows the end while it is there, and a rotated log is reopened."))
  var follow = false

  /// How to read the file, from `--delimiter`, `--no-header`, `--follow`, `--table`, `--query`
  /// and `--statement-timeout`; `validate()` has rejected a bad delimiter.
  var readingOptions: ReadingOptions {
    ReadingOptions(
      format: (try? delimiter.map(DataFormat.separator(named:))).flatMap { $0 }
        .map { .delimited(separator: $0) },
      hasHeaderRow: !noHeader, follows: follow, table: table, query: query,
      statementTimeout: statementTimeout ?? 30)
  }

  @Option(
    help:
      "With a SQLite FILE or a PostgreSQL URI: browse this table or view instead of listing the tables.",
    // The scripts ask `mosaic ---complete table` (CompletionCandidates), not this closure.
    completion: .custom { _, _, _ in [] })
  var table: String?

  @Option(
    help: ArgumentHelp(
      "With a SQLite FILE or a PostgreSQL URI: browse the rows of this SELECT.", valueName: "SQL"))
  var query: String?

  @Option(
    name: .customLong("statement-timeout"),
    help: ArgumentHelp(
      "With a PostgreSQL URI: stop any statement running longer than this (default: 30).",
      valueName: "SECONDS"))
  var statementTimeout: Double?

  @Option(
    name: .customLong("na"),
    help: ArgumentHelp(
      "Also read these texts as missing values, comma-separated (NA,N/A,-); empty values, "
        + "JSON null and SQL NULL always are. Overrides \(BrowserSettings.missingTokensVariable) "
        + "and the config file's na.",
      valueName: "TOKENS"))
  var missingTokens: String?

  @Flag(
    help: ArgumentHelp(
      "Print one row per field (type, count, missing, distinct, min, max, mean, median, stdev, "
        + "quartiles) of the records the filters keep, instead of browsing: mosaic describe."))
  var describe = false

  @Flag(help: "Print rendering statistics as JSON on standard error on exit.")
  var stats = false

  @OptionGroup var motion: MotionOptions

  @OptionGroup var export: ExportOptions

  /// `--item-size`, parsed; `validate()` has rejected a bad value.
  var itemSize: CellSizeArgument? { try? itemSizeText.map(CellSizeArgument.init(parsing:)) }

  /// `--columns`, parsed; `validate()` has rejected a bad value.
  var columns: Int? {
    try? columnsText.map {
      try WholeNumberOption.parse($0, option: "--columns", in: Self.columnCounts)
    }
  }

  func validate() throws {
    if let layout, BrowserLayoutStyle(name: layout) == nil {
      throw ValidationError("--layout \(layout): \(BrowserLayoutStyle.unknownNameReason(layout))")
    }
    if table != nil && query != nil {
      throw ValidationError("--table and --query cannot be used together: give one")
    }
    if let columnsText {
      _ = try WholeNumberOption.parse(columnsText, option: "--columns", in: Self.columnCounts)
    }
    if let itemSizeText { _ = try CellSizeArgument(parsing: itemSizeText) }
    if follow && file == nil {
      throw ValidationError("--follow needs a FILE (or - for standard input) to follow")
    }
    if let statementTimeout, !(statementTimeout >= 0 && statementTimeout.isFinite) {
      throw ValidationError("--statement-timeout must be a number of seconds, 0 or more")
    }
    try validateExport()
    if describe && export.output != nil {
      throw ValidationError(
        "--describe prints to standard output; for JSON or CSV: mosaic describe FILE --output json")
    }
    if let delimiter {
      do {
        _ = try DataFormat.separator(named: delimiter)
      } catch {
        throw ValidationError(error.description)
      }
    }
  }

  func run() throws {
    if describe {
      try runDescribe(format: .text)
      return
    }
    if let output = export.output, let format = export.format {
      try runExport(to: output, format: format)
      return
    }
    // ArgumentParser calls run() synchronously from main(), on the main thread: the UI's actor.
    try MainActor.assumeIsolated { try runOnMainActor() }
  }

  @MainActor private func runOnMainActor() throws {
    let settings = try resolveSettings()
    motion.apply(animationOff: settings.animationOff)
    let scene = try makeHost(settings: settings)
    if let chosen = settings.layout {
      IgnoredOptionNotice.lines(
        layout: chosen.style, origin: chosen.origin, columnsGiven: columnsText != nil,
        itemSize: itemSize
      )
      .forEach(StandardError.writeLine)
    }
    let frames = try runInTerminal(scene)
    if let failure = scene.failure {
      StandardError.writeLine("mosaic: \(failure)")
      throw ExitCode(Mosaic.usageErrorStatus)
    }
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

  /// Opens the data and resolves the options against it, or reports why not and exits 2. A
  /// stream (standard input, a pipe, a FIFO, a device) is spooled, and the browser opens once
  /// its first records are in; a regular file is opened now and can be reloaded with `r`.
  @MainActor func makeHost(settings: BrowserSettings) throws -> any BrowserContainer {
    do {
      guard let file else {
        if let error = tableNeedsFile() { throw error }
        let source = try BundledData.openElements()
        return BrowserHost(
          browser: try makeBrowser(
            source, groupBy: groupBy ?? "category", settings: settings, isBundled: true))
      }
      return try openHost(file: file, settings: settings)
    } catch let error as DataError {
      StandardError.writeLine("mosaic: \(error)")
      throw ExitCode(Mosaic.usageErrorStatus)
    }
  }

  /// A browser of `source` with the command line's options resolved against its fields, in
  /// the layout `settings` chose, else the one `LayoutRule` gives `source` (cards for the
  /// bundled demo, `isBundled`: the collection view's own showcase).
  ///
  /// - Throws: `DataError` for an option naming a field the source lacks.
  @MainActor func makeBrowser(
    _ source: any RecordSource, groupBy: String?, settings: BrowserSettings,
    isBundled: Bool = false
  ) throws -> BrowserScene {
    let style =
      settings.layout?.style
      ?? (isBundled
        ? .grid
        : LayoutRule.style(
          for: source, cardOptionsGiven: columnsText != nil || itemSizeText != nil))
    var configuration = try BrowserConfiguration(
      source: source, groupBy: groupBy, sort: sort, title: title,
      fields: fields.map(Self.fieldList), layoutStyle: style,
      itemSize: itemSize?.fixedSize.map {
        Size(width: Double($0.width), height: Double($0.height))
      },
      columns: columns, sizesCardsToContent: itemSize == .automatic)
    configuration.smoothScrolling = settings.smoothScrolling
    configuration.historyDirectory = BrowserConfiguration.defaultHistoryDirectory()
    configuration.missingValues = settings.missingValues
    let filter: RecordFilter?
    do {
      filter = try exportFilter(fieldNames: source.fieldNames)
    } catch let error as ExportFilterError {
      source.cancel()
      StandardError.writeLine("mosaic: \(error)")
      throw ExitCode(Mosaic.usageErrorStatus)
    }
    let scene = BrowserScene(source: source, configuration: configuration)
    // The browser opens on the view the command line asked for: the conditions on show, as if
    // typed at & one by one.
    if let filter { scene.show(conditions: filter.conditions) }
    if follow { scene.startFollowing() }
    return scene
  }

  /// The settings from the command line, the environment and the configuration file, or one
  /// line on standard error and exit status 2 for a bad variable or file.
  func resolveSettings() throws -> BrowserSettings {
    let environment = ProcessInfo.processInfo.environment
    do {
      let path = ConfigFile.path(environment: environment)
      let config = try path.map { path throws(ConfigFileError) in try ConfigFile.read(path: path) }
      return try BrowserSettings.resolve(
        layoutFlag: layout, smoothScrollFlag: smoothScroll, environment: environment,
        config: config ?? ConfigFile(), configPath: path, missingTokensFlag: missingTokens)
    } catch let error as ConfigFileError {
      StandardError.writeLine("mosaic: \(error)")
      throw ExitCode(Mosaic.usageErrorStatus)
    } catch let error as BrowserSettingsError {
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
  @MainActor func runInTerminal(_ scene: any Scene) throws -> Int {
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
    // Finished background work wakes the run loop: an answer shows when it is ready.
    BackgroundWork.setObserver { Terminal.wakeForWork() }
    defer { BackgroundWork.setObserver(nil) }
    // The mapped-file guard goes on top of the terminal's SIGBUS handler, which it chains to.
    return try SceneRunner.run(
      scene, on: Terminal(inputDescriptor: input, outputDescriptor: output), command: "mosaic",
      afterStart: DataFile.guardMappedFiles)
  }
}
