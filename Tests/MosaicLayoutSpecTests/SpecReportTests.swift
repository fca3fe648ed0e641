import Foundation
import MosaicJSON
import MosaicLayout
import Testing

@testable import MosaicLayoutSpec

/// The report `mosaic layout` prints: number forms, element lines, order, queries.
@Suite @MainActor struct SpecReportTests {
  @Test(arguments: [
    (320.0, "320"), (67.5, "67.5"), (-40, "-40"), (0, "0"), (-0.0, "0"), (152.5, "152.5"),
    (1e-5, "1e-05"), (1.5e-7, "1.5e-07"), (0.1 + 0.2, "0.30000000000000004"),
    (1e15, "1000000000000000"), (9_007_199_254_740_991, "9007199254740991"),
    (9_007_199_254_740_992, "9007199254740992"), (1e16, "1e+16"), (-1.5e300, "-1.5e+300"),
    (.leastNonzeroMagnitude, "5e-324"), (1_234_567.125, "1234567.125"),
  ])
  func numbersPrintInShortestForm(_ value: Double, _ text: String) throws {
    let printed = LayoutReport.jsonNumber(value)
    #expect(printed == text)
    // Whatever the form, it is valid JSON and reads back to the same value.
    #expect(try JSONParser.parse(Array(printed.utf8)).doubleValue == (value == 0 ? 0 : value))
  }

  @Test func anElementIsOneLineWithTheContractsKeyOrder() {
    let cell = LayoutReport.Element(
      kind: .cell, section: 0, item: 1, frame: Rect(x: 67.5, y: 0, width: 50, height: 50),
      cells: CellRect(column: 8, row: 0, columns: 7, rows: 3))
    #expect(
      LayoutReport.json(cell)
        == #"{"kind": "cell", "section": 0, "item": 1, "frame": {"x": 67.5, "y": 0, "width": 50, "height": 50}, "cells": {"column": 8, "row": 0, "columns": 7, "rows": 3}}"#
    )
    let footer = LayoutReport.Element(
      kind: .footer, section: 1, item: nil, frame: Rect(x: -40, y: 185, width: 320, height: 12),
      cells: CellRect(column: -5, row: 12, columns: 40, rows: 0))
    #expect(
      LayoutReport.json(footer)
        == #"{"kind": "footer", "section": 1, "frame": {"x": -40, "y": 185, "width": 320, "height": 12}, "cells": {"column": -5, "row": 12, "columns": 40, "rows": 0}}"#
    )
  }

  @Test func theContractsExampleRendersToTheDigit() throws {
    let spec = try LayoutSpec(json: Data(SpecParsingTests.example.utf8))
    let expected = """
      {
        "contentSize": {"width": 320, "height": 197},
        "elements": [
          {"kind": "cell", "section": 0, "item": 0, "frame": {"x": 0, "y": 0, "width": 50, "height": 50}, "cells": {"column": 0, "row": 0, "columns": 6, "rows": 3}},
          {"kind": "cell", "section": 0, "item": 1, "frame": {"x": 67.5, "y": 0, "width": 50, "height": 50}, "cells": {"column": 8, "row": 0, "columns": 7, "rows": 3}},
          {"kind": "cell", "section": 0, "item": 2, "frame": {"x": 135, "y": 0, "width": 50, "height": 50}, "cells": {"column": 17, "row": 0, "columns": 6, "rows": 3}},
          {"kind": "cell", "section": 0, "item": 3, "frame": {"x": 202.5, "y": 0, "width": 50, "height": 50}, "cells": {"column": 25, "row": 0, "columns": 7, "rows": 3}},
          {"kind": "cell", "section": 0, "item": 4, "frame": {"x": 270, "y": 0, "width": 50, "height": 50}, "cells": {"column": 34, "row": 0, "columns": 6, "rows": 3}},
          {"kind": "cell", "section": 0, "item": 5, "frame": {"x": 0, "y": 60, "width": 50, "height": 50}, "cells": {"column": 0, "row": 4, "columns": 6, "rows": 3}},
          {"kind": "cell", "section": 0, "item": 6, "frame": {"x": 67.5, "y": 60, "width": 50, "height": 50}, "cells": {"column": 8, "row": 4, "columns": 7, "rows": 3}},
          {"kind": "header", "section": 1, "frame": {"x": 0, "y": 110, "width": 320, "height": 30}, "cells": {"column": 0, "row": 7, "columns": 40, "rows": 2}},
          {"kind": "cell", "section": 1, "item": 0, "frame": {"x": 10, "y": 152.5, "width": 40, "height": 20}, "cells": {"column": 1, "row": 10, "columns": 5, "rows": 1}},
          {"kind": "cell", "section": 1, "item": 1, "frame": {"x": 52, "y": 145, "width": 90, "height": 35}, "cells": {"column": 7, "row": 9, "columns": 11, "rows": 2}},
          {"kind": "footer", "section": 1, "frame": {"x": 0, "y": 185, "width": 320, "height": 12}, "cells": {"column": 0, "row": 12, "columns": 40, "rows": 0}}
        ]
      }

      """
    let report = LayoutReport(spec: spec)
    #expect(report.json == expected)
    // Without the query (which covers everything here) the list is the same.
    var unqueried = spec
    unqueried.query = nil
    #expect(LayoutReport(spec: unqueried).json == expected)
  }

  @Test func noElementsRenderAsAnEmptyList() {
    let spec = LayoutSpec(bounds: Size(width: 80, height: 24))
    #expect(
      LayoutReport(spec: spec).json
        == "{\n  \"contentSize\": {\"width\": 80, \"height\": 0},\n  \"elements\": []\n}\n")
  }

  @Test func headersAndFootersWithNoScrollAxisExtentAreNotListed() throws {
    // Vertical: a header 100 wide but 0 high does not exist; horizontal: the same with 0 wide.
    for (direction, header) in [
      (ScrollDirection.vertical, Size(width: 100, height: 0)),
      (.horizontal, Size(width: 0, height: 100)),
    ] {
      let spec = LayoutSpec(
        bounds: Size(width: 80, height: 48), scrollDirection: direction,
        headerReferenceSize: header, footerReferenceSize: Size(width: 3, height: 3),
        sections: [LayoutSpec.Section(items: 2)])
      let kinds = LayoutReport(spec: spec).elements.map(\.kind)
      #expect(kinds == [.cell, .cell, .footer], "\(direction)")
    }
  }

  @Test func cellsSnapEdgesUnderTheSpecsMetrics() throws {
    let spec = LayoutSpec(
      bounds: Size(width: 30, height: 30), itemSize: Size(width: 10, height: 10),
      minimumInteritemSpacing: 0, cellMetrics: CellMetrics(pointsPerColumn: 4, pointsPerRow: 3),
      sections: [LayoutSpec.Section(items: 3)])
    // Items at x = 0, 10, 20: edges 0, 2.5, 5, 7.5 columns snap to 0, 3, 5, 8.
    let cells = LayoutReport(spec: spec).elements.map(\.cells)
    #expect(
      cells == [
        CellRect(column: 0, row: 0, columns: 3, rows: 3),
        CellRect(column: 3, row: 0, columns: 2, rows: 3),
        CellRect(column: 5, row: 0, columns: 3, rows: 3),
      ])
  }

  /// Specs that cover both axes, both paths, headers, footers, insets and oversized items.
  nonisolated static let sweepSpecs: [LayoutSpec] = [
    try! LayoutSpec(json: Data(SpecParsingTests.example.utf8)),
    LayoutSpec(
      bounds: Size(width: 200, height: 120), scrollDirection: .horizontal,
      itemSize: Size(width: 30, height: 25),
      sectionInset: EdgeInsets(top: 5, left: 7, bottom: 3, right: 2),
      headerReferenceSize: Size(width: 12, height: 0),
      footerReferenceSize: Size(width: 9, height: 9),
      sections: [
        LayoutSpec.Section(items: 11),
        LayoutSpec.Section(
          itemSizes: zip(
            [10.0, 17, 24, 31, 15, 22, 29, 13, 20], [15.0, 26, 37, 48, 19, 30, 41, 52, 23]
          )
          .map { Size(width: $0, height: $1) }),
        LayoutSpec.Section(items: 0),
      ]),
    LayoutSpec(
      bounds: Size(width: 120, height: 80), itemSize: Size(width: 150, height: 20),
      headerReferenceSize: Size(width: 0, height: 8),
      sections: [
        LayoutSpec.Section(items: 3),
        LayoutSpec.Section(
          itemSizes: [30.0, 140, 45, 45, 10, 60, 61].map { (width: Double) in
            Size(width: width, height: width / 3)
          },
          inset: EdgeInsets(left: 4, right: 6), minimumInteritemSpacing: 3),
      ]),
  ]

  @Test(arguments: sweepSpecs)
  func aQueryListsExactlyTheIntersectingElementsInOrder(_ spec: LayoutSpec) {
    let all = LayoutReport(spec: spec).elements
    let content = LayoutReport(spec: spec).contentSize
    let step = 13.0
    var y = -20.0
    while y < content.height + 20 {
      var x = -20.0
      while x < content.width + 20 {
        for size in [
          Size(width: 37, height: 29), Size(width: 400, height: 5), Size(width: 0, height: 50),
        ] {
          let rect = Rect(origin: Point(x: x, y: y), size: size)
          var queried = spec
          queried.query = rect
          let got = LayoutReport(spec: queried).elements
          let expected = all.filter { $0.frame.intersects(rect) }
          #expect(got == expected, "query \(rect)")
          if got != expected { return }
        }
        x += step * 3
      }
      y += step
    }
  }
}
