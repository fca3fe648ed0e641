import ArgumentParser
import MosaicApp

/// `mosaic describe FILE`: one row per field of the file (type, count, missing, distinct, min,
/// max, mean, median, stdev, quartiles), as `mosaic FILE --describe` prints it, or as JSON or
/// CSV.
struct DescribeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "describe",
    abstract: "Print one row per field of a data file: its type and summary statistics.",
    discussion: """
      Every field's inferred type (integer, decimal, boolean, date, datetime, text), how many \
      values are present, missing and distinct, the smallest and largest, and for numbers the \
      mean, median, sample standard deviation and quartiles, computed exactly in one pass \
      over the records on every core. Quantiles interpolate between the closest ranks, as \
      Python's statistics.quantiles(method='inclusive') and PostgreSQL's percentile_cont. \
      --output json and csv add p5, p95 and the sum, at full precision. Bad input prints one \
      line and exits with status 2.
      """)

  @Argument(
    help: "The data file (CSV, TSV, JSON, JSON Lines, SQLite with --table); - for standard input.")
  var file: String

  @Option(
    help: ArgumentHelp(
      "text (aligned columns, the default), json or csv.", valueName: "FORMAT"),
    completion: .list(ProfileReport.Format.allCases.map(\.rawValue)))
  var output: String = "text"

  @Option(
    name: .customLong("na"),
    help: ArgumentHelp(
      "Also read these texts as missing values, comma-separated (NA,N/A,-).",
      valueName: "TOKENS"))
  var missingTokens: String?

  @Option(
    name: .customLong("filter"), parsing: .unconditionalSingleValue,
    help: ArgumentHelp(
      "Describe only the records meeting EXPR (as the & prompt reads it); repeated, every one "
        + "must hold.",
      valueName: "EXPR"))
  var filters: [String] = []

  @Option(help: "With a SQLite FILE: describe this table or view.")
  var table: String?

  @Option(
    help: ArgumentHelp("With a SQLite FILE: describe the rows of this SELECT.", valueName: "SQL"))
  var query: String?

  @Option(
    help: ArgumentHelp(
      "Read the file as delimited text split at this character: , ; | or tab.",
      valueName: "CHAR"))
  var delimiter: String?

  @Flag(name: .customLong("no-header"), help: "The first row of a CSV or TSV file is a record.")
  var noHeader = false

  func validate() throws {
    guard ProfileReport.Format(rawValue: output) != nil else {
      throw ValidationError("--output must be text, json or csv, not '\(output)'")
    }
  }

  func run() throws {
    // The browse command's reading of the same options, so that describe reads a file exactly
    // as browsing it does.
    var arguments = [file]
    if let missingTokens { arguments += ["--na", missingTokens] }
    for filter in filters { arguments += ["--filter", filter] }
    if let table { arguments += ["--table", table] }
    if let query { arguments += ["--query", query] }
    if let delimiter { arguments += ["--delimiter", delimiter] }
    if noHeader { arguments.append("--no-header") }
    let browse = try BrowseCommand.parse(arguments)
    try browse.runDescribe(format: ProfileReport.Format(rawValue: output) ?? .text)
  }
}
