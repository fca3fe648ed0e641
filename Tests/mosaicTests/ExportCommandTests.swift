import Foundation
import MosaicTestSupport
import Testing

/// `mosaic FILE --filter … --sort … --fields … --output PATH|-`: the view written without the
/// terminal, checked against what Python's csv, json and sqlite3 modules compute for the same
/// question from the same file.
@Suite(.enabled(if: PythonScript.isAvailable, "needs python3"))
struct ExportCommandTests {
  /// The filters every comparison uses: a number test, and a `not in` whose missing values are
  /// unknown (so dropped), as SQL's logic has it.
  static let filters = ["--filter", "id <= 380", "--filter", "not (tag in ('b', 'C'))"]
  /// The fields written: a subset, out of file order.
  static let fields = "y,id,x,note"

  @Test func csvExportMatchesPythonForOneSortKey() throws {
    let scratch = try ScratchDirectory("export-csv")
    let data = try Self.makeData(in: scratch)
    let out = scratch.path("out.csv")
    let result = try MosaicExecutable.run(
      [data] + Self.filters + ["--sort", "-x", "--fields", Self.fields, "--output", out])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.isEmpty, "no terminal, no summary: \(result.stderr)")
    try Self.expectMatch(data, out, sort: "-x", format: "csv")
    let ascending = scratch.path("up.csv")
    _ = try MosaicExecutable.run(
      [data] + Self.filters + ["--sort", "y", "--fields", Self.fields, "--output", ascending])
    try Self.expectMatch(data, ascending, sort: "y", format: "csv")
  }

  /// Every `--sort` key applied, later keys breaking the earlier ones' ties. Until the sort by
  /// several keys lands in `Arranger`, only the first is applied and this fails.
  @Test func csvExportSortsByEveryKeyLikePython() throws {
    let scratch = try ScratchDirectory("export-keys")
    let data = try Self.makeData(in: scratch)
    let out = scratch.path("out.csv")
    let result = try MosaicExecutable.run(
      [data] + Self.filters + ["--sort", "-x,y", "--fields", Self.fields, "--output", out])
    #expect(result.status == 0, "\(result)")
    try Self.expectMatch(data, out, sort: "-x,y", format: "csv")
  }

  @Test func jsonLinesAndJSONHoldTheSameRecords() throws {
    let scratch = try ScratchDirectory("export-json")
    let data = try Self.makeData(in: scratch)
    for (name, format) in [("out.jsonl", "jsonl"), ("out.ndjson", "jsonl"), ("out.json", "json")] {
      let out = scratch.path(name)
      let result = try MosaicExecutable.run(
        [data] + Self.filters + ["--sort", "-x", "--fields", Self.fields, "--output", out])
      #expect(result.status == 0, "\(name): \(result)")
      try Self.expectMatch(data, out, sort: "-x", format: format)
    }
    // `-` writes JSON Lines to standard output; --output-format overrides an extension.
    let piped = try MosaicExecutable.run(
      [data] + Self.filters + ["--sort", "-x", "--fields", Self.fields, "--output", "-"])
    #expect(piped.status == 0, "\(piped)")
    try piped.stdout.write(toFile: scratch.path("piped.txt"), atomically: false, encoding: .utf8)
    try Self.expectMatch(data, scratch.path("piped.txt"), sort: "-x", format: "jsonl")
    let forced = scratch.path("forced.txt")
    _ = try MosaicExecutable.run(
      [data] + Self.filters
        + ["--sort", "-x", "--fields", Self.fields, "--output", forced, "--output-format", "json"])
    try Self.expectMatch(data, forced, sort: "-x", format: "json")
  }

  @Test func standardInputAndTSVExportTheSameView() throws {
    let scratch = try ScratchDirectory("export-stdin")
    let data = try Self.makeData(in: scratch)
    let text = try String(contentsOfFile: data, encoding: .utf8)
    let out = scratch.path("out.csv")
    let result = try MosaicExecutable.run(
      ["-"] + Self.filters + ["--sort", "-x", "--fields", Self.fields, "--output", out],
      input: text)
    #expect(result.status == 0, "\(result)")
    try Self.expectMatch(data, out, sort: "-x", format: "csv")
    let tsv = scratch.path("out.tsv")
    _ = try MosaicExecutable.run(
      [data] + Self.filters + ["--sort", "-x", "--fields", Self.fields, "--output", tsv])
    try Self.expectMatch(data, tsv, sort: "-x", format: "tsv")
  }

  @Test func aSQLiteTableExportsAsItsCSVDoes() throws {
    let scratch = try ScratchDirectory("export-sqlite")
    let data = try Self.makeData(in: scratch)
    let database = scratch.path("data.sqlite")
    _ = try PythonScript.run(
      """
      import csv, sqlite3, sys
      with open(sys.argv[1], newline="", encoding="utf-8") as f:
          rows = list(csv.reader(f))
      db = sqlite3.connect(sys.argv[2])
      db.execute("create table flights (" + ", ".join(f'"{n}" text' for n in rows[0]) + ")")
      db.executemany(
          "insert into flights values (" + ", ".join("?" for _ in rows[0]) + ")", rows[1:])
      db.commit()
      """, [data, database])
    // SQLite's ORDER BY folds ASCII case only, where the in-memory sort also folds accents (a
    // known limit, docs/data.md): the keys compared are those whose order does not hang on it.
    let ascii = ["--filter", "x is missing or x != 'Élan'"]
    for sort in ["-x", "tag", "-id"] {
      let fromCSV = scratch.path("csv.csv")
      let fromTable = scratch.path("table.csv")
      let options = Self.filters + ascii + ["--sort", sort, "--fields", Self.fields]
      let first = try MosaicExecutable.run([data] + options + ["--output", fromCSV])
      let second = try MosaicExecutable.run(
        [database, "--table", "flights"] + options + ["--output", fromTable])
      #expect(first.status == 0 && second.status == 0, "\(first)\n\(second)")
      let expected = try String(contentsOfFile: fromCSV, encoding: .utf8)
      let written = try String(contentsOfFile: fromTable, encoding: .utf8)
      #expect(written == expected, "--sort \(sort): the table's export differs from the CSV's")
      try Self.expectMatch(data, fromTable, sort: sort, format: "csv", asciiX: true)
    }
    let query = scratch.path("query.jsonl")
    let result = try MosaicExecutable.run(
      [
        database, "--query", "select id, y from flights where cast(id as integer) < 10", "--sort",
        "-id",
        "--output", query,
      ])
    #expect(result.status == 0, "\(result)")
    let ids = try String(contentsOfFile: query, encoding: .utf8).split(separator: "\n")
      .map { $0.split(separator: ",")[0] }
    #expect(ids == (1...9).reversed().map { "{\"id\":\"\($0)\"" }, "\(ids)")
  }

  @Test func anExistingFileIsReplacedWholeAndNoTemporaryFileStays() throws {
    let scratch = try ScratchDirectory("export-replace")
    let data = try Self.makeData(in: scratch)
    let out = scratch.path("out.csv")
    try scratch.write("old\n", to: "out.csv")
    // A failing export leaves the old file as it was.
    let failed = try MosaicExecutable.run([data, "--filter", "x >> 1", "--output", out])
    #expect(failed.status == 2)
    #expect(try String(contentsOfFile: out, encoding: .utf8) == "old\n")
    let result = try MosaicExecutable.run([data, "--fields", "id", "--output", out])
    #expect(result.status == 0, "\(result)")
    let lines = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
    #expect(lines.first == "id" && lines.count == 401, "\(lines.prefix(3)) … \(lines.count)")
    let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted()
    #expect(names == ["data.csv", "out.csv"], "\(names)")
  }

  /// Ctrl-C while the export waits for the rest of a stream: the temporary file beside the
  /// destination is removed, the old file is left as it was, and the process ends by SIGINT.
  @Test func anInterruptedExportLeavesTheOldFile() throws {
    let scratch = try ScratchDirectory("export-interrupt")
    try scratch.write("old\n", to: "out.csv")
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    let report = try PythonScript.run(
      """
      import os, signal, subprocess, sys, time
      mosaic, directory = sys.argv[1:3]
      fifo = os.path.join(directory, "in.csv")
      os.mkfifo(fifo)
      child = subprocess.Popen([mosaic, fifo, "--output", os.path.join(directory, "out.csv")],
                               stderr=subprocess.DEVNULL)
      writer = open(fifo, "w")
      writer.write("a,b\\n" + "".join(f"{i},x\\n" for i in range(1000)))
      writer.flush()
      deadline = time.time() + 20
      while not any(".mosaic-" in n for n in os.listdir(directory)):
          if time.time() > deadline or child.poll() is not None:
              print("no temporary file appeared", os.listdir(directory), child.poll())
              sys.exit(0)
          time.sleep(0.02)
      child.send_signal(signal.SIGINT)
      try:
          status = child.wait(timeout=20)
      except subprocess.TimeoutExpired:
          child.kill()
          status = "hung"
      writer.close()
      print(status, sorted(os.listdir(directory)))
      """, [executable.path, scratch.url.path])
    #expect(report.trimmingCharacters(in: .whitespacesAndNewlines) == "-2 ['in.csv', 'out.csv']")
    #expect(try String(contentsOfFile: scratch.path("out.csv"), encoding: .utf8) == "old\n")
  }

  @Test(arguments: [
    (["--filter", "x >> 60"], "mosaic: --filter 'x >> 60': unexpected '>>' at 3"),
    (
      ["--filter", "id > 1", "--filter", "tga = 'a'"],
      "mosaic: --filter 'tga = 'a'': no field 'tga' (did you mean tag?) at 1"
    ),
    (["--sort", "-x,idd"], "mosaic: no field \"idd\" in DATA (did you mean \"id\"?)"),
    (["--fields", "id,nte"], "mosaic: no field \"nte\" in DATA (did you mean \"note\"?)"),
    (
      ["--layout", "list"],
      "mosaic: --layout is for the browser; --output writes records (see mosaic --help)"
    ),
  ])
  func aBadOptionIsOneLineAndStatusTwo(options: [String], message: String) throws {
    let scratch = try ScratchDirectory("export-errors")
    let data = try Self.makeData(in: scratch)
    let result = try MosaicExecutable.run([data] + options + ["--output", scratch.path("o.csv")])
    #expect(result.status == 2, "\(result)")
    #expect(result.stderrLines == [message.replacingOccurrences(of: "DATA", with: data)])
    #expect(result.stdout.isEmpty)
    let names = try FileManager.default.contentsOfDirectory(atPath: scratch.url.path)
    #expect(names == ["data.csv"], "nothing written: \(names)")
  }

  @Test func aBadDestinationIsOneLineAndStatusTwo() throws {
    let scratch = try ScratchDirectory("export-destination")
    let data = try Self.makeData(in: scratch)
    let directory = scratch.path("folder.csv")
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
    let cases: [([String], String)] = [
      (
        ["--output", "/nonexistent-dir/o.csv"],
        "mosaic: cannot write /nonexistent-dir/o.csv: No such file or directory"
      ),
      (["--output", directory], "mosaic: cannot write \(directory): Is a directory"),
      (
        ["--output", "o.xlsx"],
        "mosaic: --output o.xlsx: unknown extension .xlsx to choose the format by (.csv .tsv "
          + ".tab .jsonl .ndjson .json); add --output-format csv|tsv|jsonl|json (see mosaic --help)"
      ),
      (
        ["--output", "o.csv", "--output-format", "xml"],
        "mosaic: --output-format must be csv, tsv, jsonl or json, not 'xml' (see mosaic --help)"
      ),
      // The browser refuses a bad --filter before it takes the terminal, as --output does.
      (["--filter", "id >> 3"], "mosaic: --filter 'id >> 3': unexpected '>>' at 4"),
      (
        ["--filter", "idd > 3"],
        "mosaic: --filter 'idd > 3': no field 'idd' (did you mean id?) at 1"
      ),
    ]
    for (options, message) in cases {
      let result = try MosaicExecutable.run([data] + options)
      #expect(result.status == 2, "\(options): \(result)")
      #expect(result.stderrLines == [message], "\(options)")
    }
  }

  /// Through a terminal: control characters in values come out escaped on standard output, and
  /// standard error ends with the summary line; a file keeps the bytes as they were.
  @Test func aTerminalGetsNoControlBytesAndASummary() throws {
    let scratch = try ScratchDirectory("export-tty")
    try scratch.write("name,note\nbell,\"ring\u{07}\u{1B}[31mred\"\nplain,ok\n", to: "c.csv")
    let executable = try #require(TestExecutable.url(named: "mosaic"))
    // The test holds the terminal's other end open, so the last bytes the program writes are
    // read before the terminal hangs up: with `pty.fork`, a loaded machine's read could end at
    // the hang-up (EIO) with the summary line still unread.
    let program = """
      import os, pty, select, subprocess, sys
      master, slave = pty.openpty()
      child = subprocess.Popen(sys.argv[1:], stdin=slave, stdout=slave, stderr=slave)
      out = b""
      def drain(quiet):
          global out
          while select.select([master], [], [], quiet)[0]:
              chunk = os.read(master, 65536)
              if not chunk:
                  return
              out += chunk
      while child.poll() is None:
          drain(0.05)
      drain(1.0)
      sys.stdout.write(repr((child.returncode, out)))
      """
    for format in ["csv", "tsv", "jsonl"] {
      let shown = try PythonScript.run(
        program,
        [executable.path, scratch.path("c.csv"), "--output", "-", "--output-format", format])
      #expect(shown.hasPrefix("(0, b'"), "\(format): \(shown)")
      #expect(!shown.contains("\\x1b") && !shown.contains("\\x07"), "\(format): \(shown)")
      #expect(shown.contains("mosaic: wrote 2 records to standard output"), "\(format): \(shown)")
    }
    let file = scratch.path("o.csv")
    let shown = try PythonScript.run(
      program, [executable.path, scratch.path("c.csv"), "--output", file])
    #expect(shown.contains("mosaic: wrote 2 records to \(file)"), "\(shown)")
    let bytes = try Data(contentsOf: URL(fileURLWithPath: file))
    #expect(bytes.contains(0x1B) && bytes.contains(0x07), "the file keeps the data's bytes")
  }

  // MARK: The data and Python's answers

  /// Writes 400 records to `data.csv`: whole and decimal numbers with many ties, text that
  /// differs only in case or accents, empty values, quotes, commas, a line break in a quoted
  /// field and non-ASCII text.
  static func makeData(in scratch: ScratchDirectory) throws -> String {
    let path = scratch.path("data.csv")
    _ = try PythonScript.run(
      """
      import csv, random, sys
      rng = random.Random(20261128)
      xs = ["3", "-2", "10", "2.5", "-0.5", "1e2", "+4", "007", ".5", "0", "-0", "", "",
            "n/a", "N/A", "pending", "Élan", "elan", "zed"]
      ys = ["apple", "Apple", "banana", "Cherry", "cherry", "émile", "Zoë", "zoe", "東京",
            "O'Brien", 'say "hi"', "comma, inc", "", "10", "9", "naïve café", "Ünïcode"]
      notes = ["plain", "two\\nlines", 'quoted "word"', "a, b, c", "", "ünïcödé ✓", "tab\\there"]
      tags = ["a", "b", "c", "B", "C", "d", "D", ""]
      with open(sys.argv[1], "w", newline="", encoding="utf-8") as f:
          w = csv.writer(f, lineterminator="\\n")
          w.writerow(["id", "x", "y", "tag", "note"])
          for i in range(1, 401):
              w.writerow([i, rng.choice(xs), rng.choice(ys), rng.choice(tags), rng.choice(notes)])
      """, [path])
    return path
  }

  /// Expects the export at `out` to match Python's answer (`check`), showing what differs.
  static func expectMatch(
    _ data: String, _ out: String, sort: String, format: String, asciiX: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    let verdict = try check(
      data, out, sort: sort, format: format, asciiX: asciiX, sourceLocation: sourceLocation)
    #expect(
      verdict == "OK", "--sort \(sort), \(format): \(verdict)", sourceLocation: sourceLocation)
  }

  /// "OK" when the export at `out` (in `format`) holds exactly the records Python keeps from
  /// `data` with `filters`, ordered by `sort` as documented, with `fields`; else what differs.
  static func check(
    _ data: String, _ out: String, sort: String, format: String, asciiX: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    try PythonScript.run(
      """
      import csv, json, math, sys, unicodedata
      data, out, sort, fmt, fields, ascii_x = sys.argv[1:7]
      fields = fields.split(",")
      with open(data, newline="", encoding="utf-8") as f:
          records = list(csv.DictReader(f))
      # --filter "id <= 380" --filter "not (tag in ('b', 'C'))": a missing tag is unknown.
      def number(v):
          try:
              n = float(v)
              return n if math.isfinite(n) else None
          except ValueError:
              return None
      kept = [r for r in records
              if number(r["id"]) is not None and number(r["id"]) <= 380
              and r["tag"] != "" and r["tag"].lower() not in ("b", "c")
              and (ascii_x == "no" or r["x"] == "" or r["x"].lower() != "élan")]
      # Numbers first (numerically), then text ignoring case and accents, then empty values
      # last; descending reverses numbers and text only; ties keep file order.
      def key(v):
          v = v.strip(" \\t")
          if v == "":
              return (2, 0)
          if v[0] in "0123456789+-.":
              n = number(v)
              if n is not None:
                  return (0, n)
          if v.isascii():
              return (1, v.lower())
          stripped = "".join(c for c in unicodedata.normalize("NFD", v)
                             if not unicodedata.combining(c))
          return (1, stripped.lower())
      for spec in reversed(sort.split(",")):
          descending = spec.startswith("-")
          name = spec.lstrip("-")
          keyed = [(key(r[name]), r) for r in kept]
          groups = []
          for kind in (0, 1, 2):
              part = [(k, r) for k, r in keyed if k[0] == kind]
              part.sort(key=lambda p: p[0][1], reverse=descending)
              groups += [r for _, r in part]
          kept = groups
      expected = [[r[n] for n in fields] for r in kept]
      with open(out, newline="", encoding="utf-8") as f:
          if fmt == "csv":
              rows = list(csv.reader(f))
              header, actual = rows[0], rows[1:]
          elif fmt == "tsv":
              def unescape(v):
                  out, i = "", 0
                  while i < len(v):
                      if v[i] == "\\\\" and i + 1 < len(v):
                          out += {"t": "\\t", "n": "\\n", "r": "\\r", "\\\\": "\\\\"}[v[i + 1]]
                          i += 2
                      else:
                          out += v[i]
                          i += 1
                  return out
              lines = f.read().split("\\n")
              assert lines[-1] == "", "TSV ends with a newline"
              rows = [[unescape(v) for v in line.split("\\t")] for line in lines[:-1]]
              header, actual = rows[0], rows[1:]
          else:
              objects = ([json.loads(line) for line in f.read().splitlines()] if fmt == "jsonl"
                         else json.load(f))
              header = list(objects[0].keys()) if objects else fields
              for o in objects:
                  if list(o.keys()) != fields:
                      print("keys", list(o.keys()))
                      sys.exit(0)
              actual = [[o[n] for n in fields] for o in objects]
      if header != fields:
          print("header", header)
      elif len(actual) != len(expected):
          print(f"{len(actual)} records, expected {len(expected)}")
      else:
          for i, (a, e) in enumerate(zip(actual, expected)):
              if a != e:
                  print(f"record {i + 1}: {a!r}, expected {e!r}")
                  break
          else:
              print("OK")
      """, [data, out, sort, format, fields, asciiX ? "yes" : "no"], sourceLocation: sourceLocation
    ).trimmingCharacters(in: .whitespacesAndNewlines)
  }
}
