import Foundation
import Testing

@testable import MosaicData

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A stream read as it arrives: records appear as their line ends come, the format is told from
/// the first bytes, and limits end it with a message instead of growing memory.
@Suite struct StreamSpoolTests {
  /// A pipe whose write end the test feeds.
  // @unchecked: one thread at a time writes and closes it (a writer thread, then the test).
  final class Pipe: @unchecked Sendable {
    let read: Int32
    var write: Int32
    init() {
      var ends: [Int32] = [0, 0]
      pipe(&ends)
      read = ends[0]
      write = ends[1]
    }
    func send(_ text: String) {
      _ = text.utf8CString.withUnsafeBufferPointer {
        Glibc.write(write, $0.baseAddress, $0.count - 1)
      }
    }
    func close() {
      if write >= 0 { Glibc.close(write) }
      write = -1
    }
    deinit { close() }
  }

  /// Polls `condition` for up to five seconds.
  func eventually(_ what: String, _ condition: () throws -> Bool) rethrows {
    let deadline = Date(timeIntervalSinceNow: 5)
    while Date() < deadline {
      if try condition() { return }
      usleep(5000)
    }
    Issue.record("timed out waiting for \(what)")
  }

  @Test func recordsAppearAsTheirLinesEndAndTheLastWhenTheStreamEnds() throws {
    let pipe = Pipe()
    let spool = try StreamSpool(descriptor: pipe.read, name: "<stdin>")
    #expect(try spool.openSource() == nil)
    pipe.send("name,n\nfir")
    eventually("the header") { spool.bytesReceived == 10 }
    let source = try #require(try spool.openSource())
    #expect(source.fieldNames == ["name", "n"])
    #expect(source.recordCount == 0)
    #expect(source.isReadingInput)
    pipe.send("st,1\nsecond,2\nthi")
    eventually("two records") { source.recordCount == 2 }
    #expect(source.value(1, 0) == "second")
    #expect(!source.isComplete)
    pipe.send("rd,3")
    pipe.close()
    try source.waitUntilComplete()
    #expect(source.recordCount == 3)
    #expect(source.value(2, 0) == "third")
    #expect(!source.isReadingInput)
  }

  @Test func theFormatIsToldFromTheFirstBytes() throws {
    let pipe = Pipe()
    let spool = try StreamSpool(descriptor: pipe.read, name: "<stdin>")
    pipe.send("{\"a\": 1}\n")
    eventually("the first line") { spool.bytesReceived == 9 }
    // One whole object could be JSON or the first of JSON Lines: the next line decides.
    #expect(try spool.openSource() == nil)
    pipe.send("{\"a\": 2}\n")
    eventually("the second line") { spool.bytesReceived == 18 }
    let source = try #require(try spool.openSource())
    #expect(source is JSONLinesTable)
    eventually("two lines") { source.recordCount == 2 }
  }

  @Test func aJSONDocumentOpensWhenWhole() throws {
    let pipe = Pipe()
    let spool = try StreamSpool(descriptor: pipe.read, name: "<stdin>")
    pipe.send("[{\"a\": 1},\n")
    eventually("the start") { spool.bytesReceived > 0 }
    #expect(try spool.openSource() == nil)
    pipe.send("{\"a\": 2}]\n")
    pipe.close()
    eventually("the end") { spool.hasEnded }
    let source = try #require(try spool.openSource())
    #expect(source is JSONLinesTable)  // an array: indexed element by element
    #expect(source.recordCount == 2)
  }

  @Test func anEmptyStreamIsAnError() throws {
    let pipe = Pipe()
    let spool = try StreamSpool(descriptor: pipe.read, name: "<stdin>")
    pipe.close()
    eventually("the end") { spool.hasEnded }
    #expect(throws: DataError.unreadable(file: "<stdin>", reason: "input is empty")) {
      try spool.openSource()
    }
  }

  @Test func spoolingStopsAtItsByteLimitWithAMessage() throws {
    let pipe = Pipe()
    // The spool closes its end at the limit: the writer then gets EPIPE, not a fatal SIGPIPE.
    signal(SIGPIPE, SIG_IGN)
    let spool = try StreamSpool(descriptor: pipe.read, name: "<stdin>", byteLimit: 1 << 20)
    let writer = Thread {
      pipe.send("n\n")
      let line = String(repeating: "x", count: 99) + "\n"
      let block = String(repeating: line, count: 100)
      for _ in 0..<200 { pipe.send(block) }
    }
    writer.start()
    eventually("the limit") { spool.hasEnded }
    let source = try #require(try spool.openSource())
    #expect(throws: DataError.self) { try source.waitUntilComplete() }
    // 1 MiB holds the header and 10,485 lines of 100 bytes; the cut last one is a record too.
    #expect(source.recordCount == 10_486)
    #expect(source.indexingError?.description == "<stdin>: stopped at 1 MB (stream limit)")
  }
}
