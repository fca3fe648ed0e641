import Foundation
import MosaicData
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A file that is not UTF-8 text is refused with one sentence naming it, not shown as garbage.
@Suite struct BinaryContentTests {
  static func saved(_ bytes: [UInt8], name: String) throws -> (TemporaryFile, String) {
    let file = try TemporaryFile(name: name, contents: "")
    try Data(bytes).write(to: URL(fileURLWithPath: file.path))
    return (file, file.path)
  }

  static func refusal(_ bytes: [UInt8], name: String) throws -> DataError? {
    let (file, path) = try saved(bytes, name: name)
    defer { withExtendedLifetime(file) {} }
    do {
      _ = try DataFile.open(path: path, name: name)
      return nil
    } catch let error as DataError {
      return error
    }
  }

  @Test func aPictureIsRefusedForItsNulByte() throws {
    let png: [UInt8] =
      [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D]
      + [UInt8](repeating: 0x49, count: 40)
    let error = try #require(try Self.refusal(png, name: "photo.png"))
    #expect(
      error.description
        == "photo.png: binary file (a NUL byte at byte 8), not CSV, TSV, JSON or JSON Lines text")
  }

  @Test func aCSVExtensionDoesNotMakeBinaryText() throws {
    let bytes = Array("name,value\nx,".utf8) + [0, 1, 2] + Array("\n".utf8)
    let error = try #require(try Self.refusal(bytes, name: "data.csv"))
    #expect(error.description.hasPrefix("data.csv: binary file (a NUL byte at byte 13)"))
  }

  @Test func latin1TextIsRefusedAsNotUTF8() throws {
    let bytes = Array("name,city\nJos".utf8) + [0xE9] + Array(",Malm".utf8) + [0xF6] + [0x0A]
    let error = try #require(try Self.refusal(bytes, name: "latin1.csv"))
    #expect(
      error.description
        == "latin1.csv: not UTF-8 text (byte 0xE9 at byte 13); convert it to UTF-8, e.g. iconv "
        + "-f LATIN1 -t UTF-8")
  }

  @Test func utf16IsNamed() throws {
    let bytes: [UInt8] = [0xFF, 0xFE] + Array("a,b\n".utf8).flatMap { [$0, 0] }
    let error = try #require(try Self.refusal(bytes, name: "excel.csv"))
    #expect(error.description.hasPrefix("excel.csv: UTF-16 text; mosaic reads UTF-8"))
  }

  @Test func utf8TextOfEveryLengthIsAccepted() throws {
    let text = "name,note\nÅland,漢字 👨‍👩‍👧‍👦 é\n"
    #expect(try Self.refusal(Array(text.utf8), name: "ok.csv") == nil)
    // The block ends inside a character: the rest of the file would finish it.
    let long = String(repeating: "a", count: BinaryContent.blockSize - 1) + "é\n"
    #expect(try Self.refusal(Array(("x\n" + long).utf8), name: "long.csv") == nil)
  }

  @Test func aWholeFileEndingInACutCharacterIsNotText() {
    let bytes: [UInt8] = Array("a,b\n1,".utf8) + [0xE6, 0xBC]
    let problem = bytes.withUnsafeBytes { BinaryContent.problem(in: $0, isWhole: true) }
    #expect(problem?.hasPrefix("not UTF-8 text (byte 0xE6 at byte 6)") == true)
    let partial = bytes.withUnsafeBytes { BinaryContent.problem(in: $0, isWhole: false) }
    #expect(partial == nil)
  }

  @Test(
    arguments: [
      [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xF8, 0x88, 0x80, 0x80],
    ] as [[UInt8]])
  func overlongSurrogateAndOutOfRangeSequencesAreNotText(sequence: [UInt8]) {
    let bytes = Array("x\n".utf8) + sequence + Array("\n".utf8)
    let problem = bytes.withUnsafeBytes { BinaryContent.problem(in: $0) }
    #expect(problem?.hasPrefix("not UTF-8 text") == true, "\(sequence)")
  }

  @Test func aSQLiteDatabaseIsLeftToItsReader() {
    let header = Array("SQLite format 3\0".utf8) + [0x10, 0, 1, 1, 0, 0x40, 0x20, 0x20]
    #expect(header.withUnsafeBytes { BinaryContent.problem(in: $0) } == nil)
  }

  @Test func aBinaryStreamIsRefusedToo() throws {
    var ends: [Int32] = [0, 0]
    #expect(pipe(&ends) == 0)
    let spool = try StreamSpool(descriptor: ends[0], name: "<stdin>")
    let bytes: [UInt8] = [0x7F, 0x45, 0x4C, 0x46, 2, 1, 1, 0, 0, 0]
    _ = bytes.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count) }
    close(ends[1])
    let deadline = Date(timeIntervalSinceNow: 10)
    var refusal: DataError?
    while refusal == nil && Date() < deadline {
      do {
        if try spool.openSource() != nil { break }
        usleep(10_000)
      } catch let error as DataError {
        refusal = error
      }
    }
    #expect(refusal?.description.hasPrefix("<stdin>: binary file (a NUL byte at byte 7)") == true)
  }
}
