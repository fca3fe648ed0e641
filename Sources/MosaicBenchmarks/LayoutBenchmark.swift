/// Prints the figures of this benchmark (not written yet).
enum LayoutBenchmark {
  static func run() { print("LayoutBenchmark: not written yet") }
}
