import Testing

@testable import MosaicData

/// The expression language of `&` and `--filter`: what parses to what, and how faults are told.
@Suite struct ConditionParserTests {
  let fields = ["carrier", "origin", "arr_delay", "tailnum", "dep time"]
  var parser: ConditionParser { ConditionParser(fieldNames: fields) }

  func test(_ field: Int?, _ predicate: FieldPredicate) -> RecordCondition {
    .test(FieldTest(field: field, predicate))
  }

  func fault(_ text: String) -> String? {
    do {
      _ = try parser.parse(text)
      return nil
    } catch {
      return error.description
    }
  }

  @Test func plainTextMeansAnyFieldContainsIt() throws {
    #expect(try parser.parse("UA") == test(nil, .contains("UA")))
    #expect(try parser.parse("new york") == test(nil, .contains("new york")))
    // A word that is not followed by an operator is text, even a keyword.
    #expect(try parser.parse("not available") == test(nil, .contains("not available")))
    #expect(try parser.parse("  ") == nil)
  }

  @Test func aFieldAndAnOperatorMakeAnExpression() throws {
    #expect(try parser.parse("carrier = 'UA'") == test(0, .compare(.equal, ConditionLiteral("UA"))))
    #expect(try parser.parse("carrier = UA") == test(0, .compare(.equal, ConditionLiteral("UA"))))
    #expect(
      try parser.parse("arr_delay > 60") == test(2, .compare(.greater, ConditionLiteral("60"))))
    #expect(ConditionLiteral("60").number == 60)
    #expect(ConditionLiteral("UA").number == nil)
    #expect(
      try parser.parse("\"dep time\" <= -1.5e2")
        == test(4, .compare(.lessOrEqual, ConditionLiteral("-1.5e2"))))
    #expect(try parser.parse("CARRIER != 'UA'") == test(0, .compare(.notEqual, .init("UA"))))
    #expect(try parser.parse("carrier <> 'UA'") == test(0, .compare(.notEqual, .init("UA"))))
    #expect(try parser.parse("tailnum ~ '^N3'") == test(3, .matches("^N3")))
    #expect(try parser.parse("tailnum !~ 'UA$'") == .not(test(3, .matches("UA$"))))
    #expect(try parser.parse("tailnum contains 'ua'") == test(3, .contains("ua")))
    #expect(try parser.parse("tailnum not contains 'ua'") == .not(test(3, .contains("ua"))))
    #expect(
      try parser.parse("carrier in ('UA', \"AA\", 9)")
        == test(0, .isIn([.init("UA"), .init("AA"), .init("9")])))
    #expect(
      try parser.parse("arr_delay between 10 and 20")
        == test(2, .between(.init("10"), .init("20"))))
    #expect(try parser.parse("tailnum is missing") == test(3, .isMissing))
    #expect(try parser.parse("tailnum IS NOT missing") == .not(test(3, .isMissing)))
    #expect(
      try parser.parse("`dep time` == 'it''s'") == test(4, .compare(.identical, .init("it's"))))
  }

  @Test func andBindsTighterThanOrAndNotTighterStill() throws {
    let a = test(0, .compare(.equal, .init("UA")))
    let b = test(1, .compare(.equal, .init("JFK")))
    let c = test(2, .compare(.greater, .init("60")))
    #expect(
      try parser.parse("carrier = 'UA' or origin = 'JFK' and arr_delay > 60")
        == .or([a, .and([b, c])]))
    #expect(
      try parser.parse("(carrier = 'UA' or origin = 'JFK') and arr_delay > 60")
        == .and([.or([a, b]), c]))
    #expect(
      try parser.parse("not carrier = 'UA' and origin = 'JFK'") == .and([.not(a), b]))
    #expect(
      try parser.parse("carrier = 'UA' and origin = 'JFK' and arr_delay > 60") == .and([a, b, c]))
  }

  @Test func aFaultIsOneLineWithItsColumn() {
    #expect(fault("arr_delay >> 60") == "unexpected '>>' at 11")
    #expect(fault("arr_delay > ") == "expected a value at 13")
    #expect(fault("carrier = 'UA") == "unterminated '…' at 11")
    #expect(fault("(carrier = 'UA'") == "expected ')' at 16")
    #expect(fault("carrier = 'UA' origin") == "unexpected 'origin' at 16")
    #expect(fault("carrier in 'UA'") == "expected '(' after in, found 'UA' at 12")
    #expect(fault("arr_delay between 1 or 2") == "expected 'and', found 'or' at 21")
    #expect(fault("tailnum ~ '(a'")?.hasPrefix("bad pattern: ") == true)
    #expect(fault("tailnum is there") == "expected 'missing', found 'there' at 12")
  }

  @Test func nestingIsBoundedSoNoTextCanExhaustTheStack() throws {
    let deep = String(repeating: "(", count: 100_000) + "carrier = 'UA'"
    #expect(fault(deep) == "nested more than 64 deep at 65")
    let nots = String(repeating: "not (", count: 100_000) + "carrier = 'UA'"
    #expect(fault(nots)?.hasPrefix("nested more than 64 deep") == true)
    // Sixteen words of `not` and more reads as text to find, as any text that does not start
    // like an expression: no recursion either.
    let words = String(repeating: "not ", count: 100_000) + "carrier = 'UA'"
    #expect(try parser.parse(words) == test(nil, .contains(words)))
    // Sixty-odd levels are fine.
    let fine =
      String(repeating: "(", count: 60) + "carrier = 'UA'" + String(repeating: ")", count: 60)
    #expect(try parser.parse(fine) == test(0, .compare(.equal, ConditionLiteral("UA"))))
  }

  @Test func anUnknownFieldSaysWhichNameWasMeant() {
    #expect(fault("arr_dealy > 60") == "no field 'arr_dealy' (did you mean arr_delay?) at 1")
    #expect(fault("colour = 'red'") == "no field 'colour' at 1")
    #expect(
      fault("carrier = 'UA' and orgin = JFK") == "no field 'orgin' (did you mean origin?) at 20")
  }

  @Test func conditionsWriteBackAsTheyParse() throws {
    for text in [
      "carrier = 'UA'", "arr_delay > 60", "\"dep time\" <= -150", "tailnum ~ '^N3'",
      "tailnum !~ 'UA$'", "tailnum not contains 'ua'", "carrier in ('UA', 'AA')",
      "arr_delay not between 10 and 20", "tailnum is missing", "tailnum is not missing",
      "carrier = 'UA' and (origin = 'JFK' or arr_delay > 60)", "not carrier == 'it''s'",
      "gift",
    ] {
      let condition = try #require(try parser.parse(text))
      let written = condition.text(fieldNames: fields)
      #expect(written == text)
      #expect(try parser.parse(written) == condition)
    }
  }
}
