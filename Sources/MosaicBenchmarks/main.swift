// mosaic-bench: figures for the README. Run in release:
//   swift run -c release mosaic-bench [layout|scroll|terminal|sheet|all]
let which = CommandLine.arguments.dropFirst().first ?? "all"
switch which {
case "layout": LayoutBenchmark.run()
case "scroll": ScrollBenchmark.run()
case "terminal": TerminalBenchmark.run()
case "sheet": SheetBenchmark.run()
case "all":
  LayoutBenchmark.run()
  ScrollBenchmark.run()
  TerminalBenchmark.run()
  SheetBenchmark.run()
default:
  print("usage: mosaic-bench [layout|scroll|terminal|sheet|all]")
}
