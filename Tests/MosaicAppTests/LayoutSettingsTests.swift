import MosaicData
import MosaicTestSupport
import Testing

@testable import MosaicApp

/// The layout a file opens in (`LayoutRule`), the configuration file (`ConfigFile`) and the
/// order the settings are taken in (`BrowserSettings`): flag, environment, file, rule.
@Suite struct LayoutSettingsTests {
  // MARK: The rule

  func open(_ text: String, format: DataFormat, name: String) throws -> any RecordSource {
    let source = try DataFile.open(text: text, name: name, format: format)
    try source.waitUntilComplete()
    return source
  }

  @Test("CSV and TSV open as the table, however few their columns")
  func delimitedOpensAsTable() throws {
    let wide = try open(WideFlights.csv(rows: 5), format: .csv, name: "flights.csv")
    #expect(LayoutRule.style(for: wide) == .table)
    let narrow = try open("a,b\n1,2\n", format: .csv, name: "two.csv")
    #expect(LayoutRule.style(for: narrow) == .table)
    let tsv = try open("a\tb\tc\n1\t2\t3\n", format: .tsv, name: "t.tsv")
    #expect(LayoutRule.style(for: tsv) == .table)
  }

  @Test("the card options choose cards, and so do records of more than a thousand fields")
  func cardOptions() throws {
    let wide = try open(WideFlights.csv(rows: 5), format: .csv, name: "flights.csv")
    #expect(LayoutRule.style(for: wide, cardOptionsGiven: true) == .grid)
    let names = (1...1001).map { "f\($0)" }
    let widest = try open(
      names.joined(separator: ",") + "\n" + names.joined(separator: ",") + "\n", format: .csv,
      name: "wide.csv")
    #expect(LayoutRule.style(for: widest) == .grid)
    let thousand = try open(
      names.dropLast().joined(separator: ",") + "\n", format: .csv, name: "thousand.csv")
    #expect(LayoutRule.style(for: thousand) == .table)
  }

  @Test("JSON: flat and wide is a table; nested, narrow or sectioned is cards")
  func json() throws {
    let flat = (0..<3).map { #"{"a":\#($0),"b":"x","c":true,"d":null,"e":1.5,"f":"y"}"# }
    let table = try open(
      "[" + flat.joined(separator: ",") + "]", format: .json, name: "flat.json")
    #expect(LayoutRule.style(for: table) == .table)
    let lines = try open(flat.joined(separator: "\n") + "\n", format: .jsonLines, name: "f.jsonl")
    #expect(LayoutRule.style(for: lines) == .table)
    let nested = try open(
      #"[{"a":1,"b":2,"c":3,"d":4,"e":5,"tags":["x","y"]},{"a":2,"b":2,"c":3,"d":4,"e":5,"tags":[]}]"#,
      format: .json, name: "nested.json")
    #expect(LayoutRule.style(for: nested) == .grid)
    let object = try open(
      #"{"a":1,"b":2,"c":3,"d":4,"e":5,"owner":{"name":"x"}}"# + "\n", format: .jsonLines,
      name: "nested.jsonl")
    #expect(LayoutRule.style(for: object) == .grid)
    let narrow = try open(#"[{"name":"x","a":1,"b":2,"c":3}]"#, format: .json, name: "n.json")
    #expect(LayoutRule.style(for: narrow) == .grid)
    let sections = try open(
      #"{"sections":[{"title":"A","items":[{"a":1,"b":2,"c":3,"d":4,"e":5}]}]}"#, format: .json,
      name: "s.json")
    #expect(LayoutRule.style(for: sections) == .grid)
  }

  // MARK: The file

  @Test("the file's keys, comments, quotes and blank lines")
  func parses() throws {
    let file = try ConfigFile.parse(
      """
      # mosaic's settings
      layout = "cards"   # the grid

        smooth-scroll=true
      animation = false
      """, path: "/c")
    #expect(file.layout == .grid)
    #expect(file.smoothScroll == true)
    #expect(file.animation == false)
    #expect(file.lines == ["layout": 2, "smooth-scroll": 4, "animation": 5])
    #expect(try ConfigFile.parse("layout = table\n", path: "/c").layout == .table)
    #expect(try ConfigFile.parse("", path: "/c") == ConfigFile())
  }

  @Test(
    "a bad line names the file, the line and the key",
    arguments: [
      (
        "\nlayout = tabel\n",
        #"/home/u/.config/mosaic/config:2: layout: no layout "tabel" (did you mean table?); the layouts are grid, list, table, horizontal and cards"#
      ),
      (
        "layot = table",
        "/home/u/.config/mosaic/config:1: layot: unknown key (did you mean layout?); the keys are layout, smooth-scroll, animation, na"
      ),
      (
        "smooth-scroll = yes",
        #"/home/u/.config/mosaic/config:1: smooth-scroll: expected true or false, not "yes""#
      ),
      (
        "layout = table\nlayout = grid",
        "/home/u/.config/mosaic/config:2: layout: given twice (first on line 1)"
      ),
      ("# c\ntable", #"/home/u/.config/mosaic/config:2: expected key = value, not "table""#),
      (
        "[browser]",
        "/home/u/.config/mosaic/config:1: tables ([…]) are not used: write key = value lines"
      ),
      ("animation =", "/home/u/.config/mosaic/config:1: animation: no value after ="),
    ])
  func badLine(text: String, message: String) {
    #expect(throws: ConfigFileError.self) {
      try ConfigFile.parse(text, path: "/home/u/.config/mosaic/config")
    }
    do {
      _ = try ConfigFile.parse(text, path: "/home/u/.config/mosaic/config")
    } catch {
      #expect(error.description == message)
    }
  }

  @Test("the file's place: XDG_CONFIG_HOME, else ~/.config")
  func path() {
    #expect(
      ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/x", "HOME": "/h"]) == "/x/mosaic/config")
    #expect(
      ConfigFile.path(environment: ["XDG_CONFIG_HOME": "", "HOME": "/h"])
        == "/h/.config/mosaic/config")
    #expect(ConfigFile.path(environment: [:]) == nil)
    #expect(throws: Never.self) { try ConfigFile.read(path: "/nonexistent/mosaic/config") }
  }

  // MARK: The order

  @Test("the flag over the environment over the file; the rule when none says")
  func precedence() throws {
    var file = ConfigFile()
    file.layout = .list
    file.smoothScroll = true
    let environment = ["MOSAIC_LAYOUT": "horizontal", "MOSAIC_SMOOTH_SCROLL": "0"]
    func resolve(
      _ flag: String?, _ smooth: Bool?, _ environment: [String: String], _ file: ConfigFile
    )
      throws -> BrowserSettings
    {
      try BrowserSettings.resolve(
        layoutFlag: flag, smoothScrollFlag: smooth, environment: environment, config: file,
        configPath: "/c")
    }
    let flag = try resolve("cards", true, environment, file)
    #expect(flag.layout == .init(style: .grid, origin: "--layout cards"))
    #expect(flag.smoothScrolling)
    let variable = try resolve(nil, nil, environment, file)
    #expect(variable.layout == .init(style: .horizontal, origin: "MOSAIC_LAYOUT=horizontal"))
    #expect(!variable.smoothScrolling)
    let config = try resolve(nil, nil, [:], file)
    #expect(config.layout == .init(style: .list, origin: "layout = list in /c"))
    #expect(config.smoothScrolling)
    let none = try resolve(nil, nil, ["MOSAIC_LAYOUT": ""], ConfigFile())
    #expect(none.layout == nil, "the rule decides")
    #expect(!none.smoothScrolling)
    #expect(!none.animationOff)
    var still = ConfigFile()
    still.animation = false
    #expect(try resolve(nil, nil, [:], still).animationOff)
  }

  @Test("a bad environment variable is one line naming it")
  func badVariable() {
    do {
      _ = try BrowserSettings.resolve(
        layoutFlag: nil, smoothScrollFlag: nil, environment: ["MOSAIC_LAYOUT": "tabel"],
        config: ConfigFile(), configPath: nil)
      Issue.record("MOSAIC_LAYOUT=tabel accepted")
    } catch {
      #expect(
        error.description
          == #"MOSAIC_LAYOUT=tabel: no layout "tabel" (did you mean table?); the layouts are grid, list, table, horizontal and cards"#
      )
    }
    #expect(throws: BrowserSettingsError.self) {
      try BrowserSettings.resolve(
        layoutFlag: nil, smoothScrollFlag: nil, environment: ["MOSAIC_SMOOTH_SCROLL": "maybe"],
        config: ConfigFile(), configPath: nil)
    }
  }
}
