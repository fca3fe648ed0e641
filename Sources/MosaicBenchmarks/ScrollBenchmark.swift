/// Prints the figures of this benchmark (not written yet).
enum ScrollBenchmark {
  static func run() { print("ScrollBenchmark: not written yet") }
}
