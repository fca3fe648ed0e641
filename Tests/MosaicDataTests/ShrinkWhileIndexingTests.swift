import Foundation
import Testing

@testable import MosaicData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file may shrink at any moment while it is indexed and read: every format, and every way of
/// reaching its end (the estimated end `End` shows, a record by number), keeps answering —
/// records past the new end read empty — and never stops the program.
@Suite struct ShrinkWhileIndexingTests {
  enum Format: String, CaseIterable, Sendable {
    case csv, jsonl, json

    func contents(_ count: Int) -> String {
      switch self {
      case .csv:
        return "id,name,note\n" + (0..<count).map { "\($0),n\($0),note \($0)\n" }.joined()
      case .jsonl:
        return (0..<count).map { "{\"id\": \($0), \"name\": \"n\($0)\"}\n" }.joined()
      case .json:
        return "[\n"
          + (0..<count).map { "{\"id\": \($0), \"name\": \"n\($0)\"}" }
          .joined(separator: ",\n") + "\n]\n"
      }
    }

    func open(_ path: String) throws -> any RecordSource {
      switch self {
      case .csv: return try DelimitedTable(path: path, synchronousRecords: 50)
      case .jsonl: return try JSONLinesTable(path: path, synchronousRecords: 50)
      case .json:
        return try JSONLinesTable(
          file: MappedFile(path: path, name: path), name: path, isArray: true,
          synchronousRecords: 50)
      }
    }
  }

  @Test func aLineStartAskedPastAnEndThatShrankIsTheOffsetItself() throws {
    let file = try TemporaryFile(name: "lines.jsonl", contents: Format.jsonl.contents(10_000))
    let table = try JSONLinesTable(path: file.path)
    try table.waitUntilComplete()
    let oldEnd = table.file.count
    #expect(truncate(file.path, off_t(oldEnd / 2)) == 0)
    // The first read past the new end notices the truncation and shrinks the count.
    _ = table.value(table.recordCount - 1, 1)
    #expect(table.checkForChange() == .truncated)
    #expect(table.file.count < oldEnd * 3 / 4)
    // An offset measured against the old end: before, a range ran backwards and trapped.
    #expect(table.file.lineStart(atOrAfter: oldEnd * 3 / 4 + 1) == oldEnd * 3 / 4 + 1)
  }

  @Test(arguments: Format.allCases)
  func truncatedAtRandomMomentsWhileTheEndIsAskedForNothingStops(format: Format) throws {
    var generator = SystemRandomNumberGenerator()
    for round in 0..<12 {
      let file = try TemporaryFile(
        name: "shrink\(round).\(format.rawValue)", contents: format.contents(60_000))
      let size = try FileManager.default.attributesOfItem(atPath: file.path)[.size] as! Int
      let source = try format.open(file.path)
      let stop = Flag()
      let reader = Thread {
        // What End, G and :N ask, as fast as a key could, until the file has shrunk.
        while !stop.isRaised {
          if let end = source.estimatedEnd(atLeast: 200) {
            for id in end.records.suffix(3) {
              _ = source.typedValues(id)
              _ = source.indexedRecord(ofEstimated: id)
            }
          }
          let count = source.recordCount
          if count > 0 { _ = source.typedValues(Int.random(in: 0..<count)) }
        }
        stop.finish()
      }
      reader.start()
      usleep(UInt32.random(in: 0..<40_000, using: &generator))
      let cut = Int.random(in: 0..<size, using: &generator)
      #expect(truncate(file.path, off_t(cut)) == 0)
      usleep(20_000)
      try? source.waitUntilComplete()
      stop.raise()
      #expect(stop.waitUntilFinished(seconds: 20), "the reader did not stop within 20 s")
      // The change is known (the browser asks every frame), and what is left reads without
      // the zeros a read past the new end sees.
      if source.checkForChange() != .truncated {
        // A cut past the last byte the indexer had read shrinks nothing it saw: it then read
        // the file as it is now, and holds the records a fresh open finds.
        let fresh = try format.open(file.path)
        try? fresh.waitUntilComplete()
        #expect(
          source.recordCount == fresh.recordCount,
          "cut at \(cut) of \(size) went unnoticed: \(source.recordCount) records, \(fresh.recordCount) in the file"
        )
      }
      let count = source.recordCount
      for record in stride(from: 0, to: count, by: max(1, count / 50)) {
        let values = source.typedValues(record).compactMap { $0?.text }
        #expect(!values.contains { $0.contains("\0") }, "record \(record): \(values)")
      }
    }
  }
}

// @unchecked: the flags live under `condition`.
/// A stop flag raised by the test and a done flag raised by the reader thread.
private final class Flag: @unchecked Sendable {
  private let condition = NSCondition()
  private var raised = false
  private var finished = false

  var isRaised: Bool {
    condition.lock()
    defer { condition.unlock() }
    return raised
  }

  func raise() {
    condition.lock()
    raised = true
    condition.unlock()
  }

  func finish() {
    condition.lock()
    finished = true
    condition.broadcast()
    condition.unlock()
  }

  func waitUntilFinished(seconds: Double) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    condition.lock()
    defer { condition.unlock() }
    while !finished { guard condition.wait(until: deadline) else { return false } }
    return true
  }
}
