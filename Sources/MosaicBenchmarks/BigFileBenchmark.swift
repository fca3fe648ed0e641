import Foundation
import MosaicApp
import MosaicData

#if canImport(Glibc)
  import Glibc
#endif

/// Prints the big-file figures of issue 11 (items 5 and 6): the first screen of a big file
/// beside a small one's, how far indexing has reached after 0.15 s, the full index's time
/// (wall and CPU, every thread), `End` at once (the last records read while indexing runs, their
/// number estimated, then checked), and peak memory beside the file's size.
enum BigFileBenchmark {
  static func run(arguments: [String]) {
    guard let big = arguments.first else {
      print("usage: mosaic-bench bigfile BIG-FILE [SMALL-FILE]")
      print("  e.g. python3 demo-data/make-rows.py 10000000 > /tmp/rows-10m.csv")
      print("       python3 demo-data/make-rows.py 10000 > /tmp/rows-10k.csv")
      print("       swift run -c release mosaic-bench bigfile /tmp/rows-10m.csv /tmp/rows-10k.csv")
      return
    }
    if arguments.count > 1 {
      // The small file first: its pages in the cache, like the big one's.
      guard let small = firstScreen(arguments[1]) else { return }
      small.source.cancel()
      BenchmarkClock.report(
        "first screen, \(small.source.recordCount.groupedDigits()) records indexed",
        small.seconds, width: 50)
    }
    let cpuAtStart = BenchmarkClock.cpuSeconds()
    guard let opened = firstScreen(big) else { return }
    let source = opened.source
    BenchmarkClock.report(
      "first screen of \(fileName(big)) (\(source.recordCount.groupedDigits()) indexed)",
      opened.seconds, width: 50)

    // End at once: the last records found from the end and read, as the browser shows them.
    let endStart = BenchmarkClock.now()
    let estimated = source.estimatedEnd(atLeast: 100)
    var read = 0
    if let estimated {
      for record in estimated.records.suffix(40) {
        read += source.fieldTexts(record).count
      }
    }
    let endSeconds = BenchmarkClock.now() - endStart
    if let estimated {
      BenchmarkClock.report(
        "End at once (last of ≈\(estimated.estimatedCount.groupedDigits()), 40 read)",
        endSeconds, width: 50)
    } else {
      print("  End at once: no estimated end (indexing had finished)")
    }

    // Where the index stands 0.15 s after the file was opened.
    let sample = opened.start + 0.15
    let wait = sample - BenchmarkClock.now()
    // A sample taken at a set time, not a wait for work to end.
    if wait > 0 { usleep(UInt32(wait * 1e6)) }
    let atSample = source.recordCount
    print("  records indexed after 0.15 s            \(atSample.groupedDigits().leftPadded(14))")

    do { try source.waitUntilComplete() } catch { print("indexing stopped: \(error)") }
    let indexed = BenchmarkClock.now() - opened.start
    let cpu = BenchmarkClock.cpuSeconds() - cpuAtStart
    BenchmarkClock.report(
      "full index of \(source.recordCount.groupedDigits()) records (wall)", indexed, width: 50)
    BenchmarkClock.report("full index, CPU time of every thread", cpu, width: 50)
    let size = (try? FileManager.default.attributesOfItem(atPath: big)[.size] as? Int) ?? 0
    let rate = Double(size) / indexed / 1e9
    print(String(format: "  indexing rate                            %9.2f GB/s", rate))

    if let estimated {
      let last = estimated.records.upperBound - 1
      let exact = source.indexedRecord(ofEstimated: last)
      let truth = source.recordCount
      let error = Double(estimated.estimatedCount - truth) / Double(max(1, truth)) * 100
      let found = exact == truth - 1 ? "yes" : "NO"
      print(
        "  End's estimate ≈\(estimated.estimatedCount.groupedDigits()), exact "
          + "\(truth.groupedDigits()) (\(String(format: "%+.2f", error)) %), last record found: \(found)"
      )
    }
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    let peak = Double(usage.ru_maxrss) * 1024
    print(
      String(
        format: "  peak resident memory %.1f MB, %.3f× the file (%.1f MB)", peak / 1e6,
        peak / Double(max(1, size)), Double(size) / 1e6))
  }

  /// Opens `path` and reads every field of its first 100 records, as a first screen does.
  private static func firstScreen(_ path: String) -> (
    source: any RecordSource, start: Double, seconds: Double
  )? {
    let start = BenchmarkClock.now()
    do {
      let source = try DataFile.open(path: path)
      var fields = 0
      for record in 0..<min(100, source.recordCount) { fields += source.fieldTexts(record).count }
      precondition(fields >= 0)
      return (source, start, BenchmarkClock.now() - start)
    } catch {
      print("\(error)")
      return nil
    }
  }

  private static func fileName(_ path: String) -> String { (path as NSString).lastPathComponent }
}

extension String {
  fileprivate func leftPadded(_ width: Int) -> String {
    count >= width ? self : String(repeating: " ", count: width - count) + self
  }
}
