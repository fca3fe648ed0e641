// mosaic-bench: figures for the README. Run in release:
//   swift run -c release mosaic-bench [layout|scroll|terminal|all]
let which = CommandLine.arguments.dropFirst().first ?? "all"
switch which {
case "layout": LayoutBenchmark.run()
case "scroll": ScrollBenchmark.run()
case "terminal": TerminalBenchmark.run()
case "all":
  LayoutBenchmark.run()
  ScrollBenchmark.run()
  TerminalBenchmark.run()
default:
  print("usage: mosaic-bench [layout|scroll|terminal|all]")
}
