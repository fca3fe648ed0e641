import Foundation
import MosaicTestSupport
import Testing

/// `mosaic [FILE]` on bad input: one line naming the file (and line), status 2, no UI.
@Suite struct BrowseCommandTests {
  @Test func anUnknownFieldSaysWhichFieldWasMeant() throws {
    let csv = MosaicExecutable.demoData.appendingPathComponent("countries.csv").path
    for option in ["--group-by", "--sort", "--title", "--fields"] {
      let result = try MosaicExecutable.run([csv, option, "regoin"])
      #expect(result.status == 2, "\(option): \(result)")
      #expect(
        result.stderrLines == ["mosaic: no field \"regoin\" in \(csv) (did you mean \"region\"?)"],
        "\(result.stderr)")
      let unlike = try MosaicExecutable.run([csv, option, "zzz"])
      #expect(unlike.status == 2)
      #expect(unlike.stderrLines.count == 1)
      #expect(
        unlike.stderr.hasPrefix("mosaic: no field \"zzz\" in \(csv) (fields: name, "),
        "\(unlike.stderr)")
    }
  }

  @Test func aMissingFileIsOneLine() throws {
    let result = try MosaicExecutable.run(["/nonexistent/data.csv"])
    #expect(result.status == 2)
    #expect(result.stderrLines == ["mosaic: /nonexistent/data.csv: No such file or directory"])
  }

  @Test func malformedDataNamesTheLine() throws {
    let path = try MosaicExecutable.temporaryFile(
      "a,b\n1,2\n3,\"unterminated\n", name: "bad.csv")
    let result = try MosaicExecutable.run([path])
    #expect(result.status == 2)
    #expect(result.stderrLines == ["mosaic: \(path):3: unterminated quoted field"])
    let json = try MosaicExecutable.temporaryFile("[{\"a\": 1},\n 2]", name: "bad.json")
    let second = try MosaicExecutable.run([json])
    #expect(second.status == 2)
    #expect(second.stderrLines.count == 1)
    #expect(second.stderr.hasPrefix("mosaic: \(json):2:"), "\(second.stderr)")
  }
}
