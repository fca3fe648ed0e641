import Foundation
import MosaicTestSupport
import Testing

/// `mosaic describe FILE` (and `mosaic FILE --describe`): every field's type and figures, checked
/// against what Python's csv and statistics modules compute from the same generated file (NA
/// tokens, float noise, `Jan 1 2000` dates, quoted commas): mean, median, sample standard
/// deviation and the quartiles and 5th/95th percentiles by `statistics.quantiles(method=
/// 'inclusive')`, the documented method.
@Suite(.enabled(if: PythonScript.isAvailable, "needs python3"))
struct DescribeCommandTests {
  /// Writes `rows` records to `path`, seeded: what the fields are is said by `expectedTypes`.
  static let generator = """
    import random, sys, datetime
    n = int(sys.argv[2]); random.seed(int(sys.argv[3]))
    months = ["Jan","Feb","Mar","Apr","May","Jun","Jul","Aug","Sep","Oct","Nov","Dec"]
    base = datetime.date(2000, 1, 1)
    with open(sys.argv[1], "w", newline="") as f:
        f.write("id,price,qty,delay,ratio,flag,day,stamp,city,const,note\\n")
        for i in range(n):
            price = round(random.uniform(0, 1000), 2) + random.choice([0, 1e-13, -1e-13])
            qty = ("NA" if random.random() < 0.5 else "N/A") if random.random() < 0.1 else str(random.randint(-50, 500))
            r = random.random()
            delay = "" if r < 0.05 else ("N/A" if r < 0.08 else ("-" if r < 0.1 else str(random.randint(-30, 300))))
            ratio = repr(random.gauss(10, 3))
            flag = random.choice(["true", "false", "TRUE", "False"])
            d = base + datetime.timedelta(days=random.randint(0, 9000))
            day = f"{months[d.month-1]} {d.day} {d.year}"
            stamp = f"{d.isoformat()} {random.randint(0,23):02d}:{random.randint(0,59):02d}"
            city = random.choice(["Paris", "Cork", "Hanoi", "Lima", "Oslo", '"Rio, RJ"'])
            note = random.choice(["", "call", "NA", "12 units"])
            f.write(f"{i+1},{price!r},{qty},{delay},{ratio},{flag},{day},{stamp},{city},5,{note}\\n")
    """

  /// Python's figures for every field of the CSV file `argv[1]`, `argv[2]` listing the tokens
  /// that are missing besides "".
  static let expectation = """
    import csv, json, statistics, sys, math
    path, tokens = sys.argv[1], set(t for t in sys.argv[2].split(",") if t)
    with open(path, newline="") as f:
        rows = list(csv.reader(f))
    header, rows = rows[0], rows[1:]
    out = {}
    for i, name in enumerate(header):
        values = [r[i] if i < len(r) else "" for r in rows]
        present = [v for v in values if v != "" and v.strip() not in tokens]
        entry = {"count": len(present), "missing": len(values) - len(present),
                 "distinct": len(set(present))}
        try:
            numbers = [float(v) for v in present]
        except ValueError:
            numbers = None
        if numbers:
            q4 = statistics.quantiles(numbers, n=4, method="inclusive")
            q20 = statistics.quantiles(numbers, n=20, method="inclusive")
            entry.update(mean=statistics.mean(numbers), median=statistics.median(numbers),
                         stdev=statistics.stdev(numbers), p25=q4[0], p75=q4[2], p5=q20[0],
                         p95=q20[18], min=min(numbers), max=max(numbers), sum=math.fsum(numbers))
        out[name] = entry
    print(json.dumps(out))
    """

  /// The types the generator's fields have, by design.
  static let expectedTypes = [
    "id": "integer", "price": "decimal", "qty": "integer", "delay": "integer",
    "ratio": "decimal", "flag": "boolean", "day": "date", "stamp": "datetime", "city": "text",
    "const": "integer", "note": "text",
  ]

  static func makeData(in scratch: ScratchDirectory, rows: Int = 50_000, seed: Int = 7) throws
    -> String
  {
    let path = scratch.path("data.csv")
    _ = try PythonScript.run(generator, [path, String(rows), String(seed)])
    return path
  }

  /// Whether `actual` is `expected` to within a relative 1e-9 (floating sums in another order);
  /// the quantiles, computed by the same formula from the same doubles, are compared exactly.
  static func close(_ actual: Double, _ expected: Double) -> Bool {
    abs(actual - expected) <= 1e-9 * max(1, abs(expected))
  }

  /// Compares `mosaic describe --output json` (file `argv[3]`) with Python's figures for the
  /// CSV `argv[1]` (tokens `argv[2]`) and the types `argv[4]` (JSON): in Python, whose JSON
  /// reader rounds numbers correctly. Prints `ok`, or one line per difference.
  static let checker =
    expectation.replacingOccurrences(of: "print(json.dumps(out))", with: "")
      + """

      got = json.load(open(sys.argv[3]))
      types = json.loads(sys.argv[4])
      problems = []
      if [f["field"] for f in got] != header:
          problems.append(f"fields {[f['field'] for f in got]} != {header}")
      for f in got:
          name, want = f["field"], out[f["field"]]
          if f["type"] != types[name]:
              problems.append(f"{name} type {f['type']} != {types[name]}")
          for key in ["count", "missing", "distinct"]:
              if f[key] != want[key]:
                  problems.append(f"{name} {key} {f[key]} != {want[key]}")
          if types[name] not in ("integer", "decimal"):
              if f["mean"] is not None:
                  problems.append(f"{name} is no number but has a mean")
              continue
          for key in ["min", "max", "median", "p25", "p75", "p5", "p95"]:
              if float(f[key]) != want[key]:
                  problems.append(f"{name} {key} {f[key]!r} != Python's {want[key]!r}")
          for key in ["mean", "stdev", "sum"]:
              if abs(f[key] - want[key]) > 1e-9 * max(1, abs(want[key])):
                  problems.append(f"{name} {key} {f[key]!r} != Python's {want[key]!r}")
      print("\\n".join(problems) if problems else "ok")
      """

  @Test func jsonMatchesPythonStatisticsForEveryField() throws {
    let scratch = try ScratchDirectory("describe-json")
    let data = try Self.makeData(in: scratch)
    let result = try MosaicExecutable.run(
      ["describe", data, "--na", "NA,N/A,-", "--output", "json"])
    #expect(result.status == 0, "\(result)")
    #expect(result.stderr.isEmpty, "\(result.stderr)")
    let out = scratch.path("describe.json")
    try result.stdout.write(toFile: out, atomically: false, encoding: .utf8)
    let types = String(
      decoding: try JSONSerialization.data(withJSONObject: Self.expectedTypes), as: UTF8.self)
    let report = try PythonScript.run(Self.checker, [data, "NA,N/A,-", out, types])
    #expect(report.trimmingCharacters(in: .whitespacesAndNewlines) == "ok", "\(report)")
  }

  /// The fields in file order.
  static let order = [
    "id", "price", "qty", "delay", "ratio", "flag", "day", "stamp", "city", "const", "note",
  ]

  @Test func withoutTokensNAIsTextAndOnlyEmptyIsMissing() throws {
    let scratch = try ScratchDirectory("describe-nona")
    let data = try Self.makeData(in: scratch, rows: 3_000, seed: 11)
    let result = try MosaicExecutable.run(["describe", data, "--output", "json"])
    #expect(result.status == 0, "\(result)")
    let fields = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let expected = try #require(
      try JSONSerialization.jsonObject(
        with: Data(PythonScript.run(Self.expectation, [data, ""]).utf8))
        as? [String: [String: Any]])
    let qty = try #require(fields.first { $0["field"] as? String == "qty" })
    #expect(qty["type"] as? String == "text", "NA is a value like any other without --na")
    #expect(qty["missing"] as? Int == 0)
    let delay = try #require(fields.first { $0["field"] as? String == "delay" })
    #expect(delay["type"] as? String == "text")
    #expect(delay["missing"] as? Int == expected["delay"]?["missing"] as? Int)
    #expect(delay["distinct"] as? Int == expected["delay"]?["distinct"] as? Int)
  }

  @Test func csvOutputMatchesJSONAndTextIsAligned() throws {
    let scratch = try ScratchDirectory("describe-csv")
    let data = try Self.makeData(in: scratch, rows: 2_000, seed: 3)
    let json = try MosaicExecutable.run(["describe", data, "--na", "NA,N/A,-", "--output", "json"])
    let csv = try MosaicExecutable.run(["describe", data, "--na", "NA,N/A,-", "--output", "csv"])
    #expect(csv.status == 0, "\(csv)")
    // Python's csv module reads the CSV form; every figure equals the JSON form's.
    let program = """
      import csv, json, sys
      rows = list(csv.DictReader(open(sys.argv[1], newline="")))
      fields = json.load(open(sys.argv[2]))
      assert [r["field"] for r in rows] == [f["field"] for f in fields], "fields"
      for r, f in zip(rows, fields):
          for key in ["count", "missing", "distinct"]:
              assert int(r[key]) == f[key], (r["field"], key)
          for key in ["mean", "median", "stdev", "p25", "p75", "p5", "p95", "sum"]:
              if f[key] is None: assert r[key] == "", (r["field"], key)
              else: assert float(r[key]) == f[key], (r["field"], key, r[key], f[key])
      print("ok")
      """
    try csv.stdout.write(toFile: scratch.path("out.csv"), atomically: false, encoding: .utf8)
    try json.stdout.write(toFile: scratch.path("out.json"), atomically: false, encoding: .utf8)
    let checked = try PythonScript.run(
      program, [scratch.path("out.csv"), scratch.path("out.json")])
    #expect(checked.trimmingCharacters(in: .whitespacesAndNewlines) == "ok")

    let text = try MosaicExecutable.run(["describe", data, "--na", "NA,N/A,-"])
    #expect(text.status == 0, "\(text)")
    let lines = text.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == Self.order.count + 1)
    let header = try #require(lines.first)
    #expect(
      header.split(separator: " ").map(String.init) == [
        "field", "type", "count", "missing", "distinct", "min", "max", "mean", "median", "stdev",
        "p25", "p75",
      ])
    // Right-aligned figures: every row ends where the header's last column ends, and the
    // count column's right edge is the same on every row.
    let countEnd = try #require(header.range(of: "count")).upperBound.utf16Offset(in: header)
    for line in lines.dropFirst() {
      #expect(line.count == header.count, "\(line)")
      let cells = line.split(separator: " ")
      #expect(cells.count >= 5, "\(line)")
      let countCell = line.prefix(countEnd)
      #expect(countCell.last?.isNumber == true, "count right-aligned: \(line)")
    }
    let day = try #require(lines.first { $0.hasPrefix("day ") })
    #expect(day.contains(" date "), "\(day)")
    // The same report from `mosaic FILE --describe`.
    let flag = try MosaicExecutable.run([data, "--na", "NA,N/A,-", "--describe"])
    #expect(flag.status == 0, "\(flag)")
    #expect(flag.stdout == text.stdout)
  }

  @Test func filterDescribesOnlyTheKeptRecords() throws {
    let scratch = try ScratchDirectory("describe-filter")
    let data = try Self.makeData(in: scratch, rows: 4_000, seed: 5)
    let result = try MosaicExecutable.run(
      ["describe", data, "--filter", "city = 'Oslo'", "--output", "json"])
    #expect(result.status == 0, "\(result)")
    let fields = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    let program = """
      import csv, statistics, sys
      rows = [r for r in csv.DictReader(open(sys.argv[1], newline="")) if r["city"] == "Oslo"]
      xs = [float(r["price"]) for r in rows]
      print(len(rows), repr(statistics.median(xs)))
      """
    let answer = try PythonScript.run(program, [data]).split(separator: " ")
    let price = try #require(fields.first { $0["field"] as? String == "price" })
    #expect(price["count"] as? Int == Int(answer[0]))
    // The median's text as mosaic wrote it, read by `Double(String)` (exact, unlike a JSON
    // reader's NSNumber).
    let median = try #require(
      result.stdout.split(separator: "\n").first { $0.contains("\"field\":\"price\"") }?
        .split(separator: ",").first { $0.hasPrefix("\"median\":") }?.dropFirst(9))
    #expect(
      Double(String(median)) == Double(answer[1].trimmingCharacters(in: .whitespacesAndNewlines)))
  }

  /// The config file's `na` (and `MOSAIC_NA`) name the tokens when `--na` does not; `--na`
  /// wins over both.
  @Test func configFileAndVariableNameTheTokens() throws {
    let scratch = try ScratchDirectory("describe-config")
    try scratch.write("x\n1\nNA\n3\n-\n", to: "d.csv")
    try FileManager.default.createDirectory(
      atPath: scratch.path("config/mosaic"), withIntermediateDirectories: true)
    try scratch.write("na = NA\n", to: "config/mosaic/config")
    func missing(_ arguments: [String], _ environment: [String: String]) throws -> Int? {
      let result = try MosaicExecutable.run(
        ["describe", scratch.path("d.csv"), "--output", "json"] + arguments,
        environment: ["XDG_CONFIG_HOME": scratch.path("config"), "LANG": "C.UTF-8"]
          .merging(environment) { $1 })
      #expect(result.status == 0, "\(result)")
      let fields =
        try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]]
      return fields?.first?["missing"] as? Int
    }
    #expect(try missing([], [:]) == 1)
    #expect(try missing([], ["MOSAIC_NA": "NA,-"]) == 2)
    #expect(try missing(["--na", "-"], ["MOSAIC_NA": "NA"]) == 1)
    #expect(try missing(["--na", "NA,-"], [:]) == 2)
  }

  @Test func badInputIsOneLineAndStatusTwo() throws {
    let scratch = try ScratchDirectory("describe-bad")
    let missing = try MosaicExecutable.run(["describe", scratch.path("nothing.csv")])
    #expect(missing.status == 2)
    #expect(missing.stdout.isEmpty)
    #expect(missing.stderr.split(separator: "\n").count == 1, "\(missing.stderr)")
    #expect(missing.stderr.contains("nothing.csv"))
    try scratch.write("a,b\n1,2\n3,\"4\n", to: "broken.csv")
    let broken = try MosaicExecutable.run(["describe", scratch.path("broken.csv")])
    #expect(broken.status == 2, "\(broken)")
    #expect(broken.stderr.split(separator: "\n").count == 1, "\(broken.stderr)")
    let format = try MosaicExecutable.run([
      "describe", scratch.path("broken.csv"), "--output", "xml",
    ])
    #expect(format.status == 2)
    #expect(format.stderr.split(separator: "\n").count == 1, "\(format.stderr)")
  }

  @Test func controlBytesInNamesAndValuesNeverReachTheTerminal() throws {
    let scratch = try ScratchDirectory("describe-hostile")
    try scratch.write("n\u{1B}[2Jame,v\n\u{1B}]0;x\u{07},1\nb,2\n", to: "h.csv")
    let result = try MosaicExecutable.run(["describe", scratch.path("h.csv")])
    #expect(result.status == 0, "\(result)")
    #expect(!result.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
  }
}
