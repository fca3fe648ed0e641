import Foundation
import MosaicData
import Testing

/// `--follow` in the data layer: a followed file's appended records are indexed as they come,
/// a record counts once its line ends, and only truncation or replacement is a change.
@Suite struct FollowTests {
  /// Appends `text` to the file at `path`, as a logger does.
  static func append(_ text: String, to path: String) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    handle.seekToEndOfFile()
    handle.write(Data(text.utf8))
    try handle.close()
  }

  /// Polls `condition` for up to ten seconds.
  static func eventually(_ what: String, _ condition: () -> Bool) {
    let deadline = Date(timeIntervalSinceNow: 10)
    while !condition() && Date() < deadline { usleep(10_000) }
    #expect(condition(), "never: \(what)")
  }

  static let following = ReadingOptions(follows: true)

  @Test func appendedRecordsAreIndexedAsTheirLinesEnd() throws {
    let file = try TemporaryFile(name: "log.csv", contents: "id,message\n1,start\n2,ready\n")
    let source = try DataFile.open(path: file.path, options: Self.following)
    #expect(source.recordCount == 2)
    #expect(!source.isComplete)
    try Self.append("3,third\n4,four", to: file.path)
    Self.eventually("the third record") { source.recordCount == 3 }
    // The fourth line has not ended: it may still be being written.
    usleep(300_000)
    #expect(source.recordCount == 3)
    #expect(source.value(2, 1) == "third")
    try Self.append("th\n", to: file.path)
    Self.eventually("the fourth record") { source.recordCount == 4 }
    #expect(source.value(3, 1) == "fourth")
    #expect(source.checkForChange() == nil)
    source.cancel()
  }

  @Test func jsonLinesGrowTheirFieldsAsTheyArrive() throws {
    let file = try TemporaryFile(name: "events.jsonl", contents: "")
    let source = try DataFile.open(path: file.path, options: Self.following)
    #expect(source.recordCount == 0)
    try Self.append("{\"level\": \"info\", \"msg\": \"up\"}\n", to: file.path)
    try Self.append("{\"level\": \"warn\", \"msg\": \"slow\", \"ms\": 950}\n", to: file.path)
    Self.eventually("two events") { source.recordCount == 2 }
    Self.eventually("the late key") { source.fieldNames == ["level", "msg", "ms"] }
    #expect(source.value(1, 2) == "950")
    source.cancel()
  }

  @Test func aFileRenamedAwayAndReplacedIsAChange() throws {
    let file = try TemporaryFile(name: "app.log.csv", contents: "a,b\n1,2\n")
    let source = try DataFile.open(path: file.path, options: Self.following)
    #expect(source.checkForChange() == nil)
    try FileManager.default.moveItem(atPath: file.path, toPath: file.path + ".1")
    try "a,b\n9,9\n".write(toFile: file.path, atomically: false, encoding: .utf8)
    Self.eventually("the rotation") { source.checkForChange() == .modified }
    source.cancel()
  }

  @Test func aTruncatedFileIsAChange() throws {
    let file = try TemporaryFile(name: "app.csv", contents: "a,b\n1,2\n3,4\n")
    let source = try DataFile.open(path: file.path, options: Self.following)
    try Data().write(to: URL(fileURLWithPath: file.path))
    Self.eventually("the truncation") { source.checkForChange() == .truncated }
    source.cancel()
  }

  @Test func growthAloneIsNoChangeWhileAnUnfollowedFileSaysItChanged() throws {
    let file = try TemporaryFile(name: "grow.csv", contents: "a,b\n1,2\n")
    let followed = try DataFile.open(path: file.path, options: Self.following)
    let plain = try DataFile.open(path: file.path)
    try Self.append("3,4\n", to: file.path)
    Self.eventually("the growth") { followed.recordCount == 2 }
    Self.eventually("the plain file's change") { plain.checkForChange() == .modified }
    #expect(followed.checkForChange() == nil)
    #expect(plain.recordCount == 1)
    followed.cancel()
  }

  @Test func aJSONDocumentCannotBeFollowed() throws {
    let file = try TemporaryFile(name: "doc.json", contents: "[{\"a\": 1}]")
    #expect(
      throws: DataError.unreadable(
        file: "doc.json",
        reason: "--follow needs records appended at the end: CSV, TSV or JSON Lines, not a JSON "
          + "document")
    ) { try DataFile.open(path: file.path, name: "doc.json", options: Self.following) }
  }
}
