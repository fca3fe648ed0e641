import Foundation
import MosaicApp
import MosaicData
import MosaicTestSupport
import Testing

/// The demo data is compiled into the binary, and what is compiled in is the resource file.
@Suite @MainActor struct BundledDataTests {
  /// The generated Swift source holds the resource file byte for byte: editing elements.json
  /// without running scripts/embed-bundled-data.py fails here.
  @Test func theEmbeddedTextIsTheResourceFileByteForByte() throws {
    let file = TestExecutable.packageRoot()
      .appendingPathComponent("Sources/MosaicApp/Resources/elements.json")
    let bytes = try Data(contentsOf: file)
    #expect(
      Data(BundledData.elementsText.utf8) == bytes,
      "BundledData+Elements.swift is out of date: run scripts/embed-bundled-data.py")
  }

  @Test func theEmbeddedTableOpensWithAllElements() throws {
    let source = try BundledData.openElements()
    #expect(source.name == BundledData.elementsName)
    #expect(source.fieldNames.contains("category"))
    #expect(source.recordCount == 118)
  }
}
