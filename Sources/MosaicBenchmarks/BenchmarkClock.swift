import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The clock, memory reading and report line the whole-file benchmarks share.
enum BenchmarkClock {
  /// Seconds on the monotonic clock.
  static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  /// The CPU seconds the process has used so far, user and system, on every thread: the work,
  /// whatever else runs on the machine.
  static func cpuSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  /// The seconds `body` takes.
  static func time(_ body: () -> Void) -> Double {
    let start = now()
    body()
    return now() - start
  }

  /// One figure as a line: `what` padded to `width`, then the seconds.
  static func report(_ what: String, _ seconds: Double, width: Int) {
    print(
      "  \(what.padding(toLength: width, withPad: " ", startingAt: 0)) \(String(format: "%9.4f s", seconds))"
    )
  }

  /// The current resident set size from /proc/self/statm, in MB (0 where there is none).
  static func residentMB() -> Double {
    guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else {
      return 0
    }
    let fields = text.split(separator: " ")
    guard fields.count > 1, let pages = Double(fields[1]) else { return 0 }
    return pages * Double(sysconf(Int32(_SC_PAGESIZE))) / 1e6
  }
}
