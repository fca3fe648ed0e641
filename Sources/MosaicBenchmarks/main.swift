// mosaic-bench: figures for the README. Run in release:
//   swift run -c release mosaic-bench [layout|scroll|terminal|sheet|estimated|compositional|animation|all]
//   swift run -c release mosaic-bench browser FILE [COUNT] [memory|curses|both] [down|pgdn|both]
//   swift run -c release mosaic-bench animation [runloop]
//   swift run -c release mosaic-bench data FILE [QUERY] [GROUP-FIELD] [SORT-FIELD]
//   swift run -c release mosaic-bench arrange FILE [SORT-FIELD] [TEXT] [REGEX]
//   swift run -c release mosaic-bench allrows FILE [GROUP-FIELD] [SORT-FIELD] [QUERY…]
//   swift run -c release mosaic-bench values FILE [RECORD] [QUERY]
//   swift run -c release mosaic-bench stats FILE [FIELD…]
//   swift run -c release mosaic-bench sqlite FILE.db [TABLE] [SORT-FIELD]
//   swift run -c release mosaic-bench bigfile BIG-FILE [SMALL-FILE]
//   swift run -c release mosaic-bench wire FILE [COUNT]
//   swift run -c release mosaic-bench hostile [regex|fat|typing|cache|sort|order|all]
//   swift run -c release mosaic-bench diffable [COUNT]
let which = CommandLine.arguments.dropFirst().first ?? "all"
switch which {
case "layout": LayoutBenchmark.run()
case "scroll": ScrollBenchmark.run()
case "terminal": TerminalBenchmark.run()
case "sheet": SheetBenchmark.run()
case "estimated": EstimatedBenchmark.run()
case "compositional": CompositionalBenchmark.run()
case "animation": AnimationBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "browser": BrowserBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "arrange": ArrangeBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "allrows": AllRowsBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "allrows-one": AllRowsBenchmark.one(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "data": DataBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "values": ValuesBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "stats": StatsBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "sqlite": SQLiteBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "bigfile": BigFileBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "wire": WireBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "hostile": HostileBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "diffable": DiffableBenchmark.run(arguments: Array(CommandLine.arguments.dropFirst(2)))
case "all":
  LayoutBenchmark.run()
  ScrollBenchmark.run()
  TerminalBenchmark.run()
  SheetBenchmark.run()
default:
  print(
    "usage: mosaic-bench [layout|scroll|terminal|sheet|estimated|compositional|animation|all] | data FILE [QUERY] [GROUP] [SORT]"
  )
}
