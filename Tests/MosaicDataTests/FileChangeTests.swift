import Foundation
import Testing

@testable import MosaicData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file that changes underneath an open table: reads past a truncated end see nothing instead
/// of killing the process, what is left stays readable, and the change is reported.
@Suite struct FileChangeTests {
  /// `count` CSV records of about 40 bytes each.
  static func csv(_ count: Int) -> String {
    "id,name,note\n" + (0..<count).map { "\($0),name \($0),a note about record \($0)\n" }.joined()
  }

  static func shorten(_ path: String, to size: Int) {
    #expect(truncate(path, off_t(size)) == 0, "truncate failed: \(errno)")
  }

  @Test func aFileTruncatedWhileIndexingKeepsItsFirstRecordsAndReportsTheChange() throws {
    let file = try TemporaryFile(name: "big.csv", contents: Self.csv(400_000))
    let table = try DelimitedTable(path: file.path, synchronousRecords: 100)
    Self.shorten(file.path, to: 4000)
    try table.waitUntilComplete()
    #expect(table.checkForChange() == .truncated)
    #expect(table.indexingError == nil)
    #expect(table.value(0, 1) == "name 0")
    // Every record indexed reads without a crash; those past the new end are empty, not zeros.
    for record in 0..<table.recordCount {
      let note = table.value(record, 2)
      #expect(note.isEmpty || note == "a note about record \(record)", "record \(record): \(note)")
      #expect(!note.contains("\0"))
    }
    // Indexing stopped at the new end instead of reading zeros as records up to the old one.
    // The truncation races the background indexer (on a loaded machine it may have read
    // thousands of records first), so the bound is the old end's half, not the new end.
    #expect(table.recordCount < 200_000, "\(table.recordCount) records")
  }

  @Test func aFileTruncatedAfterIndexingReadsZerosNotASignal() throws {
    let file = try TemporaryFile(name: "done.csv", contents: Self.csv(100_000))
    let table = try DelimitedTable(path: file.path, synchronousRecords: 100)
    try table.waitUntilComplete()
    let last = table.recordCount - 1
    #expect(table.value(last, 1) == "name \(last)")
    // Past the throttle's notice: the first read past the end is the first to know.
    #expect(table.checkForChange() == nil)
    Self.shorten(file.path, to: 0)
    #expect(table.file[table.file.capacity - 1] == 0)
    #expect(table.checkForChange() == .truncated)
    #expect(table.value(last, 1) == "")
    #expect(table.value(0, 1) == "")
    #expect(table.file.count == 0)
  }

  @Test func aJSONLinesFileTruncatedUnderneathIsNotAMalformedLine() throws {
    let lines = (0..<200_000).map { "{\"id\": \($0), \"name\": \"n\($0)\"}\n" }.joined()
    let file = try TemporaryFile(name: "big.jsonl", contents: lines)
    let table = try JSONLinesTable(path: file.path, synchronousRecords: 50)
    Self.shorten(file.path, to: 10_000)
    try table.waitUntilComplete()
    #expect(table.indexingError == nil)
    #expect(table.checkForChange() == .truncated)
    #expect(table.value(1, 1) == "n1")
    for record in stride(from: 0, to: table.recordCount, by: 97) {
      let name = table.value(record, 1)
      #expect(name.isEmpty || name == "n\(record)")
    }
    #expect(table.recordCount < 1000, "\(table.recordCount) lines")
  }

  @Test func aFileRewrittenOrReplacedIsReportedAsModified() throws {
    let file = try TemporaryFile(name: "small.csv", contents: Self.csv(10))
    let grown = try DelimitedTable(path: file.path)
    try grown.waitUntilComplete()
    #expect(grown.checkForChange() == nil)
    let handle = try #require(FileHandle(forWritingAtPath: file.path))
    handle.seekToEndOfFile()
    handle.write("10,name 10,appended\n".data(using: .utf8)!)
    handle.closeFile()
    usleep(300_000)
    #expect(grown.checkForChange() == .modified)
    #expect(grown.value(9, 1) == "name 9")

    let replaced = try DelimitedTable(path: file.path)
    let other = file.path + ".new"
    try Self.csv(3).write(toFile: other, atomically: false, encoding: .utf8)
    #expect(rename(other, file.path) == 0)
    usleep(300_000)
    #expect(replaced.checkForChange() == .modified)
    #expect(replaced.value(10, 2) == "appended")
  }

  @Test func theGuardStaysOnTopOfAHandlerInstalledLater() throws {
    let file = try TemporaryFile(name: "guard.csv", contents: Self.csv(10))
    _ = try DelimitedTable(path: file.path)
    #expect(MappingFaultGuard.isInstalled)
    var previous = sigaction()
    var other = sigaction()
    other.__sigaction_handler.sa_handler = { _ in }
    sigaction(SIGBUS, &other, &previous)
    #expect(!MappingFaultGuard.isInstalled)
    MappingFaultGuard.install()
    #expect(MappingFaultGuard.isInstalled)
    sigaction(SIGBUS, &previous, nil)
  }
}
