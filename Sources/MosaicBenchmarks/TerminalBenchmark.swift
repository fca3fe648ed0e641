/// Prints the figures of this benchmark (not written yet).
enum TerminalBenchmark {
  static func run() { print("TerminalBenchmark: not written yet") }
}
